import type { TransactItem } from '#core/db';
import { SETUP_KINDS_BY_NAME, setupIndexUpdate } from '#core/setup-store';
import type { BackfillStep } from '../maintenance/backfill.ts';
import { setupReadsOf } from './related.ts';

/**
 * Setup records written before their kinds were listed by name from gsi1: each record of a kind in
 * SETUP_KINDS_BY_NAME gets its name index keys (an update of the record while it exists).
 */
export const setupNameIndexBackfill: BackfillStep = {
  name: 'setup records name index',
  async writes(tenant) {
    const writes: TransactItem[] = [];
    for (const kind of SETUP_KINDS_BY_NAME) {
      for (const record of await setupReadsOf[kind].list(tenant)) {
        const update = setupIndexUpdate(tenant, kind, record);
        if (update) writes.push(update);
      }
    }
    return writes;
  },
};
