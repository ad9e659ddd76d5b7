import { expect, test } from '@playwright/test';
import { today } from '@coopledger/shared/dates';
import { AppShellPage } from '../pages/app-shell-page';
import { EshopCustomersPage, EshopReturnedOrdersPage } from '../pages/eshop-customers-page';
import { EshopOrderPage, EshopOrdersPage } from '../pages/eshop-orders-page';
import { LoginPage } from '../pages/login-page';
import { dataOf, signedInHeaders } from '../support/api';
import { saveScreenshot } from '../support/screenshots';
import { chooseOption } from '../support/select';

/**
 * The store keeper (DEMO-STORE, docs/decisions.md 2026-11-27 "The store keeper") works in the e-shop
 * menu only: they land on the orders, take a member's order from Pending to Delivered, take it back
 * and find it on Returns and Refunds, and block and unblock its customer, without one call refused.
 */

/** A member no other browser spec orders as or signs in as (elections.spec.ts only names them). */
const SHOPPER = { loginId: 'DEMO0012', password: 'password123', name: 'Lami Abubakar' };
const TAG = Date.now().toString(36).slice(-6);
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** Today as the lists write a day: 05 Jan 2027. */
const TODAY = (() => {
  const [year, month, day] = today().split('-');
  return `${day} ${MONTHS[Number(month) - 1]} ${year}`;
})();

test('a store keeper delivers an order, takes it back, finds its return and refund, and blocks its customer', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  // 2 x Sugar 1kg at ₦1,400, paid on delivery: ₦2,800.
  const headers = await signedInHeaders(request, SHOPPER.loginId, SHOPPER.password);
  const products = await dataOf<{ data: { id: string; name: string }[] }>(
    await request.get('/api/v1/cooperative/e-shop/product', { headers, params: { query: 'Sugar' } }),
    'Finding the product',
  );
  const sugar = products.data.find((p) => p.name === 'Sugar 1kg');
  if (!sugar) throw new Error('No Sugar 1kg in the demo store');
  const order = await dataOf<{ id: string; order_no: string }>(
    await request.post('/api/v1/member/e-shop/order', {
      headers,
      data: { items: [{ product_id: sugar.id, quantity: 2 }], payment_method: 'ON_DELIVERY', note: TAG },
    }),
    'Placing the order',
  );

  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 403) refused.push(`${response.request().method()} ${response.url()}`);
  });

  // Signed in, the store keeper is on the store's dashboard in the e-shop menu, with no way back to
  // another menu.
  await new LoginPage(page).signInAs('storeKeeper');
  const shell = new AppShellPage(page);
  await expect(page.getByRole('heading', { level: 1, name: 'E-shop dashboard' })).toBeVisible();
  await expect
    .poll(() => shell.menuEntries())
    .toEqual(['E-shop dashboard', 'Products', 'Stock', 'Orders', 'Damages', 'Customers', 'Reports', 'Settings']);
  await expect(shell.header.getByRole('link', { name: 'Polls' })).toHaveCount(0);
  await shell.followMenu('Orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();

  const orders = new EshopOrdersPage(page);
  await orders.filterStatus('Pending');
  await orders.open(order.order_no);
  const screen = new EshopOrderPage(page);
  await expect(screen.status).toHaveText('Pending');
  await screen.take('Confirm');
  await expect(shell.toast(`Order ${order.order_no} confirmed`)).toBeVisible();
  await expect(screen.status).toHaveText('Confirmed');
  await screen.stepButton('Deliver').click();
  const deliver = screen.dialog('Deliver');
  await chooseOption(deliver, 'Bank account', /1020304050/);
  await deliver.getByRole('button', { name: 'Deliver', exact: true }).click();
  await expect(shell.toast(`Order ${order.order_no} delivered`)).toBeVisible();
  await expect(screen.status).toHaveText('Delivered');

  // Taken back whole: the items go back on the shelves and ₦2,800 leaves the bank it came into.
  const reason = `Wrong size ${TAG}`;
  await screen.returnButton.click();
  const giveBack = screen.dialog('Return');
  await expect(giveBack).toContainText('₦2,800.00 is refunded from United Bank for Africa - 1020304050');
  await chooseOption(giveBack, 'Items go', 'Back to stock');
  await giveBack.getByLabel('Reason').fill(reason);
  await saveScreenshot(page, testInfo, 'eshop-return-order');
  await giveBack.getByRole('button', { name: 'Return and refund' }).click();
  await expect(shell.toast(`Order ${order.order_no} returned and ₦2,800.00 refunded`)).toBeVisible();
  await expect(screen.status).toHaveText('Returned');

  await shell.followMenu('Returns');
  const returns = new EshopReturnedOrdersPage(page, 'Returns');
  await expect(returns.row(order.order_no)).toHaveCount(1);
  expect(await returns.cells(order.order_no)).toEqual([
    order.order_no,
    `${SHOPPER.name}\n${SHOPPER.loginId}`,
    TODAY,
    reason,
    'Back to stock',
    '₦2,800.00',
    'DEMO-STORE',
  ]);
  await saveScreenshot(page, testInfo, 'eshop-returns');
  // Return an order leads to the delivered orders, to choose one.
  await page.getByRole('link', { name: 'Return an order' }).click();
  await expect(page).toHaveURL(/\/e-shop\/orders\?status=3$/);
  await expect(page.getByRole('button', { name: /^Status\b/ }).first()).toContainText('Delivered');

  await shell.followMenu('Refunds');
  const refunds = new EshopReturnedOrdersPage(page, 'Refunds');
  await expect(refunds.row(order.order_no)).toHaveCount(1);
  const refund = await refunds.cells(order.order_no);
  expect(refund.slice(0, 5)).toEqual([
    order.order_no,
    `${SHOPPER.name}\n${SHOPPER.loginId}`,
    '₦2,800.00',
    'United Bank for Africa - 1020304050',
    TODAY,
  ]);
  expect(refund[5]).toMatch(/^\S+$/);
  expect(refund[5]).not.toBe('—');
  await saveScreenshot(page, testInfo, 'eshop-refunds');

  // The customer is blocked from ordering, then let order again.
  await shell.followMenu('Customers');
  const customers = new EshopCustomersPage(page);
  await expect(customers.row(new RegExp(SHOPPER.name))).toHaveCount(1);
  await customers.setBlocked(SHOPPER.name, 'Block');
  await expect(shell.toast(`${SHOPPER.name} is blocked from ordering`)).toBeVisible();
  await expect(customers.row(new RegExp(SHOPPER.name)).getByRole('cell').nth(3)).toHaveText('Block');
  await saveScreenshot(page, testInfo, 'eshop-customers');
  await customers.setBlocked(SHOPPER.name, 'Unblock');
  await expect(shell.toast(`${SHOPPER.name} may order again`)).toBeVisible();
  await expect(customers.row(new RegExp(SHOPPER.name)).getByRole('cell').nth(3)).toHaveText('Active');

  expect(refused).toEqual([]);
});
