import { PLATFORM_TENANT } from '@coopledger/shared/roles';
import { countSet, listCount } from '#core/list-counter-entity';
import type { BackfillStep } from '../maintenance/backfill.ts';
import { allCooperatives } from '../cooperatives/cooperative-entity.ts';
import { PLATFORM_PRODUCTS_LIST, PRODUCTS_LIST } from './product-entity.ts';

/**
 * The platform's count of every cooperative's store products (the platform home's Store tile), for
 * products added before it was kept: once per run, SET to the sum of the cooperatives' own product
 * counters (one GetItem each), so it can be run again.
 */
export const storeProductsBackfill: BackfillStep = {
  name: "platform count of the stores' products",
  async platformWrites() {
    const counts = await Promise.all((await allCooperatives()).map((c) => listCount(c.id, PRODUCTS_LIST)));
    return [
      countSet(
        PLATFORM_TENANT,
        PLATFORM_PRODUCTS_LIST,
        counts.reduce((sum, n) => sum + n, 0),
      ),
    ];
  },
};
