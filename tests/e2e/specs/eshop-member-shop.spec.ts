import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect as baseExpect, test } from '@playwright/test';
import { today } from '@coopledger/shared/dates';
import { formatNaira } from '@coopledger/shared/money';
import { ESHOP_ORDER_STATUS, SAVINGS_PLAN_STATUS } from '@coopledger/shared/statuses';
import { AppShellPage } from '../pages/app-shell-page';
import { LoginPage } from '../pages/login-page';
import { SavingsApi } from '../pages/savings-page';
import { MyOrdersPage, ShopApi, ShopPage, koboOfFigure } from '../pages/shop-page';
import { saveScreenshot } from '../support/screenshots';
import { chooseOption } from '../support/select';

// The machine these run on is shared; the lists wait on the runtime longer than the default.
const expect = baseExpect.configure({ timeout: 20_000 });

/**
 * The members' shop against the demo store (infra/local/seed.ts ensureDemoStore): Sugar 1kg at
 * ₦1,400 (10 per order at most), Vegetable oil 5L at ₦12,500 (4), Rice 50kg at ₦52,000 (2). The
 * member is one no other spec signs in as (elections.spec.ts only names DEMO0011 as a contestant).
 * Every run cancels what an earlier run left Pending and measures the plan's balance from where it
 * stands, so reruns against the same runtime hold.
 */
const MEMBER = { id: 'DEMO0011', password: 'password123' };
const DEPOSIT = { naira: '20000', kobo: 2_000_000n };
const ORDER_TOTAL = 1_530_000n;

let request: APIRequestContext;
let context: BrowserContext;
let page: Page;
let api: ShopApi;
let planId: string;
let funded: bigint;

test.describe('the members’ shop', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });

  test.beforeAll(async ({ playwright, browser }) => {
    test.setTimeout(120_000);
    request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
    api = await ShopApi.signIn(request, MEMBER.id, MEMBER.password);
    await api.cancelPending();
    const savings = await SavingsApi.asAdmin(request);
    const active = (await api.plans(MEMBER.id)).find((plan) => plan.status === SAVINGS_PLAN_STATUS.ACTIVE);
    const year = today().slice(0, 4);
    planId =
      active?.id ??
      (
        await savings.addPlan(MEMBER.id, {
          product: 'Regular Savings',
          start_date: `${year}-01-01`,
          end_date: `${Number(year) + 4}-12-31`,
          amount: '20000',
          frequency: 'Monthly',
        })
      ).id;
    const before = await api.available(MEMBER.id, planId);
    await savings.approvedDeposit(MEMBER.id, planId, DEPOSIT.naira, today(), 'Deposit for the shop');
    funded = await api.available(MEMBER.id, planId);
    expect(funded).toBe(before + DEPOSIT.kobo);

    context = await browser.newContext();
    page = await context.newPage();
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(MEMBER.id, MEMBER.password);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test.afterAll(async () => {
    await context?.close();
    await request?.dispose();
  });

  test('a member orders from savings, sees the order Pending with the amount held, and cancels it', async () => {
    const testInfo = test.info();
    const shell = new AppShellPage(page);
    await expect(shell.header.getByRole('link', { name: 'Store' })).toHaveAttribute('href', '/shop');
    await shell.sidebar.getByRole('link', { name: 'Store' }).click();
    await shell.sidebar.getByRole('link', { name: 'Shop', exact: true }).click();
    await expect(page).toHaveURL(/\/shop$/);

    const shop = new ShopPage(page);
    await expect(shop.cart.getByText('Your cart is empty')).toBeVisible();
    await shop.add('Sugar 1kg', 2);
    await shop.add('Vegetable oil 5L', 1);
    await expect(shop.line('Sugar 1kg')).toContainText('₦2,800.00');
    await expect(shop.line('Vegetable oil 5L')).toContainText('₦12,500.00');
    await expect(shop.total).toHaveText('₦15,300.00');

    // From savings: the plan is offered with its available balance as the API has it.
    await shop.checkout.getByRole('radio', { name: 'From savings' }).check();
    await chooseOption(shop.checkout, 'Savings plan', /^Regular Savings/);
    await expect(shop.checkout.getByRole('button', { name: /^Savings plan/ })).toContainText(
      `Available balance ${formatNaira(funded)}`,
    );
    await shop.checkout.getByLabel('Note').fill('Please call before delivery');
    await saveScreenshot(page, testInfo, 'member-shop-cart');
    await shop.placeOrder();

    // The cart is emptied and the member lands on their orders, the new one Pending with its total.
    await expect(page).toHaveURL(/\/shop\/orders$/);
    const [order] = await api.orders();
    expect(order.status).toBe(ESHOP_ORDER_STATUS.PENDING);
    expect(koboOfFigure(order.total)).toBe(ORDER_TOTAL);
    expect(order.items.map((line) => `${line.quantity} x ${line.name}`)).toEqual([
      '2 x Sugar 1kg',
      '1 x Vegetable oil 5L',
    ]);
    await expect(page.getByText(`Order ${order.order_no} placed`)).toBeVisible();
    const orders = new MyOrdersPage(page);
    const row = orders.row(order.order_no);
    await expect(row).toContainText('2 x Sugar 1kg, 1 x Vegetable oil 5L');
    await expect(row).toContainText('₦15,300.00');
    await expect(row).toContainText('From savings (Regular Savings)');
    await expect(row).toContainText('Pending');
    expect(await api.available(MEMBER.id, planId)).toBe(funded - ORDER_TOTAL);
    await saveScreenshot(page, testInfo, 'member-shop-orders');

    // Cancelled while Pending: the hold on the plan is given back in full.
    await orders.cancel(order.order_no);
    await expect(page.getByText(`Order ${order.order_no} cancelled`)).toBeVisible();
    await expect(row).toContainText('Cancelled');
    await expect(row.getByRole('button', { name: `Cancel order ${order.order_no}` })).toHaveCount(0);
    expect(await api.available(MEMBER.id, planId)).toBe(funded);
    expect((await api.orders())[0]).toMatchObject({ id: order.id, status: ESHOP_ORDER_STATUS.CANCELLED });

    // The order's history: placed by the member, then cancelled by them.
    await row.getByRole('button', { name: `History of order ${order.order_no}` }).click();
    const history = page
      .getByRole('dialog', { name: `Order ${order.order_no}` })
      .getByRole('table', { name: 'History' });
    await expect(history.getByRole('row')).toHaveCount(3);
    await expect(history.getByRole('row').nth(1)).toContainText('Pending');
    await expect(history.getByRole('row').nth(2)).toContainText('Cancelled by the member');
    await page.keyboard.press('Escape');
  });

  test("asking for more than a product's maximum shows the server's message at its cart line", async () => {
    await page.getByRole('link', { name: 'Back to the shop' }).click();
    await expect(page).toHaveURL(/\/shop$/);
    const shop = new ShopPage(page);
    await shop.add('Rice 50kg', 2);
    await shop.quantity('Rice 50kg').fill('3');
    await expect(shop.total).toHaveText('₦156,000.00');
    await shop.payOnDelivery();
    const placed = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname.endsWith('/member/e-shop/order'),
    );
    await shop.placeOrder();
    expect((await placed).status()).toBe(422);

    await expect(shop.line('Rice 50kg')).toContainText('You can order at most 2 of Rice 50kg at a time');
    await expect(shop.checkout.getByText('Your order was not placed')).toBeVisible();
    await expect(page).toHaveURL(/\/shop$/);
    // Nothing was ordered.
    expect((await api.orders()).filter((o) => o.status === ESHOP_ORDER_STATUS.PENDING)).toEqual([]);
  });

  test('an admin offers payroll deduction over up to 3 months, and the member orders over 3 months of salary', async ({
    browser,
  }) => {
    // The admin's Store settings (a deep link into the store's pages).
    const admin = await browser.newContext();
    const adminPage = await admin.newPage();
    const login = new LoginPage(adminPage);
    await login.goto();
    await login.signIn('DEMO-ADMIN', 'password123');
    await expect(adminPage).toHaveURL(/\/dashboard$/);
    await adminPage.goto('/e-shop/settings');
    const form = adminPage.getByRole('form', { name: 'Store settings' });
    await chooseOption(form, 'Payroll deduction', 'Up to 3 months');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(adminPage.getByText('Store settings saved')).toBeVisible();
    await expect(adminPage.getByText('Up to 3 months', { exact: true }).first()).toBeVisible();
    await admin.close();

    // The member's checkout offers 1 to 3 months and says what each month's payroll takes:
    // ₦1,400.00 over 3 months is 466.67, 466.67 and 466.66.
    await page.reload();
    const shop = new ShopPage(page);
    await shop.add('Sugar 1kg', 1);
    await shop.checkout.getByRole('radio', { name: 'Payroll deduction' }).check();
    await chooseOption(shop.checkout, 'Months of salary', '3 months');
    await expect(shop.checkout.getByText('3 monthly installments of ₦466.66 to ₦466.67')).toBeVisible();
    await shop.checkout.getByRole('button', { name: /^Months of salary/ }).click();
    await expect(page.getByRole('option')).toHaveCount(3);
    await page.keyboard.press('Escape');
    await shop.placeOrder();

    await expect(page).toHaveURL(/\/shop\/orders$/);
    const [order] = await api.orders();
    expect(order).toMatchObject({ status: ESHOP_ORDER_STATUS.PENDING, payment_method: 'PAYROLL', payroll_months: 3 });
    const orders = new MyOrdersPage(page);
    await expect(orders.row(order.order_no)).toContainText('Payroll deduction over 3 months');
    await orders.cancel(order.order_no);
    await expect(orders.row(order.order_no)).toContainText('Cancelled');
  });
});
