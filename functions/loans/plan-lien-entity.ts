import { Entity } from 'dynamodb-toolbox/entity';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { $add } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import type { TransactItem } from '#core/db';
import { entityDefaults, transactItem } from '#core/entity';
import { keys } from '#core/keys';

/**
 * The savings plan as loans change it: a loan's lien on the plan (placed at approval, released when
 * the loan completes) and an offset paid from savings. Only the attributes these changes touch are
 * declared: the plan's own entity is the savings domain's, and this one is used to build updates,
 * never to read a plan. `available` is kept equal to balance - lien, and no change takes it below 0.
 */
const PlanLienEntity = new Entity({
  ...entityDefaults,
  name: 'SAVINGS_PLAN_LIEN',
  schema: item({
    cooperative_id: string().key(),
    id: string().key(),
    /** Kobo. */
    balance: number(),
    lien: number(),
    available: number(),
    updated_at: string(),
  }),
  computeKey: ({ cooperative_id, id }: { cooperative_id: string; id: string }) => keys.savingsPlan(cooperative_id, id),
});

const planKey = (tenant: string, planId: string) => ({ cooperative_id: tenant, id: planId });

/** A lien placed: the plan's lien up and available down by `amount`, only within the available balance. */
export function placeLien(tenant: string, planId: string, amount: number, now: string): TransactItem {
  const update = PlanLienEntity.build(UpdateTransaction)
    .item({ ...planKey(tenant, planId), lien: $add(amount), available: $add(-amount), updated_at: now })
    .options({ condition: { attr: 'available', gte: amount } });
  return transactItem(update.params());
}

/** A lien released: the plan's lien down and available up by `amount`, only while the lien holds it. */
export function releaseLien(tenant: string, planId: string, amount: number, now: string): TransactItem {
  const update = PlanLienEntity.build(UpdateTransaction)
    .item({ ...planKey(tenant, planId), lien: $add(-amount), available: $add(amount), updated_at: now })
    .options({ condition: { attr: 'lien', gte: amount } });
  return transactItem(update.params());
}

/**
 * An offset paid from the plan: balance and available down by `amount`, only within the available
 * balance. When the same offset releases a lien of `lienFreed` on this plan (a Full Offset; a
 * transaction may touch an item once), the release is folded in: lien down by it, available down
 * by only `amount - lienFreed`, under the condition that the lien holds it.
 */
export function debitSavings(tenant: string, planId: string, amount: number, now: string, lienFreed = 0): TransactItem {
  const update =
    lienFreed > 0
      ? PlanLienEntity.build(UpdateTransaction)
          .item({ ...planKey(tenant, planId), balance: $add(-amount), lien: $add(-lienFreed), available: $add(lienFreed - amount), updated_at: now })
          .options({ condition: { and: [{ attr: 'available', gte: amount - lienFreed }, { attr: 'lien', gte: lienFreed }] } })
      : PlanLienEntity.build(UpdateTransaction)
          .item({ ...planKey(tenant, planId), balance: $add(-amount), available: $add(-amount), updated_at: now })
          .options({ condition: { attr: 'available', gte: amount } });
  return transactItem(update.params());
}
