import type { FormattedItem, InputItem } from 'dynamodb-toolbox/entity';
import { Entity } from 'dynamodb-toolbox/entity';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { item } from 'dynamodb-toolbox/schema/item';
import { map } from 'dynamodb-toolbox/schema/map';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { CHANGE_REQUEST_STATUS } from '@coopledger/shared/statuses';
import type { ChangeRequestStatus } from '@coopledger/shared/statuses';
import type { TransactItem } from '#core/db';
import { entityDefaults, getEntity, transactItem, transition } from '#core/entity';
import { keys } from '#core/keys';
import { countedTotal } from '#core/list-counter-entity';
import type { PageRequest } from '#core/list-page';
import { entityPage, partitionCount } from '#core/list-page';

/**
 * A member's request to change a savings plan's contribution: pending, then approved (the plan's
 * amount changes) or denied (CHANGE_REQUEST_STATUS). Amounts in kobo. The cooperative's requests are
 * listed by gsi1, the member's by gsi2, oldest first.
 */
export const SavingsRequestEntity = new Entity({
  ...entityDefaults,
  name: 'SAVINGS_REQUEST',
  schema: item({
    cooperative_id: string().key(),
    id: string().key(),
    member_id: string(),
    member: map({ firstname: string(), lastname: string() }),
    savings_id: string(),
    product_name: string(),
    old_amount: number(),
    new_amount: number(),
    comment: string(),
    status: number().enum(CHANGE_REQUEST_STATUS.PENDING, CHANGE_REQUEST_STATUS.APPROVED, CHANGE_REQUEST_STATUS.DENIED),
    created_by: string().optional(),
    created_at: string(),
    decided_by: string().optional(),
    decided_at: string().optional(),
    entity: string().const('SAVINGS_REQUEST').hidden(),
    gsi1pk: string().hidden(),
    gsi1sk: string().hidden(),
    gsi2pk: string().hidden(),
    gsi2sk: string().hidden(),
  }),
  computeKey: ({ cooperative_id, id }: { cooperative_id: string; id: string }) =>
    keys.savingsRequest(cooperative_id, id),
});

export type ChangeRequest = FormattedItem<typeof SavingsRequestEntity>;
type NewRequest = Omit<InputItem<typeof SavingsRequestEntity>, 'entity' | 'gsi1pk' | 'gsi1sk' | 'gsi2pk' | 'gsi2sk'>;

export const findRequest = (tenant: string, id: string) =>
  getEntity(SavingsRequestEntity, keys.savingsRequest(tenant, id), true);

/** The Put of a new request with its list keys, only if its id is new. */
export function putRequest(request: NewRequest): TransactItem {
  const index = keys.savingsRequestIndex(request.cooperative_id, request.member_id, request.created_at, request.id);
  return transactItem(
    SavingsRequestEntity.build(PutTransaction)
      .item({ ...request, ...index })
      .options({ condition: { attr: 'id', exists: false } })
      .params(),
  );
}

/** Pending -> approved or denied, by whom and when; the transaction fails if it is no longer pending. */
export function decideRequest(
  request: Pick<ChangeRequest, 'cooperative_id' | 'id'>,
  to: Exclude<ChangeRequestStatus, typeof CHANGE_REQUEST_STATUS.PENDING>,
  by: string,
  at: string,
): TransactItem {
  const key = { cooperative_id: request.cooperative_id, id: request.id };
  return transactItem(
    transition(SavingsRequestEntity, key, CHANGE_REQUEST_STATUS.PENDING, to, {
      decided_by: by,
      decided_at: at,
    }).params(),
  );
}

/** The list name of the cooperative's requests (a counter: `meta.total` of that list). */
export const REQUESTS_LIST = 'savings-requests';

/**
 * One page of the cooperative's requests (gsi1, counted), or of a member's (gsi2, a COUNT Query: a
 * member keeps few), newest first.
 */
export function requestPage(tenant: string, request: PageRequest, memberId?: string) {
  if (memberId === undefined)
    return entityPage(SavingsRequestEntity, keys.savingsRequestsPartition(tenant), request, {
      index: 'gsi1',
      reverse: true,
      total: countedTotal(tenant, REQUESTS_LIST),
    });
  const partition = keys.memberSavingsRequestsPartition(tenant, memberId);
  return entityPage(SavingsRequestEntity, partition, request, {
    index: 'gsi2',
    reverse: true,
    total: partitionCount(SavingsRequestEntity, partition, { index: 'gsi2' }),
  });
}
