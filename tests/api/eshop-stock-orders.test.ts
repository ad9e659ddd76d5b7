import { beforeAll, describe, expect, it } from 'vitest';
import type { EshopCustomerView, EshopOrderView, StockMovementView, StockView } from '@coopledger/shared/eshop-views';
import { today } from '@coopledger/shared/dates';
import { ESHOP_CUSTOMER_STATUS, ESHOP_ORDER_STATUS } from '@coopledger/shared/statuses';
import { standardAccount } from '../../functions/cooperatives/standard-chart.ts';
import { call } from './support/api.ts';
import { useRuntimeEnv } from './support/env.ts';
import type { PagedAnswer } from './support/paging.ts';
import type { PlanRow, SavingsWorld } from './support/savings.ts';
import { GL, deposited, glTotal, glTotals, newMember, plan, planOf, savingsWorld } from './support/savings.ts';

/**
 * The store's stock and orders (issue 22): receipts, damages and adjustments at average cost; orders
 * that reserve stock and hold savings, cancelled and rejected once, delivered through the ledger.
 * Every figure below is worked out by hand from the receipts' unit costs and the selling prices.
 */
const STORE = {
  inventory: standardAccount('inventory'),
  sales: standardAccount('sales'),
  costOfSales: standardAccount('cost_of_sales'),
  inventoryLoss: standardAccount('inventory_loss'),
};

let world: SavingsWorld;
let coop = '';
let staff = '';
let buyer = { id: '', token: '' };
let other = { id: '', token: '' };
let buyerPlan: PlanRow;
let otherPlan: PlanRow;
let rice = '';
let oil = '';
let hidden = '';
const TODAY = today();

type Paged<T> = PagedAnswer<T> & { meta: { total: number } };

const kobo = (naira: number | string) => Math.round(Number(naira) * 100);
const asStaff = <T>(method: 'GET' | 'POST', path: string, body: Record<string, unknown> = {}) =>
  method === 'GET'
    ? call<T>('GET', path, { token: staff, query: { cooperative_id: coop, ...body } })
    : call<T>('POST', path, { token: staff, body: { cooperative_id: coop, ...body } });

async function product(name: string, selling: string, max: number, status = 1): Promise<string> {
  const r = await asStaff<{ id: string }>('POST', '/cooperative/e-shop/product', {
    name,
    sku: `${name.slice(0, 4).toUpperCase()}-${world.ctx.tag}-${Math.random().toString(36).slice(2, 7)}`,
    category_id: categoryId,
    status,
    buying_price: '100',
    selling_price: selling,
    max_purchase_quantity: max,
    low_stock_quantity: 2,
  });
  if (r.status !== 201) throw new Error(`Could not add a product: ${r.status} ${r.body.message}`);
  return r.body.data.id;
}
let categoryId = '';

const receive = (productId: string, quantity: number, unitCost: string) =>
  asStaff<StockMovementView>('POST', '/cooperative/e-shop/stock/receipt', {
    product_id: productId,
    quantity,
    unit_cost: unitCost,
    supplier: 'Dangote Wholesale',
    date: TODAY,
    bank_id: world.bank,
  });

async function stockOf(productId: string): Promise<StockView> {
  const r = await asStaff<Paged<StockView>>('GET', '/cooperative/e-shop/stock', { per_page: '100' });
  expect(r.status, r.body.message).toBe(200);
  const row = r.body.data.data.find((s) => s.product_id === productId);
  if (!row) throw new Error(`No stock row for ${productId}`);
  return row;
}

const order = (token: string, body: Record<string, unknown>) =>
  call<EshopOrderView>('POST', '/member/e-shop/order', { token, body: { cooperative_id: coop, ...body } });

async function placed(token: string, body: Record<string, unknown>): Promise<EshopOrderView> {
  const r = await order(token, body);
  if (r.status !== 201)
    throw new Error(`Could not order: ${r.status} ${r.body.message} ${JSON.stringify(r.body.errors)}`);
  return r.body.data;
}

const step = (orderId: string, action: string, extra: Record<string, unknown> = {}) =>
  asStaff<EshopOrderView>('POST', '/cooperative/e-shop/order/status', { order_id: orderId, action, ...extra });

const planNow = (memberId: string, planId: string) => plan(world, memberId, planId);

const moved = async (code: string, before: { debit: number; credit: number }) => {
  const now = await glTotal(coop, code);
  return { debit: Number(now.debit) - Number(before.debit), credit: Number(now.credit) - Number(before.credit) };
};

beforeAll(async () => {
  useRuntimeEnv();
  world = await savingsWorld('SHOP');
  coop = world.ctx.coop;
  staff = world.ctx.token;
  const category = await call<{ id: string }>('POST', '/e-shop/admin/product-category', {
    token: staff,
    body: { name: `Groceries ${world.ctx.tag}`, status: 1, description: 'Food and provisions' },
  });
  categoryId = category.body.data.id;
  [buyer, other] = await Promise.all([newMember(world), newMember(world)]);
  [buyerPlan, otherPlan] = await Promise.all([planOf(world, buyer.id), planOf(world, other.id)]);
  await deposited(world, buyerPlan.id, '200000');
  await deposited(world, otherPlan.id, '60000');
  rice = await product('Rice 50kg', '52000', 3);
  oil = await product('Palm oil', '1500.50', 10);
  hidden = await product('Hidden phone', '90000', 1, 0);
}, 180_000);

describe('stock', () => {
  it('receives stock at its unit cost, writes off damages and adjusts counts at the average cost', async () => {
    const inventory = await glTotal(coop, STORE.inventory);
    const bank = await glTotal(coop, GL.bank);
    const loss = await glTotal(coop, STORE.inventoryLoss);

    const first = await receive(rice, 10, '40000');
    expect(first.status, first.body.message).toBe(201);
    expect(first.body.data).toMatchObject({ kind: 'RECEIPT', quantity: 10, supplier: 'Dangote Wholesale' });
    expect(kobo(first.body.data.value)).toBe(40_000_000);
    expect((await receive(rice, 5, '43000')).status).toBe(201);
    // 10 x 40,000 + 5 x 43,000 = 615,000 for 15: 41,000 each.
    expect(await stockOf(rice)).toMatchObject({ on_hand: 15, available: 15, reserved: 0, low_stock: false });
    expect(kobo((await stockOf(rice)).value)).toBe(61_500_000);
    expect(kobo((await stockOf(rice)).average_cost)).toBe(4_100_000);
    expect(await moved(STORE.inventory, inventory)).toEqual({ debit: 61_500_000, credit: 0 });
    expect(await moved(GL.bank, bank)).toEqual({ debit: 0, credit: 61_500_000 });

    const tooMany = await asStaff('POST', '/cooperative/e-shop/damages', {
      product_id: rice,
      quantity: 16,
      reason: 'Rain',
      date: TODAY,
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors?.quantity).toBe('Only 15 of Rice 50kg are available to take out');

    const damage = await asStaff<StockMovementView>('POST', '/cooperative/e-shop/damages', {
      product_id: rice,
      quantity: 2,
      reason: 'Torn bags',
      date: TODAY,
    });
    expect(damage.status, damage.body.message).toBe(201);
    expect(damage.body.data).toMatchObject({ kind: 'DAMAGE', quantity: -2, reason: 'Torn bags' });
    expect(kobo(damage.body.data.value)).toBe(-8_200_000);
    // A count found one more: in at the average cost, 533,000 / 13 = 41,000.
    const found = await asStaff<StockMovementView>('POST', '/cooperative/e-shop/stock/adjustment', {
      product_id: rice,
      quantity: 1,
      reason: 'Stock count found one more bag',
      date: TODAY,
    });
    expect(found.status, found.body.message).toBe(201);
    expect(kobo(found.body.data.value)).toBe(4_100_000);

    const now = await stockOf(rice);
    expect(now).toMatchObject({ on_hand: 14, available: 14 });
    expect(kobo(now.value)).toBe(57_400_000);
    expect(await moved(STORE.inventoryLoss, loss)).toEqual({ debit: 8_200_000, credit: 4_100_000 });
    expect(await moved(STORE.inventory, inventory)).toEqual({ debit: 65_600_000, credit: 8_200_000 });

    const damages = await asStaff<Paged<StockMovementView>>('GET', '/cooperative/e-shop/damages');
    expect(damages.body.data.data.map((m) => m.reason)).toEqual(['Torn bags']);
    const ofRice = await asStaff<Paged<StockMovementView>>('GET', '/cooperative/e-shop/stock/movements', {
      product_id: rice,
    });
    expect(ofRice.body.data.data.map((m) => m.kind).sort()).toEqual(['ADJUSTMENT', 'DAMAGE', 'RECEIPT', 'RECEIPT']);
  });

  it('refuses to delete a product that has had stock, which may only be made Inactive', async () => {
    const r = await call('DELETE', '/cooperative/e-shop/product', {
      token: staff,
      query: { cooperative_id: coop, product_id: rice },
    });
    expect(r.status).toBe(409);
    expect(r.body.message).toBe(
      'Rice 50kg has had stock, so its movements and orders name it; make it Inactive instead',
    );
    expect((await stockOf(rice)).name).toBe('Rice 50kg');
  });

  it('refuses a receipt whose value is past the largest amount instead of failing (no 500)', async () => {
    const before = await stockOf(oil);
    // 1,000,000 x ₦10,000,000.00 is ₦10 trillion, beyond every amount limit and the safe integers in kobo.
    const r = await receive(oil, 1_000_000, '10000000');
    expect(r.status).toBe(422);
    expect(r.body.errors?.quantity).toMatch(
      /^The receipt comes to more than ₦[\d,]+\.\d\d, the largest amount allowed$/,
    );
    expect(await stockOf(oil)).toEqual(before);
  });

  it('refuses bad stock input with field messages and changes nothing', async () => {
    const before = await stockOf(oil);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ quantity: 0 }, 'quantity', 'The quantity received must be a whole number from 1 to 1,000,000'],
      [{ quantity: 2.5 }, 'quantity', 'The quantity received must be a whole number from 1 to 1,000,000'],
      [{ unit_cost: '0' }, 'unit_cost', 'The unit cost must be more than 0'],
      [{ unit_cost: '1.234' }, 'unit_cost', 'Enter an amount in naira with at most 2 decimals'],
      [{ supplier: '' }, 'supplier', 'Please enter the supplier'],
      [{ bank_id: 'NOSUCHBANK' }, 'bank_id', 'Please select bank account'],
      [{ product_id: 'NOSUCHPRODUCT' }, 'product_id', 'The selected product does not exist'],
    ];
    for (const [change, field, message] of cases) {
      const body = {
        product_id: oil,
        quantity: 3,
        unit_cost: '900',
        supplier: 'Market',
        date: TODAY,
        bank_id: world.bank,
        ...change,
      };
      const r = await asStaff('POST', '/cooperative/e-shop/stock/receipt', body);
      expect(r.status, JSON.stringify(change)).toBe(422);
      expect(r.body.errors?.[field], JSON.stringify(change)).toBe(message);
    }
    const adjust = await asStaff('POST', '/cooperative/e-shop/stock/adjustment', {
      product_id: oil,
      quantity: 0,
      reason: 'x',
      date: TODAY,
    });
    expect(adjust.status).toBe(422);
    expect(await stockOf(oil)).toEqual(before);
  });
});

describe('orders', () => {
  it('refuses an order a member may not place, and holds nothing', async () => {
    const refusals: [Record<string, unknown>, string, string][] = [
      [
        { items: [{ product_id: rice, quantity: 4 }] },
        'items.0.quantity',
        'You can order at most 3 of Rice 50kg at a time',
      ],
      [{ items: [{ product_id: oil, quantity: 1 }] }, 'items.0.quantity', 'Palm oil is out of stock'],
      [
        { items: [{ product_id: hidden, quantity: 1 }] },
        'items.0.product_id',
        'This product is not available in the store',
      ],
      [
        { items: [{ product_id: rice, quantity: 0 }] },
        'items.0.quantity',
        'The quantity must be a whole number from 1 to 1,000,000',
      ],
      [{ items: [] }, 'items', 'Please add at least one item to the order'],
      [
        {
          items: [
            { product_id: rice, quantity: 1 },
            { product_id: rice, quantity: 1 },
          ],
        },
        'items.1.product_id',
        'This product is already in the order',
      ],
      [{ savings_id: undefined }, 'savings_id', 'Please select the savings account to pay from'],
      [{ savings_id: otherPlan.id }, 'savings_id', 'Please select one of your own savings accounts'],
      [{ payment_method: 'CREDIT' }, 'payment_method', 'Please choose how to pay: SAVINGS, PAYROLL or ON_DELIVERY'],
    ];
    for (const [change, field, message] of refusals) {
      const r = await order(buyer.token, {
        items: [{ product_id: rice, quantity: 1 }],
        payment_method: 'SAVINGS',
        savings_id: buyerPlan.id,
        ...change,
      });
      expect(r.status, JSON.stringify(change)).toBe(422);
      expect(r.body.errors?.[field], JSON.stringify(change)).toBe(message);
    }
    // 2 x 52,000 = 104,000 is more than the 60,000 the other member has.
    const poor = await order(other.token, {
      items: [{ product_id: rice, quantity: 2 }],
      payment_method: 'SAVINGS',
      savings_id: otherPlan.id,
    });
    expect(poor.status).toBe(422);
    expect(poor.body.errors?.savings_id).toBe(
      'Insufficient available balance: the order comes to ₦104,000.00 and your Regular Savings account has ₦60,000.00 available',
    );
    expect(await planNow(other.id, otherPlan.id)).toMatchObject({ balance: 60000, lien: 0, available: 60000 });
    expect(await stockOf(rice)).toMatchObject({ on_hand: 14, available: 14 });
    const staffOrder = await order(staff, {
      items: [{ product_id: rice, quantity: 1 }],
      payment_method: 'ON_DELIVERY',
    });
    expect(staffOrder.status).toBe(403);
  });

  it('holds savings and stock when placed, and gives them back once when the member cancels', async () => {
    const placedOrder = await placed(buyer.token, {
      items: [{ product_id: rice, quantity: 2 }],
      payment_method: 'SAVINGS',
      savings_id: buyerPlan.id,
      delivery_address: '12 Marina, Lagos',
    });
    expect(placedOrder).toMatchObject({
      member_id: buyer.id,
      status: ESHOP_ORDER_STATUS.PENDING,
      payment_method: 'SAVINGS',
      savings_id: buyerPlan.id,
      delivery_address: '12 Marina, Lagos',
      items: [{ product_id: rice, name: 'Rice 50kg', quantity: 2 }],
    });
    expect(kobo(placedOrder.total)).toBe(10_400_000);
    expect(await planNow(buyer.id, buyerPlan.id)).toMatchObject({ balance: 200000, lien: 104000, available: 96000 });
    expect(await stockOf(rice)).toMatchObject({ on_hand: 14, available: 12, reserved: 2 });
    // The shop shows members what may still be ordered.
    const shown = await call<{ in_stock: number }>('GET', '/cooperative/e-shop/product/single', {
      token: other.token,
      query: { cooperative_id: coop, product_id: rice },
    });
    expect(shown.body.data.in_stock).toBe(12);

    // The hold counts: 2 more bags (104,000) are more than the 96,000 left available.
    const more = await order(buyer.token, {
      items: [{ product_id: rice, quantity: 2 }],
      payment_method: 'SAVINGS',
      savings_id: buyerPlan.id,
    });
    expect(more.status).toBe(422);

    const cancel = () =>
      call<EshopOrderView>('POST', '/member/e-shop/order/cancel', {
        token: buyer.token,
        body: { cooperative_id: coop, order_id: placedOrder.id },
      });
    const [a, b] = await Promise.all([cancel(), cancel()]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await planNow(buyer.id, buyerPlan.id)).toMatchObject({ balance: 200000, lien: 0, available: 200000 });
    expect(await stockOf(rice)).toMatchObject({ on_hand: 14, available: 14, reserved: 0 });

    const notTheirs = await call('POST', '/member/e-shop/order/cancel', {
      token: other.token,
      body: { cooperative_id: coop, order_id: placedOrder.id },
    });
    expect(notTheirs.status).toBe(404);
  });

  it('delivers an order paid from savings through the ledger: the sale, its cost and the plan', async () => {
    const savingsGl = await glTotal(coop, GL.savings);
    const sales = await glTotal(coop, STORE.sales);
    const cost = await glTotal(coop, STORE.costOfSales);
    const inventory = await glTotal(coop, STORE.inventory);

    const o = await placed(buyer.token, {
      items: [{ product_id: rice, quantity: 2 }],
      payment_method: 'SAVINGS',
      savings_id: buyerPlan.id,
    });
    const early = await step(o.id, 'deliver');
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('This order is Pending; only a Confirmed or On the Way order can be delivered');
    expect((await step(o.id, 'confirm')).body.data.status).toBe(ESHOP_ORDER_STATUS.CONFIRMED);
    expect((await step(o.id, 'dispatch')).body.data.status).toBe(ESHOP_ORDER_STATUS.ON_THE_WAY);
    const delivered = await step(o.id, 'deliver', { comment: 'Received by the member' });
    expect(delivered.status, delivered.body.message).toBe(200);
    expect(delivered.body.data.status).toBe(ESHOP_ORDER_STATUS.DELIVERED);
    expect(delivered.body.data.history.map((h) => h.status)).toEqual([
      ESHOP_ORDER_STATUS.PENDING,
      ESHOP_ORDER_STATUS.CONFIRMED,
      ESHOP_ORDER_STATUS.ON_THE_WAY,
      ESHOP_ORDER_STATUS.DELIVERED,
    ]);
    expect(delivered.body.data.journal_id).toBeTruthy();

    // 104,000 from savings to sales; 2 of 14 bags worth 574,000 cost 82,000.
    expect(await planNow(buyer.id, buyerPlan.id)).toMatchObject({ balance: 96000, lien: 0, available: 96000 });
    expect(await moved(GL.savings, savingsGl)).toEqual({ debit: 10_400_000, credit: 0 });
    expect(await moved(STORE.sales, sales)).toEqual({ debit: 0, credit: 10_400_000 });
    expect(await moved(STORE.costOfSales, cost)).toEqual({ debit: 8_200_000, credit: 0 });
    expect(await moved(STORE.inventory, inventory)).toEqual({ debit: 0, credit: 8_200_000 });
    const stock = await stockOf(rice);
    expect(stock).toMatchObject({ on_hand: 12, available: 12, reserved: 0 });
    expect(kobo(stock.value)).toBe(49_200_000);

    for (const action of ['cancel', 'reject', 'deliver']) {
      const again = await step(o.id, action);
      expect(again.status, action).toBe(409);
    }
    const memberCancel = await call('POST', '/member/e-shop/order/cancel', {
      token: buyer.token,
      body: { cooperative_id: coop, order_id: o.id },
    });
    expect(memberCancel.status).toBe(409);
    expect(memberCancel.body.message).toBe('This order is Delivered; you can cancel an order only while it is Pending');
    expect(await planNow(buyer.id, buyerPlan.id)).toMatchObject({ balance: 96000, lien: 0 });
  });

  it('delivers an order paid on delivery into the bank named, and a rejected order gives its stock back', async () => {
    const bank = await glTotal(coop, GL.bank);
    const o = await placed(other.token, { items: [{ product_id: rice, quantity: 1 }], payment_method: 'ON_DELIVERY' });
    expect(await planNow(other.id, otherPlan.id)).toMatchObject({ lien: 0, available: 60000 });
    await step(o.id, 'confirm');
    const noBank = await step(o.id, 'deliver');
    expect(noBank.status).toBe(422);
    expect(noBank.body.errors?.bank_id).toBe('Please select the bank account the payment was received into');
    const done = await step(o.id, 'deliver', { bank_id: world.bank });
    expect(done.status, done.body.message).toBe(200);
    expect(done.body.data.bank_id).toBe(world.bank);
    expect(await moved(GL.bank, bank)).toEqual({ debit: 5_200_000, credit: 0 });

    const rejected = await placed(other.token, {
      items: [{ product_id: rice, quantity: 1 }],
      payment_method: 'SAVINGS',
      savings_id: otherPlan.id,
    });
    expect(await stockOf(rice)).toMatchObject({ on_hand: 11, available: 10 });
    expect((await step(rejected.id, 'reject', { comment: 'Wrong address' })).status).toBe(200);
    expect(await stockOf(rice)).toMatchObject({ on_hand: 11, available: 11 });
    expect(await planNow(other.id, otherPlan.id)).toMatchObject({ balance: 60000, lien: 0, available: 60000 });
    expect((await step(rejected.id, 'confirm')).status).toBe(409);
  });

  it('sells the last unit to one of two members ordering it at once', async () => {
    const last = await product('Last kettle', '5000', 1);
    await receive(last, 1, '3000');
    const [a, b] = await Promise.all([
      order(buyer.token, {
        items: [{ product_id: last, quantity: 1 }],
        payment_method: 'SAVINGS',
        savings_id: buyerPlan.id,
      }),
      order(other.token, {
        items: [{ product_id: last, quantity: 1 }],
        payment_method: 'SAVINGS',
        savings_id: otherPlan.id,
      }),
    ]);
    expect([a.status, b.status].filter((s) => s === 201)).toHaveLength(1);
    const loser = a.status === 201 ? b : a;
    expect([409, 422]).toContain(loser.status);
    expect(await stockOf(last)).toMatchObject({ on_hand: 1, available: 0, reserved: 1 });
    // The loser's savings are untouched.
    const loserPlan = a.status === 201 ? await planNow(other.id, otherPlan.id) : await planNow(buyer.id, buyerPlan.id);
    expect(loserPlan.lien).toBe(0);
    // Staff cancel the winner's order: the kettle and the winner's 5,000 come back.
    const winner = (a.status === 201 ? a : b).body.data;
    expect((await step(winner.id, 'confirm')).status).toBe(200);
    expect((await step(winner.id, 'cancel', { comment: 'Out of delivery range' })).status).toBe(200);
    expect(await stockOf(last)).toMatchObject({ on_hand: 1, available: 1, reserved: 0 });
    const winnerPlan = a.status === 201 ? await planNow(buyer.id, buyerPlan.id) : await planNow(other.id, otherPlan.id);
    expect(winnerPlan.lien).toBe(0);
  });

  it("lists the store's orders for staff by status, and a member's own orders only", async () => {
    const delivered = await asStaff<Paged<EshopOrderView>>('GET', '/cooperative/e-shop/order', {
      status: String(ESHOP_ORDER_STATUS.DELIVERED),
    });
    expect(delivered.status).toBe(200);
    expect(delivered.body.data.data).toHaveLength(2);
    expect(delivered.body.data.meta.total).toBe(2);
    expect(delivered.body.data.data.every((o) => o.status === ESHOP_ORDER_STATUS.DELIVERED)).toBe(true);
    const all = await asStaff<Paged<EshopOrderView>>('GET', '/cooperative/e-shop/order');
    expect(all.body.data.meta.total).toBe(all.body.data.data.length);

    const mine = await call<Paged<EshopOrderView>>('GET', '/member/e-shop/order', {
      token: other.token,
      query: { cooperative_id: coop },
    });
    expect(mine.status).toBe(200);
    expect(mine.body.data.data.length).toBeGreaterThan(0);
    expect(mine.body.data.data.every((o) => o.member_id === other.id)).toBe(true);
    const staffView = await call('GET', '/cooperative/e-shop/order', {
      token: other.token,
      query: { cooperative_id: coop },
    });
    expect(staffView.status).toBe(403);
  });
});

describe('returns and refunds', () => {
  const deliveredOrder = async (member: { token: string }, body: Record<string, unknown>, deliver = {}) => {
    const o = await placed(member.token, body);
    expect((await step(o.id, 'confirm')).status).toBe(200);
    const done = await step(o.id, 'deliver', deliver);
    expect(done.status, done.body.message).toBe(200);
    return done.body.data;
  };
  const giveBack = (orderId: string, returnedTo: string, reason = 'Wrong size') =>
    asStaff<EshopOrderView>('POST', '/cooperative/e-shop/order/return', {
      order_id: orderId,
      returned_to: returnedTo,
      reason,
    });

  it('refunds an order paid from savings into its plan and puts the goods back on the shelves at their cost', async () => {
    // Rice: 11 bags worth 451,000 (41,000 each) before this order.
    const o = await deliveredOrder(buyer, {
      items: [{ product_id: rice, quantity: 1 }],
      payment_method: 'SAVINGS',
      savings_id: buyerPlan.id,
    });
    expect(kobo(o.items[0].cost!)).toBe(4_100_000);
    expect(await planNow(buyer.id, buyerPlan.id)).toMatchObject({ balance: 44000, lien: 0, available: 44000 });
    const savingsGl = await glTotal(coop, GL.savings);
    const sales = await glTotal(coop, STORE.sales);
    const cost = await glTotal(coop, STORE.costOfSales);
    const inventory = await glTotal(coop, STORE.inventory);

    const pending = await placed(buyer.token, {
      items: [{ product_id: rice, quantity: 1 }],
      payment_method: 'ON_DELIVERY',
    });
    const early = await giveBack(pending.id, 'STOCK');
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('This order is Pending; only a Delivered order can be returned');
    expect((await step(pending.id, 'cancel')).status).toBe(200);
    const badInput = await giveBack(o.id, 'SHELF');
    expect(badInput.status).toBe(422);
    expect(badInput.body.errors?.returned_to).toBe('Please choose where the items go: STOCK or DAMAGES');

    const r = await giveBack(o.id, 'STOCK');
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.message).toBe(`Order ${o.order_no} returned and ₦52,000.00 refunded`);
    expect(r.body.data.status).toBe(ESHOP_ORDER_STATUS.RETURNED);
    expect(r.body.data.returned).toMatchObject({ returned_to: 'STOCK', reason: 'Wrong size', date: TODAY });
    expect(kobo(r.body.data.returned!.refunded)).toBe(5_200_000);
    expect(await planNow(buyer.id, buyerPlan.id)).toMatchObject({ balance: 96000, lien: 0, available: 96000 });
    expect(await moved(GL.savings, savingsGl)).toEqual({ debit: 0, credit: 5_200_000 });
    expect(await moved(STORE.sales, sales)).toEqual({ debit: 5_200_000, credit: 0 });
    expect(await moved(STORE.costOfSales, cost)).toEqual({ debit: 0, credit: 4_100_000 });
    expect(await moved(STORE.inventory, inventory)).toEqual({ debit: 4_100_000, credit: 0 });
    const stock = await stockOf(rice);
    expect(stock).toMatchObject({ on_hand: 11, available: 11 });
    expect(kobo(stock.value)).toBe(45_100_000);

    const again = await giveBack(o.id, 'STOCK');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This order is Returned; only a Delivered order can be returned');
    expect(await planNow(buyer.id, buyerPlan.id)).toMatchObject({ balance: 96000 });
  });

  it('refunds an order paid on delivery from its bank account and writes damaged goods off', async () => {
    const o = await deliveredOrder(
      other,
      { items: [{ product_id: rice, quantity: 1 }], payment_method: 'ON_DELIVERY' },
      { bank_id: world.bank },
    );
    const bank = await glTotal(coop, GL.bank);
    const loss = await glTotal(coop, STORE.inventoryLoss);
    const inventory = await glTotal(coop, STORE.inventory);
    // The bank account it was paid into made inactive: the refund waits for it, changing nothing.
    const bankBody = { bank_id: 33, account_no: '', coa_id: GL.bank, id: world.bank, cooperative_id: coop };
    const single = await call<{ account_no: string }>('GET', '/cooperative/bank-account/single', {
      token: staff,
      query: { cooperative_id: coop, id: world.bank },
    });
    bankBody.account_no = single.body.data.account_no;
    const setStatus = async (status: number) => {
      const r = await call('POST', '/cooperative/bank-account/update', { token: staff, body: { ...bankBody, status } });
      expect(r.status, r.body.message).toBe(200);
    };
    await setStatus(0);
    const waiting = await giveBack(o.id, 'DAMAGES', 'Bag burst in transit');
    await setStatus(1);
    expect(waiting.status).toBe(409);
    expect(waiting.body.message).toMatch(
      /^The bank account this order was paid into \(.+\) is inactive; activate it to refund the order$/,
    );
    expect(await moved(GL.bank, bank)).toEqual({ debit: 0, credit: 0 });
    const r = await giveBack(o.id, 'DAMAGES', 'Bag burst in transit');
    expect(r.status, r.body.message).toBe(200);
    expect(await moved(GL.bank, bank)).toEqual({ debit: 0, credit: 5_200_000 });
    expect(await moved(STORE.inventoryLoss, loss)).toEqual({ debit: 4_100_000, credit: 0 });
    expect(await moved(STORE.inventory, inventory)).toEqual({ debit: 4_100_000, credit: 4_100_000 });
    // 10 bags left after the delivery; the damaged one never comes back.
    const stock = await stockOf(rice);
    expect(stock).toMatchObject({ on_hand: 10, available: 10 });
    expect(kobo(stock.value)).toBe(41_000_000);
    const damages = await asStaff<Paged<StockMovementView>>('GET', '/cooperative/e-shop/damages');
    expect(damages.body.data.data[0]).toMatchObject({
      kind: 'DAMAGE',
      quantity: -1,
      order_id: o.id,
      reason: `Returned with order ${o.order_no}: Bag burst in transit`,
    });
    const returned = await asStaff<Paged<EshopOrderView>>('GET', '/cooperative/e-shop/order', {
      status: String(ESHOP_ORDER_STATUS.RETURNED),
    });
    expect(returned.body.data.data.map((x) => x.id).sort()).toHaveLength(2);
    expect(returned.body.data.meta.total).toBe(2);
  });
});

describe('customers', () => {
  it('lists the members who ordered with their orders and what they spent, and a blocked one cannot order', async () => {
    const r = await asStaff<Paged<EshopCustomerView>>('GET', '/cooperative/e-shop/customer');
    expect(r.status).toBe(200);
    expect(r.body.data.meta.total).toBe(2);
    const byId = new Map(r.body.data.data.map((c) => [c.member_id, c]));
    // Placed: the buyer 4 and the other member 3 (refusals make none), and the winner of the kettle 1 more.
    expect(byId.get(buyer.id)!.orders + byId.get(other.id)!.orders).toBe(8);
    expect(byId.get(buyer.id)!.orders).toBeGreaterThanOrEqual(4);
    expect(byId.get(other.id)!.orders).toBeGreaterThanOrEqual(3);
    // Delivered less refunded: 104,000 + 52,000 - 52,000; and 52,000 + 52,000 - 52,000.
    expect(kobo(byId.get(buyer.id)!.total_ordered)).toBe(10_400_000);
    expect(kobo(byId.get(other.id)!.total_ordered)).toBe(5_200_000);
    expect(byId.get(buyer.id)!.status).toBe(ESHOP_CUSTOMER_STATUS.ACTIVE);

    const block = await asStaff<EshopCustomerView>('POST', '/cooperative/e-shop/customer/status', {
      member_id: other.id,
      status: ESHOP_CUSTOMER_STATUS.BLOCKED,
    });
    expect(block.status, block.body.message).toBe(200);
    expect(block.body.data.status).toBe(ESHOP_CUSTOMER_STATUS.BLOCKED);
    const refused = await order(other.token, {
      items: [{ product_id: rice, quantity: 1 }],
      payment_method: 'ON_DELIVERY',
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('You are blocked from ordering in the store; please contact your cooperative');
    expect(await stockOf(rice)).toMatchObject({ on_hand: 10, available: 10 });

    await asStaff('POST', '/cooperative/e-shop/customer/status', {
      member_id: other.id,
      status: ESHOP_CUSTOMER_STATUS.ACTIVE,
    });
    const again = await placed(other.token, {
      items: [{ product_id: rice, quantity: 1 }],
      payment_method: 'ON_DELIVERY',
    });
    expect((await step(again.id, 'reject')).status).toBe(200);

    const unknown = await asStaff('POST', '/cooperative/e-shop/customer/status', { member_id: 'NOBODY1', status: 0 });
    expect(unknown.status).toBe(404);
    const bad = await asStaff('POST', '/cooperative/e-shop/customer/status', { member_id: other.id, status: 'x' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.status).toBe('Please select the status: 1 for Active or 0 for Block');
  });
});

describe('the books', () => {
  it('leaves the books balanced after all of it', async () => {
    const totals = await glTotals(coop);
    const debit = totals.reduce((sum, t) => sum + BigInt(t.debit), 0n);
    const credit = totals.reduce((sum, t) => sum + BigInt(t.credit), 0n);
    expect(debit).toBe(credit);
    expect(debit > 0n).toBe(true);
  });
});
