import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { Entity } from 'dynamodb-toolbox/entity';
import { DeleteTransaction } from 'dynamodb-toolbox/entity/actions/transactDelete';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { $set } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { anyOf } from 'dynamodb-toolbox/schema/anyOf';
import { item } from 'dynamodb-toolbox/schema/item';
import { map } from 'dynamodb-toolbox/schema/map';
import { nul } from 'dynamodb-toolbox/schema/nul';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { MEMBER_EXIT_STATUS } from '@coopledger/shared/statuses';
import type { MemberExitStatus } from '@coopledger/shared/statuses';
import type { TransactItem } from '#core/db';
import type { AppError } from '#core/errors';
import {
  effect,
  entitiesIn,
  entityDefaults,
  getEntity,
  tableKeyAttributes,
  transactItem,
  transition,
} from '#core/entity';
import { keys } from '#core/keys';
import type { Effect } from '#core/ledger';

/**
 * A member's request to leave the cooperative (docs/data-model.md "Member exits"): one item per
 * request, listed for the cooperative (gsi1) and under the member (gsi2) by creation time. While it
 * is pending, the member's open-exit claim (ExitClaimEntity) holds its id, so a member has at most
 * one pending request. Approval writes what was posted (`settlement`, kobo) in the posting's own
 * transaction.
 */
export const MemberExitEntity = new Entity({
  ...entityDefaults,
  name: 'MEMBER_EXIT',
  schema: item({
    cooperative_id: string().key(),
    id: string().key(),
    member_id: string(),
    member_name: string(),
    status: number().enum(
      MEMBER_EXIT_STATUS.PENDING,
      MEMBER_EXIT_STATUS.APPROVED,
      MEMBER_EXIT_STATUS.DENIED,
      MEMBER_EXIT_STATUS.CANCELLED,
    ),
    reason: anyOf(string(), nul()),
    requested_by: string(),
    created_at: string(),
    decided_by: string().optional(),
    decided_at: string().optional(),
    decision_reason: anyOf(string(), nul()).optional(),
    /** What the approval posted, kobo; its posting's idempotency key is `member-exit-<id>`. */
    settlement: map({
      date: string(),
      bank_id: string(),
      savings_total: number(),
      loans_total: number(),
      exit_charge: number(),
      payout: number(),
      reference_no: string(),
    }).optional(),
    entity: string().const('MEMBER_EXIT').hidden(),
    gsi1pk: string().hidden(),
    gsi1sk: string().hidden(),
    gsi2pk: string().hidden(),
    gsi2sk: string().hidden(),
  }),
  computeKey: ({ cooperative_id, id }: { cooperative_id: string; id: string }) => keys.memberExit(cooperative_id, id),
});

export type MemberExitRecord = FormattedItem<typeof MemberExitEntity>;
export type ExitSettlementRecord = NonNullable<MemberExitRecord['settlement']>;

/** The claim of a member's pending exit request. */
export const ExitClaimEntity = new Entity({
  ...entityDefaults,
  name: 'MEMBER_EXIT_OPEN',
  schema: item({
    ...tableKeyAttributes(),
    exit_id: string(),
    entity: string().const('MEMBER_EXIT_OPEN').hidden(),
  }),
});

export const findExit = (tenant: string, exitId: string): Promise<MemberExitRecord | undefined> =>
  getEntity(MemberExitEntity, keys.memberExit(tenant, exitId), true);

/** A member's requests, newest first (one Query of gsi2: a member makes few). */
export const memberExits = (tenant: string, memberId: string): Promise<MemberExitRecord[]> =>
  entitiesIn(MemberExitEntity, keys.memberOwnExitsPartition(tenant, memberId), { index: 'gsi2', reverse: true });

/** A new pending request with the member's open-exit claim (a 409 from the caller when one is open). */
export function exitRequestPuts(exit: MemberExitRecord): TransactItem[] {
  const put = MemberExitEntity.build(PutTransaction)
    .item({ ...exit, ...keys.memberExitIndex(exit.cooperative_id, exit.member_id, exit.created_at, exit.id) })
    .options({ condition: { attr: 'id', exists: false } });
  const claim = ExitClaimEntity.build(PutTransaction)
    .item({ ...keys.openExit(exit.cooperative_id, exit.member_id), exit_id: exit.id, entity: 'MEMBER_EXIT_OPEN' })
    .options({ condition: { attr: 'exit_id', exists: false } });
  return [transactItem(put.params()), transactItem(claim.params())];
}

/**
 * A pending request decided (approved, denied or cancelled), under the condition that it is still
 * pending; the open-exit claim is released with it.
 */
export function exitDecision(
  exit: Pick<MemberExitRecord, 'cooperative_id' | 'id' | 'member_id'>,
  to: Exclude<MemberExitStatus, typeof MEMBER_EXIT_STATUS.PENDING>,
  decided: { by: string; at: string; reason: string | null; settlement?: ExitSettlementRecord },
  onConditionFailed: AppError,
): Effect[] {
  const update = transition(
    MemberExitEntity,
    { cooperative_id: exit.cooperative_id, id: exit.id },
    MEMBER_EXIT_STATUS.PENDING,
    to,
    {
      decided_by: decided.by,
      decided_at: decided.at,
      decision_reason: decided.reason,
      // A map given as it is would be merged into one that exists; the record has none yet.
      ...(decided.settlement ? { settlement: $set(decided.settlement) } : {}),
    },
  );
  const release = ExitClaimEntity.build(DeleteTransaction)
    .key(keys.openExit(exit.cooperative_id, exit.member_id))
    .options({ condition: { attr: 'exit_id', eq: exit.id } });
  return [effect(update.params(), onConditionFailed), effect(release.params(), onConditionFailed)];
}
