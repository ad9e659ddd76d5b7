import type { BackfillStep } from '../maintenance/backfill.ts';
import { usersOf } from './user-entity.ts';
import { userSearchWrites } from './user-search-entity.ts';

/** Users written before their search items: each user's items (puts of what they must be). */
export const userSearchBackfill: BackfillStep = {
  name: 'user search items',
  async writes(tenant) {
    return (await usersOf(tenant)).flatMap((user) => userSearchWrites(undefined, user));
  },
};
