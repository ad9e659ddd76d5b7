import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { PLATFORM_TENANT } from '@coopledger/shared/roles';
import { countQuery } from '#core/db';
import { appTable } from '#core/entity';
import { domainHandler } from '#core/handler';
import { ok } from '#core/http';
import { keys } from '#core/keys';
import { pageRequest } from '#core/list-page';
import { cooperativePage, cooperativesOfStatus, countedCooperatives } from '../cooperatives/cooperative-entity.ts';
import { presentMany } from '../cooperatives/cooperative-service.ts';
import { platformProductCount } from '../eshop/product-entity.ts';
import { COOPERATIVE_STATUS } from '@coopledger/shared/statuses';
import type { PlatformDashboardView } from '@coopledger/shared/dashboard-views';

/** How many items a partition (of the table or of gsi1) holds: a COUNT Query, no item read. */
function countPartition(partition: string, index?: 'gsi1'): Promise<number> {
  const { TableName: _name, ...input } = appTable.build(QueryCommand).query({ partition, index }).params();
  return countQuery(input);
}

export const handler = domainHandler('dashboard', {
  /** The platform home: a page of the cooperatives with their figures, and the platform totals (its counters). */
  'GET /dashboard': async (ctx) => {
    const [found, active] = await Promise.all([
      cooperativePage(pageRequest(ctx)),
      countedCooperatives(cooperativesOfStatus(COOPERATIVE_STATUS.ACTIVE)),
    ]);
    const cooperatives = await presentMany(found.data);
    const dashboard: PlatformDashboardView = {
      cooperatives: { data: cooperatives, meta: found.meta },
      totals: { cooperatives: found.meta.total, active_cooperatives: active },
    };
    return ok('Dashboard retrieved', dashboard);
  },

  /** Counts for the platform home's tiles. */
  'GET /dashboard/tile-data': async () => {
    const [users, store, cooperatives] = await Promise.all([
      countPartition(keys.usersPartition(PLATFORM_TENANT), 'gsi1'),
      // Every cooperative's store products: the platform's counter, kept with each product's create and delete.
      platformProductCount(),
      countPartition(keys.cooperativesPartition(), 'gsi1'),
    ]);
    return ok('Tile data retrieved', { user: users, store, cooperatives });
  },
});
