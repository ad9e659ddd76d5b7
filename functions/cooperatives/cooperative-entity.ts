import type { FormattedItem, InputItem } from 'dynamodb-toolbox/entity';
import { Entity } from 'dynamodb-toolbox/entity';
import { DeleteTransaction } from 'dynamodb-toolbox/entity/actions/transactDelete';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { $set } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { boolean } from 'dynamodb-toolbox/schema/boolean';
import { item } from 'dynamodb-toolbox/schema/item';
import { map } from 'dynamodb-toolbox/schema/map';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { PLATFORM_TENANT } from '@coopledger/shared/roles';
import { COOPERATIVE_STATUS } from '@coopledger/shared/statuses';
import { entityDefaults, getEntity, read, transactItem, entitiesIn } from '#core/entity';
import type { TransactItem } from '#core/db';
import { writeOne } from '#core/db';
import type { StoredApprovalRules } from '#core/cooperative-rules';
import { keys } from '#core/keys';
import { countChange, countedTotal, listCount } from '#core/list-counter-entity';
import type { PageRequest } from '#core/list-page';
import { entityPage } from '#core/list-page';

/**
 * A cooperative's profile (docs/data-model.md, "Cooperatives"): its key, its stored record, its
 * statuses (COOPERATIVE_STATUS), the platform's list by code, and its writes.
 */
export const CooperativeEntity = new Entity({
  ...entityDefaults,
  name: 'COOPERATIVE',
  schema: item({
    id: string().key(),
    code: string(),
    name: string(),
    email: string(),
    phone: string(),
    address: string(),
    website: string().optional(),
    colors: map({ primary_color: string(), secondary_color: string() }),
    /** S3 key of the logo. */
    logo_key: string().optional(),
    status: number().enum(COOPERATIVE_STATUS.INACTIVE, COOPERATIVE_STATUS.ACTIVE),
    /**
     * The first date the books take postings (history imports aside); unset: the creation date (cooperative-rules.ts).
     */
    opening_date: string().optional(),
    /** The largest single amount, kobo; unset: the platform maximum. */
    max_amount: number().optional(),
    /** The charge a member pays on leaving (member exit), kobo; unset: 0. */
    exit_charge: number().optional(),
    /** The month its financial years start (1 to 12); unset: January (shared/src/financial-years.ts). */
    year_start_month: number().optional(),
    /**
     * The year-end lock (accounting/financial-years.ts): the last day of the last closed year, the
     * last day of the year whose close is under way, and how many closes were started (the close's
     * idempotency keys count them). Only the year-end close and reopen write them.
     */
    closed_through: string().optional(),
    closing_through: string().optional(),
    year_closes: number().optional(),
    /** The four-eyes rules an admin saved (core/cooperative-rules.ts); unset: the defaults. */
    approval_rules: map({
      creator_cannot_approve: boolean(),
      /** Kobo; unset: one approval always does. */
      second_approval_above: number().optional(),
      updated_at: string(),
      updated_by: string(),
    }).optional(),
    created_at: string(),
    updated_at: string(),
    entity: string().const('COOPERATIVE').hidden(),
    /** The platform's cooperatives by code. */
    gsi1pk: string().hidden(),
    gsi1sk: string().hidden(),
  }),
  computeKey: ({ id }: { id: string }) => keys.cooperative(id),
});

export type CooperativeRecord = FormattedItem<typeof CooperativeEntity>;
type CooperativeChanges = Partial<
  Omit<
    InputItem<typeof CooperativeEntity>,
    | 'id'
    | 'code'
    | 'created_at'
    | 'updated_at'
    | 'entity'
    | 'gsi1pk'
    | 'gsi1sk'
    | 'closed_through'
    | 'closing_through'
    | 'year_closes'
    | 'approval_rules'
  >
>;

export const getCooperative = (id: string, consistent = false) =>
  getEntity(CooperativeEntity, keys.cooperative(id), consistent);

/** The platform's counted lists of cooperatives: all of them, and those of one status (the dashboard's). */
export const COOPERATIVES_ALL = 'cooperatives#all';
export const cooperativesOfStatus = (status: number) => `cooperatives#status#${status}`;
export const countedCooperatives = (list: string) => listCount(PLATFORM_TENANT, list);

/** One page of the platform's cooperatives in code order (gsi1), with the platform's count. */
export const cooperativePage = (request: PageRequest) =>
  entityPage(CooperativeEntity, keys.cooperativesPartition(), request, {
    index: 'gsi1',
    total: countedTotal(PLATFORM_TENANT, COOPERATIVES_ALL),
  });

/** The count changes of a cooperative added (1) or taken away (-1). */
export const cooperativeCounted = (status: number, by: 1 | -1): TransactItem[] => [
  countChange(PLATFORM_TENANT, COOPERATIVES_ALL, by),
  countChange(PLATFORM_TENANT, cooperativesOfStatus(status), by),
];

/** Every cooperative of the platform, in code order (one Query of gsi1): schedules, downloads, backfills. */
export function allCooperatives(): Promise<CooperativeRecord[]> {
  return entitiesIn(CooperativeEntity, keys.cooperativesPartition(), { index: 'gsi1' });
}

/** The put of a new profile, listed by its code; its id must be new. */
export function cooperativePut(record: CooperativeRecord): TransactItem {
  return transactItem(
    CooperativeEntity.build(PutTransaction)
      .item({ ...record, ...keys.cooperativeIndex(record.code) })
      .options({ condition: { attr: 'id', exists: false } })
      .params(),
  );
}

/**
 * The update of a profile whose status or name changes (with the counters and search items that
 * follow them, in one transaction), on the condition that both are still those read.
 */
export function cooperativeChangeItem(
  was: Pick<CooperativeRecord, 'id' | 'status' | 'name'>,
  changes: CooperativeChanges,
  now: string,
): TransactItem {
  const given = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  return transactItem(
    CooperativeEntity.build(UpdateTransaction)
      .item({ ...given, id: was.id, updated_at: now })
      .options({
        condition: {
          and: [
            { attr: 'status', eq: was.status },
            { attr: 'name', eq: was.name },
          ],
        },
      })
      .params(),
  );
}

/** The delete of a profile, on the condition that it still has the status read (its count follows it). */
export function cooperativeDelete(was: Pick<CooperativeRecord, 'id' | 'status'>): TransactItem {
  return transactItem(
    CooperativeEntity.build(DeleteTransaction)
      .key({ id: was.id })
      .options({ condition: { attr: 'status', eq: was.status } })
      .params(),
  );
}

/**
 * Sets the given attributes (undefined ones are left as they are) and updated_at on an existing
 * profile, and returns the profile as stored after the change (one UpdateItem with ALL_NEW).
 */
export async function updateCooperativeRecord(
  id: string,
  changes: CooperativeChanges,
  now: string,
): Promise<CooperativeRecord> {
  const given = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  const { Update } = transactItem(
    CooperativeEntity.build(UpdateTransaction)
      .item({ ...given, id, updated_at: now })
      .options({ condition: { attr: 'id', exists: true } })
      .params(),
  );
  const updated = await writeOne({ Update: Update! }, true);
  return read(CooperativeEntity, updated ?? {});
}

/** Replaces a profile's four-eyes rules whole; the profile as stored after the change. */
export async function saveApprovalRules(id: string, rules: StoredApprovalRules): Promise<CooperativeRecord> {
  const { Update } = transactItem(
    CooperativeEntity.build(UpdateTransaction)
      .item({ id, approval_rules: $set(rules) })
      .options({ condition: { attr: 'id', exists: true } })
      .params(),
  );
  const updated = await writeOne({ Update: Update! }, true);
  return read(CooperativeEntity, updated ?? {});
}
