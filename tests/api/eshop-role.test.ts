import { beforeAll, describe, expect, it } from 'vitest';
import type {
  EshopCustomerView,
  EshopOrderView,
  EshopProductView,
  StockMovementView,
  StockView,
} from '@coopledger/shared/eshop-views';
import { today } from '@coopledger/shared/dates';
import { ESHOP_CUSTOMER_STATUS, ESHOP_ORDER_STATUS } from '@coopledger/shared/statuses';
import { standardAccount } from '../../functions/cooperatives/standard-chart.ts';
import { call, superToken, tokenFor } from './support/api.ts';
import { useRuntimeEnv } from './support/env.ts';
import type { PagedAnswer } from './support/paging.ts';
import type { SavingsWorld } from './support/savings.ts';
import { GL, glTotal, glTotals, newMember, savingsWorld } from './support/savings.ts';

/**
 * The store keeper (`eshop` role; docs/decisions.md 2026-11-27 "The store keeper"): a user of one
 * cooperative who keeps its store (stock, orders, customers, the catalogue) and reaches nothing
 * else: not its members, savings, loans or books, and nothing of another cooperative. Every figure
 * is worked out by hand from the unit cost and the selling price below.
 */
const STORE = {
  inventory: standardAccount('inventory'),
  sales: standardAccount('sales'),
  costOfSales: standardAccount('cost_of_sales'),
};
const TODAY = today();
const kobo = (naira: number | string) => Math.round(Number(naira) * 100);

/** A cooperative with a product in stock (8 at ₦1,800) and a member who can order. */
interface Store {
  world: SavingsWorld;
  coop: string;
  member: { id: string; token: string };
  product: string;
}

let own: Store;
let other: Store;
let keeper = '';
let keeperLogin = '';
let categoryId = '';

const as = <T>(token: string, coop: string, method: 'GET' | 'POST', path: string, fields: Record<string, unknown>) =>
  method === 'GET'
    ? call<T>('GET', path, { token, query: { cooperative_id: coop, ...fields } })
    : call<T>('POST', path, { token, body: { cooperative_id: coop, ...fields } });

async function storeOf(prefix: string): Promise<Store> {
  const world = await savingsWorld(prefix);
  const coop = world.ctx.coop;
  const made = await as<EshopProductView>(world.ctx.token, coop, 'POST', '/cooperative/e-shop/product', {
    name: `Garri 5kg ${world.ctx.tag}`,
    sku: `GAR-${world.ctx.tag}`,
    category_id: categoryId,
    status: 1,
    buying_price: '1800',
    selling_price: '2500',
    max_purchase_quantity: 5,
    low_stock_quantity: 1,
  });
  if (made.status !== 201) throw new Error(`Could not add a product: ${made.body.message}`);
  return { world, coop, member: await newMember(world), product: made.body.data.id };
}

async function stockOf(token: string, store: Store, productId = store.product): Promise<StockView> {
  const r = await as<PagedAnswer<StockView>>(token, store.coop, 'GET', '/cooperative/e-shop/stock', {
    per_page: '100',
  });
  expect(r.status, r.body.message).toBe(200);
  const row = r.body.data.data.find((s) => s.product_id === productId);
  if (!row) throw new Error(`No stock row for ${productId}`);
  return row;
}

const receive = (token: string, store: Store, quantity: number, unitCost: string) =>
  as<StockMovementView>(token, store.coop, 'POST', '/cooperative/e-shop/stock/receipt', {
    product_id: store.product,
    quantity,
    unit_cost: unitCost,
    supplier: 'Bodija Market',
    date: TODAY,
    bank_id: store.world.bank,
  });

const order = (store: Store, quantity: number) =>
  as<EshopOrderView>(store.member.token, store.coop, 'POST', '/member/e-shop/order', {
    items: [{ product_id: store.product, quantity }],
    payment_method: 'ON_DELIVERY',
  });

async function orderOf(token: string, store: Store, orderId: string): Promise<EshopOrderView> {
  const r = await as<EshopOrderView>(token, store.coop, 'GET', '/cooperative/e-shop/order/single', {
    order_id: orderId,
  });
  expect(r.status, r.body.message).toBe(200);
  return r.body.data;
}

async function customerOf(token: string, store: Store): Promise<EshopCustomerView | undefined> {
  const r = await as<PagedAnswer<EshopCustomerView>>(token, store.coop, 'GET', '/cooperative/e-shop/customer', {
    per_page: '100',
  });
  expect(r.status, r.body.message).toBe(200);
  return r.body.data.data.find((c) => c.member_id === store.member.id);
}

const moved = async (coop: string, code: string, before: { debit: number; credit: number }) => {
  const now = await glTotal(coop, code);
  return { debit: Number(now.debit) - Number(before.debit), credit: Number(now.credit) - Number(before.credit) };
};

beforeAll(async () => {
  useRuntimeEnv();
  const category = await call<{ id: string }>('POST', '/e-shop/admin/product-category', {
    token: await superToken(),
    body: { name: `Provisions ${Date.now().toString(36)}`, status: 1, description: 'Store keeper tests' },
  });
  categoryId = category.body.data.id;
  [own, other] = await Promise.all([storeOf('KEEP'), storeOf('KEPX')]);
  // The other cooperative's store has stock and a Pending order of its member.
  expect((await receive(other.world.ctx.token, other, 8, '1800')).status).toBe(201);
  expect((await order(other, 2)).status).toBe(201);
}, 180_000);

describe('a store keeper', () => {
  it('is added to a cooperative like its staff, and signs in as a store keeper', async () => {
    keeperLogin = `KEEPER${own.world.ctx.tag}`;
    const made = await call<{ role_name: string; cooperative_id: string }>('POST', '/user/coopledger', {
      token: await superToken(),
      body: {
        coop_id: keeperLogin,
        firstname: 'Tola',
        lastname: 'Storekeeper',
        email: `${keeperLogin.toLowerCase()}@example.com`,
        role_id: 'eshop',
        cooperative_id: own.coop,
        password: 'secret12',
        confirm_password: 'secret12',
      },
    });
    expect(made.status, made.body.message).toBe(201);
    expect(made.body.data).toMatchObject({ role_name: 'eshop', cooperative_id: own.coop });
    keeper = await tokenFor(keeperLogin, 'secret12');
    const me = await call<{ user: { role_name: string; coop_id: string }; member: unknown }>('GET', '/auth/me', {
      token: keeper,
    });
    expect(me.body.data).toMatchObject({ user: { role_name: 'eshop', coop_id: keeperLogin }, member: null });
    // Their cooperative's brand for the shell, without its members' and money figures.
    const coop = await call<Record<string, unknown>>('GET', '/cooperative', { token: keeper });
    expect(coop.status).toBe(200);
    expect(Object.keys(coop.body.data).sort()).toEqual(['code', 'colors', 'id', 'logo', 'name']);
  });

  it('receives stock, adds a product, confirms and delivers an order, and blocks and unblocks its customer', async () => {
    const inventory = await glTotal(own.coop, STORE.inventory);
    const bank = await glTotal(own.coop, GL.bank);
    const sales = await glTotal(own.coop, STORE.sales);
    const cost = await glTotal(own.coop, STORE.costOfSales);

    // 8 at ₦1,800: ₦14,400 of stock, paid from the bank.
    const receipt = await receive(keeper, own, 8, '1800');
    expect(receipt.status, receipt.body.message).toBe(201);
    expect(receipt.body.data).toMatchObject({ kind: 'RECEIPT', quantity: 8, created_by: keeperLogin });
    expect(await stockOf(keeper, own)).toMatchObject({ on_hand: 8, available: 8, reserved: 0 });
    expect(await moved(own.coop, STORE.inventory, inventory)).toEqual({ debit: 1_440_000, credit: 0 });
    expect(await moved(own.coop, GL.bank, bank)).toEqual({ debit: 0, credit: 1_440_000 });

    // The catalogue is theirs to change (the Role Access grid's Setup row).
    const added = await as<EshopProductView>(keeper, own.coop, 'POST', '/cooperative/e-shop/product', {
      name: 'Beans 1kg',
      sku: `BNS-${own.world.ctx.tag}`,
      category_id: categoryId,
      status: 1,
      buying_price: '900',
      selling_price: '1200',
      max_purchase_quantity: 4,
      low_stock_quantity: 1,
    });
    expect(added.status, added.body.message).toBe(201);
    expect(added.body.data).toMatchObject({ name: 'Beans 1kg', created_by: keeperLogin });

    // 3 x ₦2,500 = ₦7,500, paid on delivery.
    const placed = await order(own, 3);
    expect(placed.status, placed.body.message).toBe(201);
    const orderId = placed.body.data.id;
    const confirmed = await as<EshopOrderView>(keeper, own.coop, 'POST', '/cooperative/e-shop/order/status', {
      order_id: orderId,
      action: 'confirm',
    });
    expect(confirmed.status, confirmed.body.message).toBe(200);
    expect(confirmed.body.data.status).toBe(ESHOP_ORDER_STATUS.CONFIRMED);
    const delivered = await as<EshopOrderView>(keeper, own.coop, 'POST', '/cooperative/e-shop/order/status', {
      order_id: orderId,
      action: 'deliver',
      bank_id: own.world.bank,
    });
    expect(delivered.status, delivered.body.message).toBe(200);
    expect(delivered.body.data.status).toBe(ESHOP_ORDER_STATUS.DELIVERED);
    expect((await orderOf(keeper, own, orderId)).history.map((s) => [s.status, s.by.toUpperCase()]).slice(1)).toEqual([
      [ESHOP_ORDER_STATUS.CONFIRMED, keeperLogin],
      [ESHOP_ORDER_STATUS.DELIVERED, keeperLogin],
    ]);
    // The sale: ₦7,500 into the bank; its cost 3 x ₦1,800 = ₦5,400 out of inventory.
    expect(await moved(own.coop, STORE.sales, sales)).toEqual({ debit: 0, credit: 750_000 });
    expect(await moved(own.coop, GL.bank, bank)).toEqual({ debit: 750_000, credit: 1_440_000 });
    expect(await moved(own.coop, STORE.costOfSales, cost)).toEqual({ debit: 540_000, credit: 0 });
    expect(await moved(own.coop, STORE.inventory, inventory)).toEqual({ debit: 1_440_000, credit: 540_000 });
    expect(await stockOf(keeper, own)).toMatchObject({ on_hand: 5, available: 5, reserved: 0 });

    const blocked = await as<EshopCustomerView>(keeper, own.coop, 'POST', '/cooperative/e-shop/customer/status', {
      member_id: own.member.id,
      status: ESHOP_CUSTOMER_STATUS.BLOCKED,
    });
    expect(blocked.status, blocked.body.message).toBe(200);
    expect(blocked.body.data).toMatchObject({ member_id: own.member.id, status: ESHOP_CUSTOMER_STATUS.BLOCKED });
    const refused = await order(own, 1);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('You are blocked from ordering in the store; please contact your cooperative');
    expect(await stockOf(keeper, own)).toMatchObject({ on_hand: 5, available: 5, reserved: 0 });
    expect(await customerOf(keeper, own)).toMatchObject({ orders: 1, status: ESHOP_CUSTOMER_STATUS.BLOCKED });

    const unblocked = await as<EshopCustomerView>(keeper, own.coop, 'POST', '/cooperative/e-shop/customer/status', {
      member_id: own.member.id,
      status: ESHOP_CUSTOMER_STATUS.ACTIVE,
    });
    expect(unblocked.status, unblocked.body.message).toBe(200);
    expect(await customerOf(keeper, own)).toMatchObject({ orders: 1, status: ESHOP_CUSTOMER_STATUS.ACTIVE });
    expect(kobo((await customerOf(keeper, own))!.total_ordered)).toBe(750_000);
  });

  it("is refused the cooperative's members, savings, loans and books, and nothing changes", async () => {
    const books = await glTotals(own.coop);
    const refusals: [string, Promise<{ status: number; body: { status: boolean } }>][] = [
      ['member list', as(keeper, own.coop, 'GET', '/cooperative/member', {})],
      ['savings', as(keeper, own.coop, 'GET', '/savings', { coop_id: own.member.id })],
      ['loans', as(keeper, own.coop, 'GET', '/cooperative/loans/list', {})],
      ['journal list', as(keeper, own.coop, 'GET', '/cooperative/journal-entry', {})],
      [
        'journal entry',
        as(keeper, own.coop, 'POST', '/cooperative/journal-entry', {
          date: TODAY,
          description: 'Not the store keeper’s to post',
          lines: [
            { gl_code: GL.bank, description: 'Bank', debit: '100', credit: '0' },
            { gl_code: STORE.sales, description: 'Sales', debit: '0', credit: '100' },
          ],
        }),
      ],
      [
        'savings deposit',
        as(keeper, own.coop, 'POST', '/cooperative/transaction-order', {
          coop_id: own.member.id,
          amount: '1000',
          transaction_type: 'deposit',
        }),
      ],
    ];
    for (const [what, answer] of refusals) {
      const r = await answer;
      expect(r.status, what).toBe(403);
      expect(r.body.status, what).toBe(false);
    }
    expect(await glTotals(own.coop)).toEqual(books);
  });

  it('is refused acting in another cooperative, and nothing of it changes', async () => {
    const superAdmin = await superToken();
    const [pending] = (
      await as<PagedAnswer<EshopOrderView>>(superAdmin, other.coop, 'GET', '/cooperative/e-shop/order', {})
    ).body.data.data;
    expect(pending.status).toBe(ESHOP_ORDER_STATUS.PENDING);
    const books = await glTotals(other.coop);
    const stock = await stockOf(superAdmin, other);

    const refusals: [string, Promise<{ status: number; body: { status: boolean } }>][] = [
      ['stock list', as(keeper, other.coop, 'GET', '/cooperative/e-shop/stock', {})],
      ['orders list', as(keeper, other.coop, 'GET', '/cooperative/e-shop/order', {})],
      ['customers list', as(keeper, other.coop, 'GET', '/cooperative/e-shop/customer', {})],
      ['receipt', receive(keeper, other, 5, '1000')],
      [
        'confirm',
        as(keeper, other.coop, 'POST', '/cooperative/e-shop/order/status', {
          order_id: pending.id,
          action: 'confirm',
        }),
      ],
      [
        'block',
        as(keeper, other.coop, 'POST', '/cooperative/e-shop/customer/status', {
          member_id: other.member.id,
          status: ESHOP_CUSTOMER_STATUS.BLOCKED,
        }),
      ],
      [
        'product',
        as(keeper, other.coop, 'POST', '/cooperative/e-shop/product/update', {
          product_id: other.product,
          selling_price: '1',
        }),
      ],
    ];
    for (const [what, answer] of refusals) {
      const r = await answer;
      expect(r.status, what).toBe(403);
      expect(r.body.status, what).toBe(false);
    }
    expect((await orderOf(superAdmin, other, pending.id)).status).toBe(ESHOP_ORDER_STATUS.PENDING);
    expect(await stockOf(superAdmin, other)).toEqual(stock);
    expect(await customerOf(superAdmin, other)).toMatchObject({ status: ESHOP_CUSTOMER_STATUS.ACTIVE });
    const product = await as<EshopProductView>(superAdmin, other.coop, 'GET', '/cooperative/e-shop/product/single', {
      product_id: other.product,
    });
    expect(product.body.data.selling_price).toBe(2500);
    expect(await glTotals(other.coop)).toEqual(books);
  });
});
