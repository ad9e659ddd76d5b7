import ExcelJS from 'exceljs';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  EshopDashboardView,
  EshopSalesFiguresView,
  EshopSalesReportView,
  EshopTransactionView,
} from '@coopledger/shared/eshop-report-views';
import type { EshopOrderView, StockView } from '@coopledger/shared/eshop-views';
import { ESHOP_ORDER_STATUS } from '@coopledger/shared/statuses';
import { loanFormText } from '../../functions/loanforms/pdf-text.ts';
import { apiUrl, call, superToken } from './support/api.ts';
import { useRuntimeEnv } from './support/env.ts';
import type { PagedAnswer } from './support/paging.ts';
import { walkPages } from './support/paging.ts';
import type { PlanRow, SavingsWorld } from './support/savings.ts';
import { deposited, newMember, planOf, savingsWorld } from './support/savings.ts';

/**
 * The store's dashboard and reports (issue 22): orders delivered and returned on known days, with
 * prices and costs worked out by hand below from the receipts' unit costs (average cost) and the
 * selling prices, then every figure the dashboard, the reports and their files give checked
 * against them. Kobo throughout.
 */
let world: SavingsWorld;
let coop = '';
let staff = '';
let buyer = { id: '', token: '' };
let other = { id: '', token: '' };
let buyerPlan: PlanRow;
let provisions = '';
let appliances = '';
const P = { rice: '', oil: '', kettle: '', sugar: '', fan: '', hidden: '' };
const orders: Record<'o1' | 'o2' | 'o3' | 'o4' | 'o5' | 'o6', EshopOrderView> = {} as never;

const RECEIVED = '2026-03-01';
const D1 = '2026-03-10';
const D2 = '2026-03-12';
const D3 = '2026-04-02';
const PERIOD = { from: '2026-03-01', to: '2026-04-30' };

const kobo = (naira: number | string | null) => Math.round(Number(naira) * 100);
const asStaff = <T>(method: 'GET' | 'POST', path: string, body: Record<string, unknown> = {}) =>
  method === 'GET'
    ? call<T>('GET', path, { token: staff, query: { cooperative_id: coop, ...(body as Record<string, string>) } })
    : call<T>('POST', path, { token: staff, body: { cooperative_id: coop, ...body } });

async function product(
  name: string,
  selling: string,
  options: { category?: string; max?: number; low?: number; status?: number } = {},
): Promise<string> {
  const r = await asStaff<{ id: string }>('POST', '/cooperative/e-shop/product', {
    name,
    sku: `${name.slice(0, 4).toUpperCase().replace(/\W/g, '')}-${world.ctx.tag}-${Math.random().toString(36).slice(2, 6)}`,
    category_id: options.category ?? provisions,
    status: options.status ?? 1,
    buying_price: '100',
    selling_price: selling,
    max_purchase_quantity: options.max ?? 10,
    low_stock_quantity: options.low ?? 0,
  });
  if (r.status !== 201) throw new Error(`Could not add a product: ${r.status} ${r.body.message}`);
  return r.body.data.id;
}

async function receive(productId: string, quantity: number, unitCost: string, date = RECEIVED) {
  const r = await asStaff('POST', '/cooperative/e-shop/stock/receipt', {
    product_id: productId,
    quantity,
    unit_cost: unitCost,
    supplier: 'Mile 12 Market',
    date,
    bank_id: world.bank,
  });
  if (r.status !== 201) throw new Error(`Could not receive stock: ${r.status} ${r.body.message}`);
}

async function placed(token: string, body: Record<string, unknown>): Promise<EshopOrderView> {
  const r = await call<EshopOrderView>('POST', '/member/e-shop/order', {
    token,
    body: { cooperative_id: coop, ...body },
  });
  if (r.status !== 201)
    throw new Error(`Could not order: ${r.status} ${r.body.message} ${JSON.stringify(r.body.errors)}`);
  return r.body.data;
}

async function step(orderId: string, action: string, extra: Record<string, unknown> = {}): Promise<EshopOrderView> {
  const r = await asStaff<EshopOrderView>('POST', '/cooperative/e-shop/order/status', {
    order_id: orderId,
    action,
    ...extra,
  });
  if (r.status !== 200) throw new Error(`Could not ${action}: ${r.status} ${r.body.message}`);
  return r.body.data;
}

/** Confirms and delivers an order on `date` (into the bank when paid on delivery). */
async function delivered(o: EshopOrderView, date: string): Promise<EshopOrderView> {
  await step(o.id, 'confirm');
  return step(o.id, 'deliver', { date, ...(o.payment_method === 'ON_DELIVERY' ? { bank_id: world.bank } : {}) });
}

/** Figures as the test writes them: kobo, and counts. */
interface Figures {
  orders: number;
  units: number;
  sales: number;
  cost: number;
  returned_orders?: number;
  returned_units?: number;
  returns?: number;
  returns_cost?: number;
}

/** What the API's figures should be, net sales, net cost and margin worked out from them. */
function expected(f: Figures) {
  const returns = f.returns ?? 0;
  const returnsCost = f.returns_cost ?? 0;
  return {
    orders: f.orders,
    units: f.units,
    sales: f.sales,
    cost: f.cost,
    returned_orders: f.returned_orders ?? 0,
    returned_units: f.returned_units ?? 0,
    returns,
    returns_cost: returnsCost,
    net_sales: f.sales - returns,
    net_cost: f.cost - returnsCost,
    margin: f.sales - returns - (f.cost - returnsCost),
  };
}

/** The API's figures in kobo. */
const inKobo = (v: EshopSalesFiguresView) => ({
  orders: v.orders,
  units: v.units,
  sales: kobo(v.sales),
  cost: kobo(v.cost),
  returned_orders: v.returned_orders,
  returned_units: v.returned_units,
  returns: kobo(v.returns),
  returns_cost: kobo(v.returns_cost),
  net_sales: kobo(v.net_sales),
  net_cost: kobo(v.net_cost),
  margin: kobo(v.margin),
});

const NONE = expected({ orders: 0, units: 0, sales: 0, cost: 0 });

// The sales, worked out by hand.
// Rice: 10 received at 40,000 (average 40,000). Oil: 20 at 1,000 and 10 at 1,300: 33,000 for 30 (1,100 each).
// O1 (D1, savings): 2 rice at 52,000 and 3 oil at 1,500.50 = 104,000 + 4,501.50 = 108,501.50; cost 80,000 + 3,300.
// O2 (D1, on delivery): 1 kettle at 9,800, cost 8,000; returned to stock on D2.
// O3 (D2, on delivery): 5 oil = 7,502.50; 27 oil worth 29,700 left, so 5 cost 5,500.
// O4 (D3, on delivery): 1 rice = 52,000; 8 rice worth 320,000 left, so 1 costs 40,000.
const DAY1 = expected({ orders: 2, units: 6, sales: 11_830_150, cost: 9_130_000 });
const DAY2 = expected({
  orders: 1,
  units: 5,
  sales: 750_250,
  cost: 550_000,
  returned_orders: 1,
  returned_units: 1,
  returns: 980_000,
  returns_cost: 800_000,
});
const DAY3 = expected({ orders: 1, units: 1, sales: 5_200_000, cost: 4_000_000 });
const MARCH = expected({
  orders: 3,
  units: 11,
  sales: 12_580_400,
  cost: 9_680_000,
  returned_orders: 1,
  returned_units: 1,
  returns: 980_000,
  returns_cost: 800_000,
});
const TOTAL = expected({
  orders: 4,
  units: 12,
  sales: 17_780_400,
  cost: 13_680_000,
  returned_orders: 1,
  returned_units: 1,
  returns: 980_000,
  returns_cost: 800_000,
});
const RICE = expected({ orders: 2, units: 3, sales: 15_600_000, cost: 12_000_000 });
const OIL = expected({ orders: 2, units: 8, sales: 1_200_400, cost: 880_000 });
const KETTLE = expected({
  orders: 1,
  units: 1,
  sales: 980_000,
  cost: 800_000,
  returned_orders: 1,
  returned_units: 1,
  returns: 980_000,
  returns_cost: 800_000,
});

beforeAll(async () => {
  useRuntimeEnv();
  world = await savingsWorld('RPT');
  coop = world.ctx.coop;
  staff = world.ctx.token;
  const category = (name: string) =>
    call<{ id: string }>('POST', '/e-shop/admin/product-category', {
      token: staff,
      body: { name: `${name} ${world.ctx.tag}`, status: 1, description: name },
    }).then((r) => r.body.data.id);
  [provisions, appliances] = await Promise.all([category('Provisions'), category('Appliances')]);
  [buyer, other] = await Promise.all([newMember(world), newMember(world)]);
  buyerPlan = await planOf(world, buyer.id);
  await deposited(world, buyerPlan.id, '200000');

  P.rice = await product('Basmati rice 5kg', '52000', { max: 3, low: 5 });
  P.oil = await product('Groundnut oil 1L', '1500.50', { low: 10 });
  P.kettle = await product('Electric kettle', '9800', { category: appliances, max: 1, low: 2 });
  P.sugar = await product('Cube sugar', '1400', { low: 20 });
  P.fan = await product('Desk fan', '15000', { category: appliances, low: 1 });
  P.hidden = await product('Hidden blender', '30000', { category: appliances, status: 0, low: 3 });
  await receive(P.rice, 10, '40000');
  await receive(P.oil, 20, '1000');
  await receive(P.oil, 10, '1300');
  await receive(P.kettle, 3, '8000');
  await receive(P.sugar, 100, '1100');

  orders.o1 = await placed(buyer.token, {
    items: [
      { product_id: P.rice, quantity: 2 },
      { product_id: P.oil, quantity: 3 },
    ],
    payment_method: 'SAVINGS',
    savings_id: buyerPlan.id,
  });
  orders.o2 = await placed(other.token, {
    items: [{ product_id: P.kettle, quantity: 1 }],
    payment_method: 'ON_DELIVERY',
  });
  orders.o3 = await placed(buyer.token, { items: [{ product_id: P.oil, quantity: 5 }], payment_method: 'ON_DELIVERY' });
  orders.o4 = await placed(other.token, {
    items: [{ product_id: P.rice, quantity: 1 }],
    payment_method: 'ON_DELIVERY',
  });
  orders.o1 = await delivered(orders.o1, D1);
  orders.o2 = await delivered(orders.o2, D1);
  orders.o3 = await delivered(orders.o3, D2);
  const back = await asStaff<EshopOrderView>('POST', '/cooperative/e-shop/order/return', {
    order_id: orders.o2.id,
    returned_to: 'STOCK',
    reason: 'Does not boil',
    date: D2,
  });
  if (back.status !== 200) throw new Error(`Could not return: ${back.status} ${back.body.message}`);
  orders.o4 = await delivered(orders.o4, D3);
  // Still Pending (holding one of the three kettles), and one cancelled by its member.
  orders.o5 = await placed(other.token, {
    items: [{ product_id: P.kettle, quantity: 1 }],
    payment_method: 'ON_DELIVERY',
  });
  orders.o6 = await placed(buyer.token, {
    items: [{ product_id: P.sugar, quantity: 2 }],
    payment_method: 'ON_DELIVERY',
  });
  const cancel = await call('POST', '/member/e-shop/order/cancel', {
    token: buyer.token,
    body: { cooperative_id: coop, order_id: orders.o6.id },
  });
  if (cancel.status !== 200) throw new Error(`Could not cancel: ${cancel.status}`);
}, 240_000);

const dashboard = (query: Record<string, string> = {}) =>
  asStaff<EshopDashboardView>('GET', '/cooperative/e-shop/dashboard', query);

describe('the dashboard', () => {
  it("shows the period's sales by day and month, top products, low stock, orders by status and stock value", async () => {
    const r = await dashboard(PERIOD);
    expect(r.status, r.body.message).toBe(200);
    const d = r.body.data;
    expect(inKobo(d.totals)).toEqual(TOTAL);

    // Every day of the period, 1 March to 30 April: 61 days, three with sales.
    expect(d.sales_by_day).toHaveLength(61);
    expect(d.sales_by_day[0].date).toBe('2026-03-01');
    expect(d.sales_by_day.at(-1)?.date).toBe('2026-04-30');
    const day = (date: string) => inKobo(d.sales_by_day.find((x) => x.date === date)!);
    expect(day(D1)).toEqual(DAY1);
    expect(day(D2)).toEqual(DAY2);
    expect(day(D3)).toEqual(DAY3);
    expect(d.sales_by_day.filter((x) => ![D1, D2, D3].includes(x.date)).map(inKobo)).toEqual(
      Array.from({ length: 58 }, () => NONE),
    );

    // The 12 months to April 2026.
    expect(d.sales_by_month.map((m) => m.month)).toEqual([
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
    ]);
    expect(inKobo(d.sales_by_month[10])).toEqual(MARCH);
    expect(inKobo(d.sales_by_month[11])).toEqual(DAY3);
    expect(d.sales_by_month.slice(0, 10).map(inKobo)).toEqual(Array.from({ length: 10 }, () => NONE));

    // Net sales: rice 156,000, oil 12,004, the kettle 0 (sold and returned); sugar sold nothing.
    expect(d.top_products.map((p) => p.product_id)).toEqual([P.rice, P.oil, P.kettle]);
    expect(d.top_products.map(inKobo)).toEqual([RICE, OIL, KETTLE]);
    expect(d.top_products[0].name).toBe('Basmati rice 5kg');

    // The fan was never stocked (0 ≤ 1); of the 3 kettles one is held by O5 (2 ≤ 2); the hidden blender is Inactive.
    expect(d.low_stock.map(({ sku: _sku, ...rest }) => rest)).toEqual([
      { product_id: P.fan, name: 'Desk fan', on_hand: 0, available: 0, low_stock_quantity: 1 },
      { product_id: P.kettle, name: 'Electric kettle', on_hand: 3, available: 2, low_stock_quantity: 2 },
    ]);

    const counts = Object.fromEntries(d.orders_by_status.map((s) => [s.status, s.count]));
    expect(counts).toEqual({
      [ESHOP_ORDER_STATUS.PENDING]: 1,
      [ESHOP_ORDER_STATUS.CONFIRMED]: 0,
      [ESHOP_ORDER_STATUS.ON_THE_WAY]: 0,
      [ESHOP_ORDER_STATUS.DELIVERED]: 3,
      [ESHOP_ORDER_STATUS.CANCELLED]: 1,
      [ESHOP_ORDER_STATUS.REJECTED]: 0,
      [ESHOP_ORDER_STATUS.RETURNED]: 1,
    });

    // Rice 400,000 - 80,000 - 40,000; oil 33,000 - 3,300 - 5,500; kettles 24,000 (the returned one back);
    // sugar 110,000.
    expect(kobo(d.stock_value)).toBe(28_000_000 + 2_420_000 + 2_400_000 + 11_000_000);
    expect(d.products).toBe(6);
    // Nothing is sold through payroll deduction yet.
    expect(kobo(d.receivables_by_payroll)).toBe(0);

    // The stock value is the stock list's values added up.
    const stock = await asStaff<{ data: StockView[] }>('GET', '/cooperative/e-shop/stock', { per_page: '100' });
    expect(stock.body.data.data.reduce((sum, s) => sum + kobo(s.value), 0)).toBe(kobo(d.stock_value));
  });

  it('ranks products by the sales of the period asked for (whole months, partial months and one day)', async () => {
    // From 11 March: O1 and O2's deliveries are out; the kettle's return is in (net -9,800).
    const partial = await dashboard({ from: '2026-03-11', to: '2026-04-30' });
    expect(partial.status, partial.body.message).toBe(200);
    expect(partial.body.data.top_products.map((p) => [p.product_id, kobo(p.net_sales)])).toEqual([
      [P.rice, 5_200_000],
      [P.oil, 750_250],
      [P.kettle, -980_000],
    ]);
    expect(inKobo(partial.body.data.totals)).toEqual(
      expected({
        orders: 2,
        units: 6,
        sales: 5_950_250,
        cost: 4_550_000,
        returned_orders: 1,
        returned_units: 1,
        returns: 980_000,
        returns_cost: 800_000,
      }),
    );
    // 10 March only: rice 104,000, the kettle 9,800, oil 4,501.50.
    const one = await dashboard({ from: D1, to: D1 });
    expect(one.body.data.top_products.map((p) => [p.product_id, kobo(p.net_sales)])).toEqual([
      [P.rice, 10_400_000],
      [P.kettle, 980_000],
      [P.oil, 450_150],
    ]);
    expect(one.body.data.sales_by_day.map(inKobo)).toEqual([DAY1]);
  });

  it('reads the last 30 days by default, a year and a day at most, and refuses a reversed or bad period', async () => {
    const recent = await dashboard();
    expect(recent.status, recent.body.message).toBe(200);
    expect(recent.body.data.sales_by_day).toHaveLength(30);
    expect(recent.body.data.to).toBe(recent.body.data.sales_by_day.at(-1)?.date);
    expect(inKobo(recent.body.data.totals)).toEqual(NONE);

    expect((await dashboard({ from: '2025-01-01', to: '2026-01-01' })).status).toBe(200);
    const refusals: [Record<string, string>, string, string][] = [
      [{ from: '2025-01-01', to: '2026-01-02' }, 'from', 'Choose a period of at most 366 days'],
      [{ from: '2026-04-30', to: '2026-03-01' }, 'to', 'The end date must not be before the start date'],
      [{ from: '2026-02-30', to: '2026-03-01' }, 'from', 'This is not a valid date'],
      [{ from: '1 March', to: '2026-03-01' }, 'from', 'Use the date format YYYY-MM-DD'],
    ];
    for (const [query, field, message] of refusals) {
      for (const path of ['dashboard', 'report/sales', 'report/transactions']) {
        const r = await asStaff('GET', `/cooperative/e-shop/${path}`, query);
        expect(r.status, `${path} ${JSON.stringify(query)}`).toBe(422);
        expect(r.body.errors?.[field]).toBe(message);
      }
    }
  });

  it('is for the store staff only', async () => {
    const r = await call('GET', '/cooperative/e-shop/dashboard', {
      token: buyer.token,
      query: { cooperative_id: coop },
    });
    expect(r.status).toBe(403);
  });
});

/** Every sheet of an .xlsx download, each as rows of cell values. */
async function downloaded(path: string, query: Record<string, string>) {
  const url = new URL(`${apiUrl()}/api/v1${path}`);
  for (const [k, v] of Object.entries({ cooperative_id: coop, ...query })) url.searchParams.set(k, v);
  const response = await fetch(url, { headers: { authorization: `Bearer ${staff}` } });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, type: response.headers.get('content-type'), bytes };
}

async function sheets(bytes: Buffer): Promise<Record<string, unknown[][]>> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const found: Record<string, unknown[][]> = {};
  for (const sheet of book.worksheets) {
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    found[sheet.name] = rows;
  }
  return found;
}

/** A figures row of the sales workbook as the test expects it: counts and naira. */
const sheetFigures = (f: ReturnType<typeof expected>) => [
  f.orders,
  f.units,
  f.sales / 100,
  f.returned_units,
  f.returns / 100,
  f.net_sales / 100,
  f.net_cost / 100,
  f.margin / 100,
];

describe('the sales report', () => {
  it('gives sales by product and by day or month with totals, and the same in its .xlsx', async () => {
    const byDay = await asStaff<EshopSalesReportView>('GET', '/cooperative/e-shop/report/sales', PERIOD);
    expect(byDay.status, byDay.body.message).toBe(200);
    expect(byDay.body.data.group).toBe('day');
    expect(byDay.body.data.products.map((p) => [p.name, inKobo(p)])).toEqual([
      ['Basmati rice 5kg', RICE],
      ['Groundnut oil 1L', OIL],
      ['Electric kettle', KETTLE],
    ]);
    // By day: the days with sales or returns only.
    expect(byDay.body.data.periods.map((p) => [p.period, inKobo(p)])).toEqual([
      [D1, DAY1],
      [D2, DAY2],
      [D3, DAY3],
    ]);
    expect(inKobo(byDay.body.data.totals)).toEqual(TOTAL);

    const byMonth = await asStaff<EshopSalesReportView>('GET', '/cooperative/e-shop/report/sales', {
      ...PERIOD,
      group: 'month',
    });
    expect(byMonth.body.data.periods.map((p) => [p.period, inKobo(p)])).toEqual([
      ['2026-03', MARCH],
      ['2026-04', DAY3],
    ]);
    const bad = await asStaff('GET', '/cooperative/e-shop/report/sales', { ...PERIOD, group: 'week' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.group).toBe('Choose how to group the sales: day or month');

    const file = await downloaded('/cooperative/e-shop/report/sales', { ...PERIOD, group: 'month', download: 'true' });
    expect(file.status).toBe(200);
    const book = await sheets(file.bytes);
    expect(Object.keys(book)).toEqual(['By product', 'By month']);
    const products = book['By product'];
    expect(products[0]).toEqual([
      'Product',
      'SKU',
      'Orders',
      'Units sold',
      'Sales',
      'Units returned',
      'Returns',
      'Net sales',
      'Cost',
      'Margin',
    ]);
    expect(products.slice(1).map((row) => [row[0], ...row.slice(2)])).toEqual([
      ['Basmati rice 5kg', ...sheetFigures(RICE)],
      ['Groundnut oil 1L', ...sheetFigures(OIL)],
      ['Electric kettle', ...sheetFigures(KETTLE)],
      ['Total', ...sheetFigures(TOTAL)],
    ]);
    expect(book['By month'].slice(1)).toEqual([
      ['2026-03', ...sheetFigures(MARCH)],
      ['2026-04', ...sheetFigures(DAY3)],
      ['Total', ...sheetFigures(TOTAL)],
    ]);
  });
});

type Paged<T> = PagedAnswer<T> & { meta: { total: number } };

describe('the transactions report', () => {
  const read = (query: Record<string, string>) =>
    asStaff<Paged<EshopTransactionView>>('GET', '/cooperative/e-shop/report/transactions', { ...PERIOD, ...query });
  const shape = (t: EshopTransactionView) => [
    t.date,
    t.kind,
    t.order_no ?? t.product_name,
    t.quantity,
    kobo(t.amount),
    kobo(t.cost),
  ];
  // Newest first: by date, then the later of one day first. Receipts: value received at cost.
  const EXPECTED = () => [
    [D3, 'SALE', orders.o4.order_no, 1, 5_200_000, 4_000_000],
    [D2, 'RETURN', orders.o2.order_no, 1, 980_000, 800_000],
    [D2, 'SALE', orders.o3.order_no, 5, 750_250, 550_000],
    [D1, 'SALE', orders.o2.order_no, 1, 980_000, 800_000],
    [D1, 'SALE', orders.o1.order_no, 5, 10_850_150, 8_330_000],
    [RECEIVED, 'RECEIPT', 'Cube sugar', 100, 0, 11_000_000],
    [RECEIVED, 'RECEIPT', 'Electric kettle', 3, 0, 2_400_000],
    [RECEIVED, 'RECEIPT', 'Groundnut oil 1L', 10, 0, 1_300_000],
    [RECEIVED, 'RECEIPT', 'Groundnut oil 1L', 20, 0, 2_000_000],
    [RECEIVED, 'RECEIPT', 'Basmati rice 5kg', 10, 0, 40_000_000],
  ];

  it("pages the period's sales, returns and stock receipts newest first, each once", async () => {
    const rows = await walkPages(read, { perPage: 3 });
    expect(new Set(rows.map((t) => t.id)).size).toBe(rows.length);
    expect(rows.map(shape)).toEqual(EXPECTED());
    const sale = rows.find((t) => t.order_no === orders.o1.order_no)!;
    expect(sale).toMatchObject({ order_id: orders.o1.id, member_id: buyer.id, payment_method: 'SAVINGS' });
    expect(rows.find((t) => t.kind === 'RECEIPT')?.detail).toBe('Mile 12 Market');
  });

  it('reads one kind, only the period, and refuses an unknown kind', async () => {
    const sales = await walkPages((q) => read({ ...q, kind: 'SALE' }), { perPage: 2 });
    expect(sales.map(shape)).toEqual(EXPECTED().filter((row) => row[1] === 'SALE'));
    const march12 = await read({ from: D2, to: D2 });
    expect(march12.body.data.data.map(shape)).toEqual(EXPECTED().filter((row) => row[0] === D2));
    const before = await read({ from: '2026-01-01', to: '2026-02-28' });
    expect(before.body.data.data).toEqual([]);
    const bad = await read({ kind: 'GIFT' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.kind).toBe('Select a valid kind: SALE, RETURN, RECEIPT, ADJUSTMENT, DAMAGE');
  });

  it('downloads the whole period as .xlsx', async () => {
    const file = await downloaded('/cooperative/e-shop/report/transactions', { ...PERIOD, download: 'true' });
    expect(file.status).toBe(200);
    const rows = (await sheets(file.bytes)).Transactions;
    expect(rows[0].slice(0, 10)).toEqual([
      'Date',
      'Kind',
      'Order no.',
      'Member',
      'Member no.',
      'Payment',
      'Product',
      'Quantity',
      'Amount',
      'Cost / value',
    ]);
    expect(rows).toHaveLength(11);
    expect(rows[5].slice(0, 10)).toEqual([
      D1,
      'Sale',
      orders.o1.order_no,
      orders.o1.member_name,
      buyer.id,
      'From savings',
      '',
      5,
      108_501.5,
      83_300,
    ]);
    expect([rows[6][1], rows[6][6], rows[6][7], rows[6][9]]).toEqual(['Stock receipt', 'Cube sugar', 100, 110_000]);
  });
});

describe('the products export', () => {
  it('downloads the list with its filters as .xlsx', async () => {
    const all = await downloaded('/cooperative/e-shop/product/export', { format: 'xlsx' });
    expect(all.status).toBe(200);
    const rows = (await sheets(all.bytes)).Products;
    expect(rows[0]).toEqual([
      'Name',
      'SKU',
      'Category',
      'Status',
      'Buying price',
      'Selling price',
      'Max purchase qty',
      'Low stock warning',
      'In stock',
    ]);
    // By name; in stock is what orders have not reserved.
    expect(rows.slice(1).map((r) => [r[0], r[2], r[3], r[5], r[8]])).toEqual([
      ['Basmati rice 5kg', `Provisions ${world.ctx.tag}`, 'Active', 52_000, 7],
      ['Cube sugar', `Provisions ${world.ctx.tag}`, 'Active', 1_400, 100],
      ['Desk fan', `Appliances ${world.ctx.tag}`, 'Active', 15_000, 0],
      ['Electric kettle', `Appliances ${world.ctx.tag}`, 'Active', 9_800, 2],
      ['Groundnut oil 1L', `Provisions ${world.ctx.tag}`, 'Active', 1_500.5, 22],
      ['Hidden blender', `Appliances ${world.ctx.tag}`, 'Inactive', 30_000, 0],
    ]);

    const names = async (query: Record<string, string>) => {
      const file = await downloaded('/cooperative/e-shop/product/export', { format: 'xlsx', ...query });
      expect(file.status).toBe(200);
      return (await sheets(file.bytes)).Products.slice(1).map((r) => r[0]);
    };
    expect(await names({ category_id: appliances })).toEqual(['Desk fan', 'Electric kettle', 'Hidden blender']);
    expect(await names({ category_id: appliances, status: '1' })).toEqual(['Desk fan', 'Electric kettle']);
    expect(await names({ query: 'oil' })).toEqual(['Groundnut oil 1L']);
    expect(await names({ status: '0' })).toEqual(['Hidden blender']);
  });

  it('downloads the list as a PDF, and refuses an unknown format', async () => {
    const pdf = await downloaded('/cooperative/e-shop/product/export', { format: 'pdf', category_id: appliances });
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const doc = await PDFDocument.load(pdf.bytes);
    expect(doc.getPageCount()).toBe(1);
    const text = loanFormText(pdf.bytes);
    expect(text).toContain('Products');
    expect(text).toContain(`Products of category Appliances ${world.ctx.tag}: 3 products`);
    for (const name of ['Desk fan', 'Electric kettle', 'Hidden blender']) expect(text).toContain(name);
    expect(text).not.toContain('Cube sugar');
    expect(text).toContain('NGN 9,800.00');

    const bad = await asStaff('GET', '/cooperative/e-shop/product/export', { format: 'csv' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.format).toBe('Choose the format: xlsx or pdf');
  });
});

describe('a large order', () => {
  it('delivers and returns an order of ten products with its summaries in one transaction each', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const id = await product(`Spice ${i}`, '100');
      await receive(id, 2, '60', '2026-05-01');
      ids.push(id);
    }
    const o = await placed(buyer.token, {
      items: ids.map((id) => ({ product_id: id, quantity: 1 })),
      payment_method: 'SAVINGS',
      savings_id: buyerPlan.id,
    });
    await delivered(o, '2026-05-05');
    const back = await asStaff('POST', '/cooperative/e-shop/order/return', {
      order_id: o.id,
      returned_to: 'DAMAGES',
      reason: 'Damp',
      date: '2026-05-06',
    });
    expect(back.status, back.body.message).toBe(200);
    const r = await asStaff<EshopSalesReportView>('GET', '/cooperative/e-shop/report/sales', {
      from: '2026-05-01',
      to: '2026-05-31',
    });
    // 10 x 100 sold at 10 x 60; all of it returned the next day.
    expect(r.body.data.periods.map((p) => [p.period, inKobo(p)])).toEqual([
      ['2026-05-05', expected({ orders: 1, units: 10, sales: 100_000, cost: 60_000 })],
      [
        '2026-05-06',
        expected({
          orders: 0,
          units: 0,
          sales: 0,
          cost: 0,
          returned_orders: 1,
          returned_units: 10,
          returns: 100_000,
          returns_cost: 60_000,
        }),
      ],
    ]);
    expect(r.body.data.products).toHaveLength(10);
  });
});

describe("the platform home's Store tile", () => {
  const tile = async () =>
    (await call<{ store: number }>('GET', '/dashboard/tile-data', { token: await superToken() })).body.data.store;

  it("counts every cooperative's products: one more with a product, one less when it is deleted", async () => {
    // Other test files add products at the same time: a step is checked again until no one else's
    // product came or went in between.
    let added = '';
    let up = false;
    for (let attempt = 0; attempt < 5 && !up; attempt++) {
      const before = await tile();
      added = await product(`Tile check ${attempt}`, '10');
      up = (await tile()) === before + 1;
      if (!up) {
        await call('DELETE', '/cooperative/e-shop/product', {
          token: staff,
          query: { cooperative_id: coop, product_id: added },
        });
      }
    }
    expect(up).toBe(true);
    let down = false;
    for (let attempt = 0; attempt < 5 && !down; attempt++) {
      const before = await tile();
      const r = await call('DELETE', '/cooperative/e-shop/product', {
        token: staff,
        query: { cooperative_id: coop, product_id: added },
      });
      expect(r.status, r.body.message).toBe(200);
      down = (await tile()) === before - 1;
      if (!down) added = await product(`Tile check again ${attempt}`, '10');
    }
    expect(down).toBe(true);
  });
});
