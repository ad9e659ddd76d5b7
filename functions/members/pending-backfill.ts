import { PENDING_MEMBER_STATUS } from '@coopledger/shared/statuses';
import { countSet } from '#core/list-counter-entity';
import type { BackfillStep } from '../maintenance/backfill.ts';
import { pendingIndexUpdate, pendingOf, registrationsList } from './pending-member-entity.ts';

/** Registrations written before their status index and counters: each one's index keys, each status's count. */
export const pendingIndexBackfill: BackfillStep = {
  name: 'registrations status index and counters',
  async writes(cooperativeId) {
    const registrations = await pendingOf(cooperativeId);
    const statuses = [PENDING_MEMBER_STATUS.PENDING, PENDING_MEMBER_STATUS.APPROVED, PENDING_MEMBER_STATUS.DENIED];
    return [
      ...statuses.map((status) =>
        countSet(cooperativeId, registrationsList(status), registrations.filter((r) => r.status === status).length),
      ),
      ...registrations.map(pendingIndexUpdate),
    ];
  },
};
