import type ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EshopOrderView, EshopSettingsView } from '@coopledger/shared/eshop-views';
import type { PayrollRunView } from '@coopledger/shared/payroll-views';
import { standardAccount } from '../../functions/cooperatives/standard-chart.ts';
import { call } from './support/api.ts';
import { useRuntimeEnv } from './support/env.ts';
import { fileOf, payrollClient, period } from './support/payroll.ts';
import type { SavingsWorld } from './support/savings.ts';
import { GL, glTotal, glTotals, newMember, planOf, savingsWorld } from './support/savings.ts';

/**
 * Store orders paid by payroll deduction (issue 22): spread over months within the store's setting,
 * owed as installments from delivery, shown in the payroll file's E-shop Due column, recovered by the
 * payroll upload (after loans, before savings), put back by a reversal, and on a return the
 * installments not yet recovered cancelled and what was recovered paid back from a bank account.
 * Every amount is worked out by hand in the comments.
 */
const STORE = {
  receivable: standardAccount('eshop_receivable'),
  sales: standardAccount('sales'),
  costOfSales: standardAccount('cost_of_sales'),
  inventory: standardAccount('inventory'),
};

let world: SavingsWorld;
let coop = '';
let staff = '';
let buyer = { id: '', token: '' };
let freezer = '';
let kettle = '';
const { download, posted, reverse, finished } = payrollClient(() => world);

const kobo = (naira: number | string) => Math.round(Number(naira) * 100);
const asStaff = <T>(method: 'GET' | 'POST', path: string, body: Record<string, unknown> = {}) =>
  method === 'GET'
    ? call<T>('GET', path, { token: staff, query: { cooperative_id: coop, ...body } })
    : call<T>('POST', path, { token: staff, body: { cooperative_id: coop, ...body } });

const order = (body: Record<string, unknown>) =>
  call<EshopOrderView>('POST', '/member/e-shop/order', { token: buyer.token, body: { cooperative_id: coop, ...body } });

async function product(name: string, selling: string, categoryId: string): Promise<string> {
  const r = await asStaff<{ id: string }>('POST', '/cooperative/e-shop/product', {
    name,
    sku: `${name.slice(0, 4).toUpperCase()}-${world.ctx.tag}`,
    category_id: categoryId,
    status: 1,
    buying_price: '100',
    selling_price: selling,
    max_purchase_quantity: 2,
    low_stock_quantity: 1,
  });
  if (r.status !== 201) throw new Error(`Could not add a product: ${r.status} ${r.body.message}`);
  return r.body.data.id;
}

async function delivered(orderId: string, date: string): Promise<EshopOrderView> {
  for (const action of ['confirm', 'deliver']) {
    const r = await asStaff<EshopOrderView>('POST', '/cooperative/e-shop/order/status', {
      order_id: orderId,
      action,
      date,
    });
    expect(r.status, r.body.message).toBe(200);
    if (action === 'deliver') return r.body.data;
  }
  throw new Error('unreachable');
}

/** The buyer's row of a payroll file, by header. */
function rowOf(book: ExcelJS.Workbook, memberId: string): Record<string, ExcelJS.CellValue> | undefined {
  const sheet = book.getWorksheet('Payroll')!;
  const header = (sheet.getRow(1).values as ExcelJS.CellValue[]).slice(1).map(String);
  let found: Record<string, ExcelJS.CellValue> | undefined;
  sheet.eachRow((row, n) => {
    if (n > 1 && row.getCell(1).value === memberId)
      found = Object.fromEntries(header.map((h, i) => [h, row.getCell(i + 1).value]));
  });
  return found;
}

/** The file with only the buyer's row, deducting `amount` naira (the other members' rows removed). */
async function buyerOnly(book: ExcelJS.Workbook, amount: number): Promise<Blob> {
  const sheet = book.getWorksheet('Payroll')!;
  const header = (sheet.getRow(1).values as ExcelJS.CellValue[]).slice(1).map(String);
  const amountCol = header.indexOf('Amount Deducted') + 1;
  const others: number[] = [];
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    if (row.getCell(1).value === buyer.id) row.getCell(amountCol).value = amount;
    else others.push(n);
  });
  for (const n of others.reverse()) sheet.spliceRows(n, 1);
  return fileOf(book);
}

const receivable = async () => {
  const t = await glTotal(coop, STORE.receivable);
  return Number(t.debit) - Number(t.credit);
};

async function trialBalanced() {
  const all = await glTotals(coop);
  expect(all.reduce((sum, t) => sum + t.debit, 0)).toBe(all.reduce((sum, t) => sum + t.credit, 0));
}

beforeAll(async () => {
  useRuntimeEnv();
  world = await savingsWorld('SHPAY');
  coop = world.ctx.coop;
  staff = world.ctx.token;
  const category = await call<{ id: string }>('POST', '/e-shop/admin/product-category', {
    token: staff,
    body: { name: `Appliances ${world.ctx.tag}`, status: 1, description: 'Home appliances' },
  });
  buyer = await newMember(world);
  await planOf(world, buyer.id);
  freezer = await product('Chest freezer', '250000', category.body.data.id);
  kettle = await product('Electric kettle', '15000', category.body.data.id);
  for (const [id, cost] of [
    [freezer, '200000'],
    [kettle, '9000'],
  ])
    await asStaff('POST', '/cooperative/e-shop/stock/receipt', {
      product_id: id,
      quantity: 2,
      unit_cost: cost,
      supplier: 'Lagos Appliances',
      date: '2026-01-05',
      bank_id: world.bank,
    });
}, 180_000);

describe('store orders paid by payroll deduction', () => {
  it("spreads an order over at most the store's months, refusing more and changing nothing", async () => {
    const settings = await asStaff<EshopSettingsView>('GET', '/cooperative/e-shop/settings');
    expect(settings.body.data.payroll_max_months).toBe(6);
    const tooMany = await asStaff('POST', '/cooperative/e-shop/settings', { payroll_max_months: 25 });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors).toEqual({
      payroll_max_months: 'The most months of payroll deduction must be a whole number from 0 to 24',
    });
    const saved = await asStaff<EshopSettingsView>('POST', '/cooperative/e-shop/settings', { payroll_max_months: 4 });
    expect(saved.body.data).toMatchObject({ payroll_max_months: 4 });
    // Members read the setting for the checkout.
    const asMember = await call<EshopSettingsView>('GET', '/cooperative/e-shop/settings', {
      token: buyer.token,
      query: { cooperative_id: coop },
    });
    expect(asMember.body.data.payroll_max_months).toBe(4);
    expect(
      (await call('POST', '/cooperative/e-shop/settings', { token: buyer.token, body: { cooperative_id: coop } }))
        .status,
    ).toBe(403);

    const noMonths = await order({ items: [{ product_id: freezer, quantity: 1 }], payment_method: 'PAYROLL' });
    expect(noMonths.status).toBe(422);
    expect(noMonths.body.errors).toEqual({ payroll_months: 'Please choose over how many months of salary to pay' });
    const five = await order({
      items: [{ product_id: freezer, quantity: 1 }],
      payment_method: 'PAYROLL',
      payroll_months: 5,
    });
    expect(five.status).toBe(422);
    expect(five.body.errors).toEqual({ payroll_months: 'Payroll deduction can be spread over at most 4 months' });
    const stock = await asStaff<{ data: { product_id: string; available: number }[] }>(
      'GET',
      '/cooperative/e-shop/stock',
      { per_page: '100' },
    );
    expect(stock.body.data.data.find((s) => s.product_id === freezer)?.available).toBe(2);
  });

  it('owes installments from delivery, recovers them by payroll, puts them back on a reversal, and refunds a return', async () => {
    const receivableBefore = await receivable();
    const salesBefore = await glTotal(coop, STORE.sales);

    // The freezer over 3 months: ₦250,000.00 = 8,333,334 + 8,333,333 + 8,333,333 kobo.
    const freezerOrder = await order({
      items: [{ product_id: freezer, quantity: 1 }],
      payment_method: 'PAYROLL',
      payroll_months: 3,
    });
    expect(freezerOrder.status, freezerOrder.body.message).toBe(201);
    expect(freezerOrder.body.data).toMatchObject({ payment_method: 'PAYROLL', payroll_months: 3, installments: null });
    // The kettle in one month: ₦15,000.00 at the end of February.
    const kettleOrder = await order({
      items: [{ product_id: kettle, quantity: 1 }],
      payment_method: 'PAYROLL',
      payroll_months: 1,
    });
    expect(kettleOrder.status, kettleOrder.body.message).toBe(201);
    expect(await receivable()).toBe(receivableBefore);

    const a = await delivered(freezerOrder.body.data.id, '2026-01-15');
    expect(a.installments).toEqual([
      { date: '2026-02-28', amount: 83333.34 },
      { date: '2026-03-31', amount: 83333.33 },
      { date: '2026-04-30', amount: 83333.33 },
    ]);
    await delivered(kettleOrder.body.data.id, '2026-01-20');
    // Owed by the member: 250,000 + 15,000; sold: the same.
    expect(await receivable()).toBe(receivableBefore + 26_500_000);
    const sales = await glTotal(coop, STORE.sales);
    expect(Number(sales.credit) - Number(salesBefore.credit)).toBe(26_500_000);

    // February: the freezer's first installment and the whole kettle, 83,333.34 + 15,000 = 98,333.34.
    const february = period('2026-02');
    const feb = await download(february);
    expect(feb.response.status).toBe(200);
    const febRow = rowOf(feb.book, buyer.id)!;
    expect(febRow['E-shop Due']).toBe(98333.34);
    // Beside the buyer's savings contribution; deducting less than the total pays the store first.
    const savingsDue = Object.entries(febRow)
      .filter(([header]) => header.startsWith('Savings: '))
      .reduce((sum, [, value]) => sum + kobo(Number(value)), 0);
    expect(kobo(Number(febRow['Total Due']))).toBe(9_833_334 + savingsDue);
    const febRun = await posted(await buyerOnly(feb.book, 98333.34), february);
    expect(febRun, JSON.stringify(febRun.errors)).toMatchObject({ status: 'COMPLETED', rows_posted: 1 });
    expect(await receivable()).toBe(receivableBefore + 26_500_000 - 9_833_334);

    // Reversed: both owe again (the kettle's paid-off installment comes back), and the file says so.
    expect((await reverse(febRun.id)).status).toBe(202);
    expect((await finished(febRun.id)).status).toBe('REVERSED');
    expect(await receivable()).toBe(receivableBefore + 26_500_000);
    const febAgain = await download(february);
    expect(rowOf(febAgain.book, buyer.id)!['E-shop Due']).toBe(98333.34);
    const febPosted = await posted(await buyerOnly(febAgain.book, 98333.34), february);
    expect(febPosted.status).toBe('COMPLETED');

    // March: only the freezer's second installment (the kettle is paid); a shortfall of 50,000 taken
    // off it leaves 33,333.33 of it owed.
    const march = period('2026-03');
    const mar = await download(march);
    expect(rowOf(mar.book, buyer.id)!['E-shop Due']).toBe(83333.33);
    const marRun = await posted(await buyerOnly(mar.book, 50000), march);
    expect(marRun.status).toBe('COMPLETED');
    const reconciled = await call<{ summary: { to_store_total: number; to_savings_total: number } }>(
      'GET',
      '/cooperative/monthly-deduction/reconciliation',
      { token: staff, query: { cooperative_id: coop, run_id: marRun.id } },
    );
    expect(reconciled.body.data.summary).toMatchObject({ to_store_total: 50000, to_savings_total: 0 });
    // Recovered: 98,333.34 + 50,000; owed: 265,000 - 148,333.34 = 116,666.66 (the freezer's).
    expect(await receivable()).toBe(receivableBefore + 11_666_666);

    // The freezer comes back: 133,333.34 was deducted for it, paid back from the bank; 116,666.66
    // of installments is cancelled.
    const noBank = await asStaff('POST', '/cooperative/e-shop/order/return', {
      order_id: a.id,
      returned_to: 'STOCK',
      reason: 'Does not cool',
      date: '2026-03-31',
    });
    expect(noBank.status).toBe(422);
    expect(noBank.body.errors).toEqual({
      bank_id: 'Please select the bank account to pay back the ₦133,333.34 already deducted from salary',
    });
    const bankBefore = await glTotal(coop, GL.bank);
    const returned = await asStaff<EshopOrderView>('POST', '/cooperative/e-shop/order/return', {
      order_id: a.id,
      returned_to: 'STOCK',
      reason: 'Does not cool',
      date: '2026-03-31',
      bank_id: world.bank,
    });
    expect(returned.status, returned.body.message).toBe(200);
    expect(returned.body.data.returned).toMatchObject({
      refunded: 250000,
      payroll: { recovered: 133333.34, cancelled: 116666.66, bank_id: world.bank },
    });
    const bankAfter = await glTotal(coop, GL.bank);
    expect(Number(bankAfter.credit) - Number(bankBefore.credit)).toBe(13_333_334);
    expect(await receivable()).toBe(receivableBefore);

    // April's payroll owes nothing for it, and March's run cannot be reversed past the return.
    const apr = await download(period('2026-04'));
    expect(apr.response.status === 200 ? rowOf(apr.book, buyer.id)?.['E-shop Due'] : undefined).toBeUndefined();
    expect((await reverse(marRun.id)).status).toBe(202);
    const refused: PayrollRunView = await finished(marRun.id);
    expect(refused.status).toBe('COMPLETED');
    expect(refused.errors.some((e) => e.message.includes('has been returned since this payroll'))).toBe(true);
    expect(await receivable()).toBe(receivableBefore);
    await trialBalanced();
  });
});
