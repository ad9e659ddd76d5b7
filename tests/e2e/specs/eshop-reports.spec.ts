import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect, test } from '@playwright/test';
import type { EshopDashboardView, EshopSalesReportView } from '@coopledger/shared/eshop-report-views';
import { figureKobo } from '@coopledger/shared/money';
import { ESHOP_ORDER_STATUS } from '@coopledger/shared/statuses';
import { AppShellPage } from '../pages/app-shell-page';
import { EshopDashboardPage, downloadBy } from '../pages/eshop-reports-page';
import { LoginPage } from '../pages/login-page';
import { dataOf, demoAdminHeaders, signedInHeaders } from '../support/api';
import { saveScreenshot } from '../support/screenshots';

/** A naira figure as the page writes it: ₦1,234.50, -₦5.00, and ₦0 for zero. */
function shown(figure: number | string): string {
  const kobo = figureKobo(figure) ?? 0n;
  if (kobo === 0n) return '₦0';
  const size = kobo < 0n ? -kobo : kobo;
  const text = `₦${(size / 100n).toLocaleString('en-US')}.${String(size % 100n).padStart(2, '0')}`;
  return kobo < 0n ? `-${text}` : text;
}

/** YYYY-MM-DD of a day in the local calendar, as the page's period presets count. */
const localDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** The page's first period: the last 30 days, today included (the Last 30 Days preset). */
function lastThirtyDays() {
  const now = new Date();
  return {
    from: localDay(new Date(now.getFullYear(), now.getMonth(), now.getDate() - 29)),
    to: localDay(now),
  };
}

// A demo member no other browser spec orders as (loans.spec.ts only names them as a surety).
const SHOPPER = { loginId: 'DEMO0008', password: 'password123' };

/** An .xlsx the browser downloaded, each sheet as rows of cell values. */
async function sheetsOf(path: string): Promise<Record<string, unknown[][]>> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile(path)) as unknown as ArrayBuffer);
  const sheets: Record<string, unknown[][]> = {};
  for (const sheet of book.worksheets) {
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    sheets[sheet.name] = rows;
  }
  return sheets;
}

test.describe("the store's dashboard and reports", () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });

  test('an admin opens the store at its dashboard, which shows what the API reports, then downloads the sales report and the products list', async ({
    page,
    request,
  }, testInfo) => {
    // A sale today, so the figures are not all zero: 2 x Sugar 1kg paid on delivery, delivered into DEMO's bank
    // on the page's last day (the browser's today, never after the server's).
    const period = lastThirtyDays();
    const admin = await demoAdminHeaders(request);
    const shopper = await signedInHeaders(request, SHOPPER.loginId, SHOPPER.password);
    const sugar = (
      await dataOf<{ data: { id: string; name: string }[] }>(
        await request.get('/api/v1/cooperative/e-shop/product', { headers: shopper, params: { query: 'Sugar' } }),
        'Finding the sugar',
      )
    ).data.find((p) => p.name === 'Sugar 1kg');
    if (!sugar) throw new Error('No Sugar 1kg in the demo store');
    const order = await dataOf<{ id: string; order_no: string }>(
      await request.post('/api/v1/member/e-shop/order', {
        headers: shopper,
        data: { items: [{ product_id: sugar.id, quantity: 2 }], payment_method: 'ON_DELIVERY' },
      }),
      'Placing the order',
    );
    const banks = await dataOf<{ data: { id: string; status: number }[] }>(
      await request.get('/api/v1/cooperative/bank-account', { headers: admin }),
      'Listing the bank accounts',
    );
    const bank = banks.data.find((b) => b.status === 1);
    if (!bank) throw new Error('DEMO has no active bank account');
    for (const action of ['confirm', 'deliver'])
      await dataOf(
        await request.post('/api/v1/cooperative/e-shop/order/status', {
          headers: admin,
          data: { order_id: order.id, action, ...(action === 'deliver' ? { bank_id: bank.id, date: period.to } : {}) },
        }),
        `Taking the step ${action}`,
      );

    await new LoginPage(page).signInAs('coopAdmin');
    const shell = new AppShellPage(page);
    await shell.header.getByRole('link', { name: /^Store/ }).click();
    await expect(page).toHaveURL(/\/e-shop\/dashboard$/);
    const dashboard = new EshopDashboardPage(page);
    await expect(dashboard.heading).toBeVisible();
    await expect.poll(() => shell.menuEntries()).toContain('E-shop dashboard');

    const api = await dataOf<EshopDashboardView>(
      await request.get('/api/v1/cooperative/e-shop/dashboard', { headers: admin, params: period }),
      'Reading the dashboard',
    );
    expect(api.totals.orders).toBeGreaterThan(0);
    await expect(dashboard.netSales).toHaveText(shown(api.totals.net_sales));
    await expect(dashboard.margin).toHaveText(shown(api.totals.margin));
    await expect(dashboard.stockValue).toHaveText(shown(api.stock_value));
    await expect(dashboard.receivables).toHaveText(shown(api.receivables_by_payroll));
    for (const { status, count } of api.orders_by_status)
      await expect(dashboard.ordersOf(status)).toHaveText(count.toLocaleString('en-US'));
    expect(await dashboard.names(dashboard.topProducts)).toEqual(api.top_products.map((p) => p.name));
    expect(await dashboard.names(dashboard.lowStock)).toEqual(api.low_stock.map((p) => p.name));
    await expect(dashboard.salesByDay.getByRole('row')).toHaveCount(
      1 + api.sales_by_day.filter((d) => d.orders > 0 || d.returned_orders > 0).length,
    );
    await saveScreenshot(page, testInfo, 'eshop-dashboard');

    // A count opens the orders of its status.
    await dashboard.ordersOf(ESHOP_ORDER_STATUS.DELIVERED).getByRole('link').click();
    await expect(page).toHaveURL(/\/e-shop\/orders\?status=3$/);
    await expect(page.getByRole('button', { name: /Order status/ })).toContainText('Delivered');

    // The sales report's .xlsx holds the API's figures for the same period.
    await page.goto('/sales');
    await expect(page.getByRole('heading', { level: 1, name: 'Sales' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Sales by product' })).toContainText('Sugar 1kg');
    const report = await dataOf<EshopSalesReportView>(
      await request.get('/api/v1/cooperative/e-shop/report/sales', { headers: admin, params: period }),
      'Reading the sales report',
    );
    const salesFile = await downloadBy(page, page.getByRole('button', { name: 'Download', exact: true }));
    expect(salesFile.suggestedFilename()).toMatch(/^eshop-sales-\d{14}\.xlsx$/);
    const sales = await sheetsOf(await salesFile.path());
    expect(Object.keys(sales)).toEqual(['By product', 'By day']);
    const byProduct = sales['By product'];
    expect(byProduct.slice(1, -1).map((row) => row[0])).toEqual(report.products.map((p) => p.name));
    // Total: orders, units, sales ... margin, in naira.
    const naira = (figure: number | string) => Number(figure);
    expect(byProduct.at(-1)).toEqual([
      'Total',
      '',
      report.totals.orders,
      report.totals.units,
      naira(report.totals.sales),
      report.totals.returned_units,
      naira(report.totals.returns),
      naira(report.totals.net_sales),
      naira(report.totals.net_cost),
      naira(report.totals.margin),
    ]);
    await saveScreenshot(page, testInfo, 'eshop-sales-report');

    // The transactions report lists the sale with its order number.
    await page.goto('/e-shop/reports/transactions');
    await expect(page.getByRole('table', { name: 'Store transactions' })).toContainText(order.order_no);
    await saveScreenshot(page, testInfo, 'eshop-transactions-report');

    // The Products list's Excel button downloads the list.
    await page.goto('/e-shop/products');
    await expect(page.getByRole('table', { name: 'Products' })).toContainText('Sugar 1kg');
    const productsFile = await downloadBy(page, page.getByRole('button', { name: 'Excel', exact: true }));
    expect(productsFile.suggestedFilename()).toMatch(/^eshop-products-\d{14}\.xlsx$/);
    const products = (await sheetsOf(await productsFile.path())).Products;
    expect(products[0].slice(0, 3)).toEqual(['Name', 'SKU', 'Category']);
    expect(products.map((row) => row[0])).toEqual(expect.arrayContaining(['Rice 50kg', 'Sugar 1kg']));
  });
});
