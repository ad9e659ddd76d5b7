import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { PLATFORM_TENANT } from '@coopledger/shared/roles';
import { countQuery } from '#core/db';
import { appTable } from '#core/entity';
import { domainHandler } from '#core/handler';
import { ok } from '#core/http';
import { keys } from '#core/keys';
import { pageParams, paginate } from '#core/paging';
import { listCooperatives } from '../cooperatives/cooperative-store.ts';
import { presentMany } from '../cooperatives/cooperative-service.ts';
import { COOPERATIVE_STATUS } from '@coopledger/shared/statuses';
import type { PlatformDashboardView } from '@coopledger/shared/dashboard-views';

/** How many items a partition (of the table or of gsi1) holds: a COUNT Query, no item read. */
function countPartition(partition: string, index?: 'gsi1'): Promise<number> {
  const { TableName: _name, ...input } = appTable.build(QueryCommand).query({ partition, index }).params();
  return countQuery(input);
}

export const handler = domainHandler('dashboard', {
  /** The platform home: every cooperative with its figures, and the platform totals. */
  'GET /dashboard': async (ctx) => {
    const { page, perPage } = pageParams(ctx.query);
    const records = await listCooperatives();
    const pageOf = paginate(records, page, perPage);
    const cooperatives = await presentMany(pageOf.data);
    const dashboard: PlatformDashboardView = {
      cooperatives: { data: cooperatives, meta: pageOf.meta },
      totals: {
        cooperatives: records.length,
        active_cooperatives: records.filter((r) => r.status === COOPERATIVE_STATUS.ACTIVE).length,
      },
    };
    return ok('Dashboard retrieved', dashboard);
  },

  /** Counts for the platform home's tiles. */
  'GET /dashboard/tile-data': async () => {
    const [users, store, cooperatives] = await Promise.all([
      countPartition(keys.usersPartition(PLATFORM_TENANT), 'gsi1'),
      countPartition(keys.setupPartition(PLATFORM_TENANT, 'ESHOP_PRODUCT')),
      countPartition(keys.cooperativesPartition(), 'gsi1'),
    ]);
    return ok('Tile data retrieved', { user: users, store, cooperatives });
  },
});
