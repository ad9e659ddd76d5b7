import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { AppShellPage } from '../pages/app-shell-page';
import type { StepButton } from '../pages/eshop-orders-page';
import { EshopOrderPage, EshopOrdersPage, STEP_BUTTONS } from '../pages/eshop-orders-page';
import { EshopDamagesPage, EshopStockPage } from '../pages/eshop-stock-page';
import { LoginPage } from '../pages/login-page';
import { dataOf, signedInHeaders } from '../support/api';
import { saveScreenshot } from '../support/screenshots';
import { chooseOption } from '../support/select';

/** '₦1,234.50' or '₦0' as kobo. */
function kobo(text: string | undefined): bigint {
  const match = /^(-?)₦([\d,]+)(?:\.(\d{2}))?$/.exec(text ?? '');
  if (!match) throw new Error(`Not a naira amount: ${text}`);
  const value = BigInt(match[2].replaceAll(',', '')) * 100n + BigInt(match[3] ?? '0');
  return match[1] ? -value : value;
}

/** Kobo as the page writes naira: ₦1,234.50. */
function naira(value: bigint): string {
  const whole = (value / 100n).toLocaleString('en-US');
  return `₦${whole}.${String(value % 100n).padStart(2, '0')}`;
}

/** A count as the page writes it: 1,250. */
const count = (text: string | undefined) => Number((text ?? '').replaceAll(',', ''));

/** value / items rounded half-even to the kobo: the average cost of one item. */
function averageCost(value: bigint, items: bigint): bigint {
  const quotient = value / items;
  const twice = (value % items) * 2n;
  if (twice > items || (twice === items && quotient % 2n === 1n)) return quotient + 1n;
  return quotient;
}

/** A word of this run, so that reruns and other specs sharing the runtime never find each other's rows. */
const TAG = Date.now().toString(36).slice(-6);

// A demo member no other browser spec places orders as; orders are paid on delivery, so no savings move.
const SHOPPER = { loginId: 'DEMO0003', password: 'password123', name: 'Chinedu Eze' };

interface OrderView {
  id: string;
  order_no: string;
  total: number;
}

/** The member places an order of `quantity` of a product through the API, paid on delivery. */
async function placeOrder(request: APIRequestContext, product: string, quantity: number, note: string) {
  const headers = await signedInHeaders(request, SHOPPER.loginId, SHOPPER.password);
  const products = await dataOf<{ data: { id: string; name: string }[] }>(
    await request.get('/api/v1/cooperative/e-shop/product', { headers, params: { query: product } }),
    'Finding the product',
  );
  const found = products.data.find((p) => p.name === product);
  if (!found) throw new Error(`No product ${product} in the demo store`);
  const order = await dataOf<OrderView>(
    await request.post('/api/v1/member/e-shop/order', {
      headers,
      data: {
        items: [{ product_id: found.id, quantity }],
        payment_method: 'ON_DELIVERY',
        delivery_address: `14 Broad Street, Lagos (${TAG})`,
        note,
      },
    }),
    'Placing the order',
  );
  return { order, headers };
}

test.describe("the store's staff screens", () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });

  test('an admin receives stock and sees its figures move by the receipt, then writes off a damaged item', async ({
    page,
  }, testInfo) => {
    const product = 'Vegetable oil 5L';
    const supplier = `Apapa Oil Depot ${TAG}`;
    const reason = `Leaking cap ${TAG}`;
    await new LoginPage(page).signInAs('coopAdmin');
    const shell = new AppShellPage(page);
    const stock = new EshopStockPage(page);
    await stock.goto();
    await expect(page.getByRole('heading', { level: 1, name: 'Stock' })).toBeVisible();
    await stock.search('Vegetable oil');
    await expect(stock.row(product)).toHaveCount(1);
    const before = await stock.figures(product);

    // 7 at ₦10,250.50: ₦71,753.50 more at cost.
    await stock.receive({
      product,
      quantity: '7',
      unitCost: '10250.50',
      supplier,
      bank: /1020304050/,
      reference: `INV-${TAG}`,
    });
    await expect(stock.receiveForm.getByTestId('receipt-value')).toHaveText('Value received: ₦71,753.50');
    await saveScreenshot(page, testInfo, 'eshop-receive-stock');
    await stock.submitReceipt();
    await expect(shell.toast(`7 x ${product} received`)).toBeVisible();
    await expect(stock.receiveForm).toHaveCount(0);

    const onHand = BigInt(count(before.onHand) + 7);
    const value = kobo(before.value) + 7_175_350n;
    // The table is read again after the receipt: its On hand cell (after SKU) shows the new count.
    await expect(stock.row(product).getByRole('cell').nth(1)).toHaveText(onHand.toLocaleString('en-US'));
    const after = await stock.figures(product);
    expect(after).toEqual({
      onHand: onHand.toLocaleString('en-US'),
      reserved: before.reserved,
      available: (count(before.available) + 7).toLocaleString('en-US'),
      value: naira(value),
      averageCost: naira(averageCost(value, onHand)),
    });
    await saveScreenshot(page, testInfo, 'eshop-stock');

    await stock.showMovements('Receipt');
    await expect(stock.movements).toContainText(supplier);
    const movement = await stock.firstMovement();
    expect(movement.slice(1, 6)).toEqual([
      product,
      'Receipt',
      '+7',
      '₦71,753.50',
      `From ${supplier} at ₦10,250.50 each`,
    ]);
    expect(movement[6]).toContain('DEMO-ADMIN');

    // One damaged bottle leaves at the average cost of one.
    const damages = new EshopDamagesPage(page);
    await damages.goto();
    await expect(page.getByRole('heading', { level: 1, name: 'Damages' })).toBeVisible();
    await damages.writeOff({ product, quantity: '1', reason });
    await expect(shell.toast(`1 x ${product} written off as damaged`)).toBeVisible();
    await expect(damages.form).toHaveCount(0);
    await expect(damages.table).toContainText(reason);
    const damage = await damages.row(reason);
    expect(damage.slice(1, 5)).toEqual([product, '1', naira(averageCost(value, onHand)), reason]);
    expect(damage[5]).toContain('DEMO-ADMIN');
    await saveScreenshot(page, testInfo, 'eshop-damages');
  });

  test("an admin confirms, dispatches and delivers a member's order, and a stale step shows the server's refusal", async ({
    page,
    request,
  }, testInfo) => {
    const note = `Call before delivery ${TAG}`;
    const { order } = await placeOrder(request, 'Sugar 1kg', 3, note);
    const { order: stale, headers: shopper } = await placeOrder(request, 'Sugar 1kg', 1, `Second order ${TAG}`);
    expect(order.total).toBe(4200);

    await new LoginPage(page).signInAs('coopAdmin');
    const shell = new AppShellPage(page);
    const orders = new EshopOrdersPage(page);
    await orders.goto();
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    await orders.filterStatus('Pending');
    await expect(orders.row(order.order_no)).toHaveCount(1);
    const cells = await orders.cells(order.order_no);
    expect(cells.slice(0, 6)).toEqual([
      order.order_no,
      `${SHOPPER.name}\n${SHOPPER.loginId}`,
      '3 x Sugar 1kg',
      '₦4,200.00',
      'Cash or bank on delivery',
      'Pending',
    ]);
    await orders.open(order.order_no);
    await expect(page).toHaveURL(new RegExp(`/e-shop/orders/${order.id}$`));

    const screen = new EshopOrderPage(page);
    const offers = async (steps: StepButton[]) => {
      for (const step of STEP_BUTTONS) await expect(screen.stepButton(step)).toHaveCount(steps.includes(step) ? 1 : 0);
    };
    await expect(page.getByRole('heading', { level: 1, name: `Order ${order.order_no}` })).toBeVisible();
    await expect(screen.status).toHaveText('Pending');
    await expect(screen.details).toContainText('Cash or bank on delivery');
    await expect(screen.details).toContainText(`14 Broad Street, Lagos (${TAG})`);
    await expect(screen.details).toContainText(note);
    await expect(page.getByTestId('order-total')).toHaveText('₦4,200.00');
    await expect(screen.lines.getByRole('row').nth(1)).toContainText('₦1,400.00');
    await offers(['Confirm', 'Reject', 'Cancel order']);

    await screen.take('Confirm', `Packed ${TAG}`);
    await expect(shell.toast(`Order ${order.order_no} confirmed`)).toBeVisible();
    await expect(screen.status).toHaveText('Confirmed');
    await offers(['Dispatch', 'Deliver', 'Cancel order']);

    await screen.take('Dispatch');
    await expect(shell.toast(`Order ${order.order_no} sent on the way`)).toBeVisible();
    await expect(screen.status).toHaveText('On the Way');
    await offers(['Deliver', 'Cancel order']);

    // Paid on delivery: the money's bank account is asked for.
    await screen.stepButton('Deliver').click();
    const deliver = screen.dialog('Deliver');
    await deliver.getByRole('button', { name: 'Deliver', exact: true }).click();
    await expect(deliver.getByText('Please select the bank account the payment was received into')).toBeVisible();
    await chooseOption(deliver, 'Bank account', /1020304050/);
    await saveScreenshot(page, testInfo, 'eshop-deliver-order');
    await deliver.getByRole('button', { name: 'Deliver', exact: true }).click();
    await expect(shell.toast(`Order ${order.order_no} delivered`)).toBeVisible();
    await expect(screen.status).toHaveText('Delivered');
    await offers([]);

    const history = await screen.historyRows();
    expect(history.map(([status, by, , comment]) => [status, by, comment])).toEqual([
      ['Pending', SHOPPER.loginId, '—'],
      ['Confirmed', 'DEMO-ADMIN', `Packed ${TAG}`],
      ['On the Way', 'DEMO-ADMIN', '—'],
      ['Delivered', 'DEMO-ADMIN', '—'],
    ]);
    await saveScreenshot(page, testInfo, 'eshop-order-delivered');

    // The member cancels the second order while its page is open: Confirm is refused, and the page catches up.
    await shell.breadcrumbs.getByRole('link', { name: 'Orders' }).click();
    await orders.open(stale.order_no);
    await expect(page).toHaveURL(new RegExp(`/e-shop/orders/${stale.id}$`));
    await expect(screen.status).toHaveText('Pending');
    await dataOf(
      await request.post('/api/v1/member/e-shop/order/cancel', { headers: shopper, data: { order_id: stale.id } }),
      'Cancelling the second order',
    );
    await screen.take('Confirm');
    const refused = screen.dialog('Confirm');
    await expect(refused.getByText('This order is Cancelled; only a Pending order can be confirmed')).toBeVisible();
    await refused.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(screen.status).toHaveText('Cancelled');
    await offers([]);
  });
});
