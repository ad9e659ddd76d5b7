import type { TransactItem } from '#core/db';
import { countSet } from '#core/list-counter-entity';
import type { BackfillStep } from '../maintenance/backfill.ts';
import { electionsOf } from './election-entity.ts';
import { ELECTIONS_LIST } from './elections.ts';
import { positionIndexUpdate, positionsIn } from './position-entity.ts';

/** Elections written before their counter, positions before the cooperative's positions index. */
export const votingBackfill: BackfillStep = {
  name: 'elections counter and positions index',
  async writes(cooperativeId) {
    const elections = await electionsOf(cooperativeId);
    const positions = (await Promise.all(elections.map((e) => positionsIn(cooperativeId, e.id)))).flat();
    return [
      countSet(cooperativeId, ELECTIONS_LIST, elections.length),
      ...positions.map((p): TransactItem => positionIndexUpdate(cooperativeId, p)),
    ];
  },
};
