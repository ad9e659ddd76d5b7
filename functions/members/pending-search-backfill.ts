import type { BackfillStep } from '../maintenance/backfill.ts';
import { pendingOf } from './pending-member-entity.ts';
import { registrationSearchWrites } from './pending-search-entity.ts';

/** Registrations written before their search items: each one's items, under its status (puts of what they must be). */
export const registrationSearchBackfill: BackfillStep = {
  name: 'registration search items',
  async writes(cooperativeId) {
    return (await pendingOf(cooperativeId)).flatMap((registration) =>
      registrationSearchWrites(undefined, registration),
    );
  },
};
