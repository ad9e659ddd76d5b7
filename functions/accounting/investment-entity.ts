import type { FormattedItem, InputItem } from 'dynamodb-toolbox/entity';
import { Entity } from 'dynamodb-toolbox/entity';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { INVESTMENT_STATUS } from '@coopledger/shared/statuses';
import type { InvestmentStatus } from '@coopledger/shared/statuses';
import { effect, entityDefaults, getEntity, transition, entitiesIn } from '#core/entity';
import { conflict } from '#core/errors';
import { keys } from '#core/keys';
import { countChange, countMove, countedTotal } from '#core/list-counter-entity';
import type { PageRequest } from '#core/list-page';
import { entityPage } from '#core/list-page';
import type { Effect } from '#core/ledger';

/**
 * An investment (accounting/investments.ts): its key, its stored record, its statuses
 * (INVESTMENT_STATUS), its list and the builders of its opening and closing. docs/data-model.md,
 * "Investment". The item does not store its cooperative, so its key inputs are the table's own
 * `pk` and `sk` (from keys.investment), which every item holds.
 */
export const InvestmentEntity = new Entity({
  ...entityDefaults,
  name: 'INVESTMENT',
  schema: item({
    pk: string().key().hidden(),
    sk: string().key().hidden(),
    id: string(),
    invested_with: string(),
    /** Kobo. */
    investment_amount: number(),
    expected_income: number(),
    /** The income received at closing (kobo); 0 while open. */
    income_received: number(),
    start_date: string(),
    due_date: string(),
    gl_code: string(),
    investment_interest_gl: string(),
    bank_id: string(),
    close_bank_id: string().optional(),
    comment: string().optional(),
    status: number().enum(INVESTMENT_STATUS.OPEN, INVESTMENT_STATUS.CLOSED),
    close_date: string().optional(),
    closed_at: string().optional(),
    closed_by: string().optional(),
    created_by: string(),
    created_at: string(),
    updated_at: string(),
    /** The application's own entity name (not Toolbox's). */
    entity: string().const('INVESTMENT').hidden(),
    /** The cooperative's investments by start date. */
    gsi1pk: string().hidden(),
    gsi1sk: string().hidden(),
    /** The cooperative's investments of one status by start date (the status filter), moved by a closing. */
    gsi2pk: string().hidden().optional(),
    gsi2sk: string().hidden().optional(),
  }),
});

export type InvestmentRecord = FormattedItem<typeof InvestmentEntity>;
type NewInvestment = Omit<
  InputItem<typeof InvestmentEntity>,
  'pk' | 'sk' | 'entity' | 'gsi1pk' | 'gsi1sk' | 'gsi2pk' | 'gsi2sk'
>;

/** The counted lists of investments: all of them, and those of one status. */
export const INVESTMENTS_ALL = 'investments#all';
export const investmentsOfStatus = (status: number) => `investments#status#${status}`;

export const getInvestment = (tenant: string, id: string): Promise<InvestmentRecord | undefined> =>
  getEntity(InvestmentEntity, keys.investment(tenant, id), true);

/** The cooperative's investments, newest start date first (one Query of gsi1): for the one-off backfill. */
export function listInvestments(tenant: string): Promise<InvestmentRecord[]> {
  return entitiesIn(InvestmentEntity, keys.investmentsPartition(tenant), { index: 'gsi1', reverse: true });
}

/**
 * One page of the cooperative's investments (or of those of one status), newest start date first:
 * gsi1 for all, gsi2 for a status; the total from the list's counter.
 */
export function investmentPage(tenant: string, request: PageRequest, status?: InvestmentStatus) {
  return status === undefined
    ? entityPage(InvestmentEntity, keys.investmentsPartition(tenant), request, {
        index: 'gsi1',
        reverse: true,
        total: countedTotal(tenant, INVESTMENTS_ALL),
      })
    : entityPage(InvestmentEntity, keys.investmentsOfStatusPartition(tenant, status), request, {
        index: 'gsi2',
        reverse: true,
        total: countedTotal(tenant, investmentsOfStatus(status)),
      });
}

/** The ledger effects that write a new investment, once (its id is new), and count it. */
export function openEffects(tenant: string, investment: NewInvestment): Effect[] {
  const put = InvestmentEntity.build(PutTransaction)
    .item({
      ...investment,
      ...keys.investment(tenant, investment.id),
      ...keys.investmentIndex(tenant, investment.start_date, investment.id),
      ...keys.investmentStatusIndex(tenant, investment.status, investment.start_date, investment.id),
    })
    .options({ condition: { attr: 'id', exists: false } });
  return [
    effect(put.params()),
    { item: countChange(tenant, INVESTMENTS_ALL, 1) },
    { item: countChange(tenant, investmentsOfStatus(investment.status), 1) },
  ];
}

export interface Closing {
  income_received: number;
  close_date: string;
  close_bank_id: string;
  closed_by: string;
  closed_at: string;
}

/**
 * The ledger effects of a closing: status open -> closed with what was received (the investment
 * moves to the closed ones' index and count); a 409 once closed.
 */
export function closeEffects(tenant: string, investment: InvestmentRecord, closing: Closing): Effect[] {
  const { OPEN, CLOSED } = INVESTMENT_STATUS;
  const update = transition(InvestmentEntity, keys.investment(tenant, investment.id), OPEN, CLOSED, {
    ...closing,
    updated_at: closing.closed_at,
    ...keys.investmentStatusIndex(tenant, CLOSED, investment.start_date, investment.id),
  });
  return [
    effect(update.params(), conflict('This investment is already closed')),
    ...countMove(tenant, investmentsOfStatus(OPEN), investmentsOfStatus(CLOSED)).map((item) => ({ item })),
  ];
}
