import { TRANSACTION_TYPES } from '@coopledger/shared/schemas/savings';
import { countSet } from '#core/list-counter-entity';
import { partitionCount } from '#core/list-page';
import { listRefPut } from '#core/list-ref-entity';
import { keys } from '#core/keys';
import type { BackfillStep } from '../maintenance/backfill.ts';
import { ordersList, ordersOf } from './order-entity.ts';
import { PLANS_LIST, PlanEntity } from './plan-entity.ts';
import { REQUESTS_LIST, SavingsRequestEntity } from './savings-request-entity.ts';

/**
 * Savings written before the lists were paged in DynamoDB (docs/decisions.md 2026-11-26 "Money
 * lists in DynamoDB"): each order's member list entry, and the counts of the orders of each type,
 * the cooperative's plans and its change requests, SET to a recount.
 */
export const savingsListBackfill: BackfillStep = {
  name: 'savings list entries and counters',
  async writes(cooperativeId) {
    const [orders, plans, requests] = await Promise.all([
      Promise.all(TRANSACTION_TYPES.map((type) => ordersOf(cooperativeId, type))),
      partitionCount(PlanEntity, keys.plansPartition(cooperativeId), { index: 'gsi2' })(),
      partitionCount(SavingsRequestEntity, keys.savingsRequestsPartition(cooperativeId), { index: 'gsi1' })(),
    ]);
    return [
      ...orders
        .flat()
        .map((order) =>
          listRefPut(
            keys.memberOrderRef(cooperativeId, order.coop_id, order.transaction_type, order.date, order.id),
            order.id,
          ),
        ),
      ...TRANSACTION_TYPES.map((type, i) => countSet(cooperativeId, ordersList(type), orders[i].length)),
      countSet(cooperativeId, PLANS_LIST, plans),
      countSet(cooperativeId, REQUESTS_LIST, requests),
    ];
  },
};
