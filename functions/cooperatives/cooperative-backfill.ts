import { PLATFORM_TENANT } from '@coopledger/shared/roles';
import { COOPERATIVE_STATUS } from '@coopledger/shared/statuses';
import { countSet } from '#core/list-counter-entity';
import type { BackfillStep } from '../maintenance/backfill.ts';
import { COOPERATIVES_ALL, allCooperatives, cooperativesOfStatus, getCooperative } from './cooperative-entity.ts';
import { cooperativeSearchWrites } from './cooperative-search-entity.ts';

/**
 * Cooperatives created before the platform's list was counted and searchable: each cooperative's
 * search items, and (once per run) the platform's counts set to the recount.
 */
export const cooperativeListBackfill: BackfillStep = {
  name: 'cooperative search items and platform counters',
  async writes(cooperativeId) {
    const cooperative = await getCooperative(cooperativeId, true);
    return cooperative ? cooperativeSearchWrites(undefined, cooperative) : [];
  },
  async platformWrites() {
    const all = await allCooperatives();
    return [
      countSet(PLATFORM_TENANT, COOPERATIVES_ALL, all.length),
      ...[COOPERATIVE_STATUS.INACTIVE, COOPERATIVE_STATUS.ACTIVE].map((status) =>
        countSet(PLATFORM_TENANT, cooperativesOfStatus(status), all.filter((c) => c.status === status).length),
      ),
    ];
  },
};
