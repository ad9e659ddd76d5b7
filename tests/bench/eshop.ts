import { getEntities } from '../../functions/core/entity.ts';
import { AppError } from '../../functions/core/errors.ts';
import { newId } from '../../functions/core/ids.ts';
import { keys } from '../../functions/core/keys.ts';
import { putSetup } from '../../functions/core/setup-store.ts';
import { insertProduct } from '../../functions/eshop/product-entity.ts';
import type { ProductRecord } from '../../functions/eshop/product-entity.ts';
import { placeOrder } from '../../functions/eshop/orders.ts';
import { receiveStock } from '../../functions/eshop/stock.ts';
import { stocksOf } from '../../functions/eshop/stock-entity.ts';
import { PlanEntity } from '../../functions/savings/plan-entity.ts';
import { approveOrder, createOrder } from '../../functions/savings/orders.ts';
import { addPlan } from '../../functions/savings/plans.ts';
import { setupRecords } from '../../functions/setup/setup-entity.ts';
import { multipleOf, toKobo } from '../../shared/src/money.ts';
import { PLATFORM_TENANT } from '../../shared/src/roles.ts';
import type { EshopOrderInput } from '../../shared/src/schemas/eshop.ts';
import type { LatencyResult } from './measure.ts';
import { run } from './measure.ts';
import { putMembers } from './voting.ts';

/**
 * Store orders at 16 clients (functions/eshop/orders.ts `placeOrder`, in process like the ballots):
 * members with a funded savings plan order from 50 products whose stock is less than what is asked
 * for, half paying from savings and half on delivery, so orders race for the last units and some
 * members run short of balance. Afterwards every product's reservations must equal what the accepted
 * orders asked for (none oversold, none below zero) and every plan's hold what its member's accepted
 * savings orders came to (none overdrawn).
 */
export interface EshopResult {
  orders: LatencyResult;
  accepted: number;
  /** Refused as the rules say (out of stock, balance, maximum), by message. */
  refused: Record<string, number>;
  products: number;
  members: number;
  unitsStocked: number;
  unitsReserved: number;
  /** Kobo held on plans by accepted savings orders. */
  heldKobo: number;
  /** What was checked after the run. */
  checks: string;
}

const PRODUCTS = 50;
const STOCK_PER_PRODUCT = 30;
const DEPOSIT_NAIRA = 20_000;

export async function benchEshopOrders(ctx: {
  cooperativeId: string;
  orders: number;
  members: number;
  log: (line: string) => void;
  timed: <T>(name: string, measure: () => Promise<T>) => Promise<T>;
}): Promise<EshopResult> {
  const tenant = ctx.cooperativeId;
  const tag = Date.now().toString(36).toUpperCase();
  ctx.log(`Store orders: ${ctx.members} members with a funded plan and ${PRODUCTS} stocked products (not timed)...`);
  const memberIds = Array.from({ length: ctx.members }, (_, i) => `BS${tag}${String(i).padStart(5, '0')}`);
  await putMembers(tenant, memberIds);
  const [regular] = (await setupRecords.product.list(tenant)).filter((p) => p.name === 'Regular Savings');
  const [bank] = await setupRecords.bankAccount.list(tenant);
  if (!regular || !bank) throw new Error('The cooperative lacks its Regular Savings product or a bank account');
  const today = new Date().toISOString().slice(0, 10);
  const plans: string[] = [];
  const setup = await run(ctx.members, 8, async (i) => {
    const plan = await addPlan(
      tenant,
      memberIds[i],
      {
        savings_product_id: regular.id,
        start_date: `${today.slice(0, 4)}-01-01`,
        end_date: `${today.slice(0, 4)}-12-31`,
        amount: toKobo(5000),
        credit_interest: 3,
        frequency: 'Monthly',
      },
      'BENCH',
      true,
    );
    const order = await createOrder(
      tenant,
      plan,
      {
        savings_id: plan.id,
        amount: toKobo(DEPOSIT_NAIRA),
        date: today,
        payment_mode_id: 1,
        comment: 'bench',
        description: 'Bench deposit',
        transaction_type: 'DEPOSIT',
      },
      'BENCH',
    );
    await approveOrder(tenant, order.id, bank.id, 'BENCH');
    plans[i] = plan.id;
  });
  if (setup.errors > 0) throw new Error(`${setup.errors} of ${ctx.members} plans could not be funded`);

  const category = await putSetup(PLATFORM_TENANT, 'ESHOP_CATEGORY', {
    name: `Bench ${tag}`,
    status: 1,
    description: 'Bench products',
  });
  const products: ProductRecord[] = [];
  const now = new Date().toISOString();
  for (let p = 0; p < PRODUCTS; p++) {
    const price = toKobo(1000 + p * 80);
    const product: ProductRecord = {
      cooperative_id: tenant,
      id: newId(),
      name: `Bench item ${p}`,
      sku: `B${tag}-${p}`,
      category_id: category.id,
      status: 1,
      buying_price: price,
      selling_price: price,
      max_purchase_quantity: 3,
      low_stock_quantity: 1,
      description: null,
      created_at: now,
      created_by: 'BENCH',
      updated_at: now,
      updated_by: 'BENCH',
    };
    await insertProduct(product);
    await receiveStock(
      tenant,
      {
        product_id: product.id,
        quantity: STOCK_PER_PRODUCT,
        unit_cost: price,
        supplier: 'Bench',
        date: today,
        bank_id: bank.id,
        reference: undefined,
      },
      'BENCH',
    );
    products.push(product);
  }

  /** Order i: member i mod members, product i mod 50, 1 or 2 items, from savings when i is even. */
  const input = (i: number): EshopOrderInput => ({
    items: [{ product_id: products[i % PRODUCTS].id, quantity: 1 + (i % 2) }],
    payment_method: i % 4 < 2 ? 'SAVINGS' : 'ON_DELIVERY',
    savings_id: i % 4 < 2 ? plans[i % ctx.members] : undefined,
    delivery_address: undefined,
    note: undefined,
  });
  const accepted: { member: number; product: number; quantity: number; savingsKobo: number }[] = [];
  const refused: Record<string, number> = {};
  ctx.log(`Store orders: ${ctx.orders} orders at 16 clients...`);
  const orders = await ctx.timed('eshopOrders16', () =>
    run(ctx.orders, 16, async (i) => {
      const order = input(i);
      try {
        await placeOrder(tenant, memberIds[i % ctx.members], order);
        const product = products[i % PRODUCTS];
        const quantity = order.items[0].quantity;
        accepted.push({
          member: i % ctx.members,
          product: i % PRODUCTS,
          quantity,
          savingsKobo: order.payment_method === 'SAVINGS' ? multipleOf(product.selling_price, quantity) : 0,
        });
      } catch (error) {
        if (!(error instanceof AppError) || error.code === 'INTERNAL') throw error;
        const field = error.fields ? Object.values(error.fields)[0] : undefined;
        const key = (field ?? error.message).replace(/Bench item \d+/, 'Bench item N').replace(/₦[\d,.]+/g, '₦…');
        refused[key] = (refused[key] ?? 0) + 1;
      }
    }),
  );
  if (orders.errors > 0) throw new Error(`${orders.errors} orders failed with something other than a refusal`);

  // Checks: reservations equal what the accepted orders asked for; holds what they came to.
  const stocks = await stocksOf(
    tenant,
    products.map((p) => p.id),
    true,
  );
  let unitsReserved = 0;
  products.forEach((product, p) => {
    const stock = stocks.get(product.id)!;
    const asked = accepted.filter((a) => a.product === p).reduce((sum, a) => sum + a.quantity, 0);
    const reserved = stock.on_hand - stock.available;
    if (stock.on_hand !== STOCK_PER_PRODUCT || reserved !== asked || stock.available < 0)
      throw new Error(`${product.name}: on hand ${stock.on_hand}, reserved ${reserved}, accepted orders ${asked}`);
    unitsReserved += reserved;
  });
  const stored = await getEntities(
    PlanEntity,
    plans.map((id) => keys.savingsPlan(tenant, id)),
    true,
  );
  const byId = new Map(stored.map((plan) => [plan.id, plan]));
  let heldKobo = 0;
  plans.forEach((planId, m) => {
    const plan = byId.get(planId)!;
    const held = accepted.filter((a) => a.member === m).reduce((sum, a) => sum + a.savingsKobo, 0);
    const balance = Number(plan.balance);
    if (plan.lien !== held || Number(plan.available) !== balance - held || Number(plan.available) < 0)
      throw new Error(
        `Plan ${planId}: balance ${balance}, lien ${plan.lien}, available ${plan.available}, held ${held}`,
      );
    if (balance !== toKobo(DEPOSIT_NAIRA)) throw new Error(`Plan ${planId}: balance ${balance} moved`);
    heldKobo += held;
  });
  return {
    orders,
    accepted: accepted.length,
    refused,
    products: PRODUCTS,
    members: ctx.members,
    unitsStocked: PRODUCTS * STOCK_PER_PRODUCT,
    unitsReserved,
    heldKobo,
    checks: `every product's reservations = its accepted orders' units (none oversold, available ≥ 0); every plan's lien = its accepted savings orders, available = balance - lien ≥ 0, balance unmoved`,
  };
}
