import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { figureKobo } from '@coopledger/shared/money';
import { ESHOP_ORDER_STATUS } from '@coopledger/shared/statuses';
import { dataOf, demoAdminHeaders } from '../support/api';

/** /shop: the catalogue, the cart and the checkout of a member. */
export class ShopPage {
  readonly products: Locator;
  readonly search: Locator;
  readonly cart: Locator;
  readonly total: Locator;
  readonly checkout: Locator;

  constructor(readonly page: Page) {
    this.products = page.getByRole('table', { name: 'Products' });
    this.search = page.getByRole('searchbox', { name: 'Search products by name or SKU' });
    this.cart = page.getByRole('table', { name: 'Cart' });
    this.total = page.getByRole('status', { name: 'Cart total' });
    this.checkout = page.getByRole('form', { name: 'Checkout' });
  }

  /** Finds a product by its name (the catalogue is paged) and adds `quantity` of it to the cart. */
  async add(product: string, quantity: number): Promise<void> {
    await this.search.fill(product);
    const row = this.products
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name: new RegExp(`^${product}`) }) });
    await expect(row).toHaveCount(1);
    await row.getByLabel(`Quantity of ${product}`, { exact: true }).fill(String(quantity));
    await row.getByRole('button', { name: `Add ${product} to the cart` }).click();
  }

  line(product: string): Locator {
    return this.cart.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name: product, exact: true }) });
  }

  quantity(product: string): Locator {
    return this.cart.getByLabel(`Quantity of ${product} in the cart`);
  }

  async payOnDelivery(): Promise<void> {
    await this.checkout.getByRole('radio', { name: 'Cash or bank on delivery' }).check();
  }

  async placeOrder(): Promise<void> {
    await this.checkout.getByRole('button', { name: 'Place order' }).click();
  }
}

/** /shop/orders: the member's orders. */
export class MyOrdersPage {
  readonly table: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByRole('table', { name: 'My orders' });
  }

  row(orderNo: string): Locator {
    return this.table
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name: orderNo, exact: true }) });
  }

  async cancel(orderNo: string): Promise<void> {
    await this.row(orderNo)
      .getByRole('button', { name: `Cancel order ${orderNo}` })
      .click();
    await this.page
      .getByRole('dialog', { name: `Cancel order ${orderNo}` })
      .getByRole('button', { name: 'Cancel order', exact: true })
      .click();
  }
}

export interface ShopPlan {
  id: string;
  product_name: string;
  status: number;
  /** Naira. */
  available: number | string;
}

export interface ShopOrderRow {
  id: string;
  order_no: string;
  status: number;
  total: number;
  payment_method: string;
  payroll_months: number | null;
  items: { name: string; quantity: number }[];
}

/** A naira figure of the API as exact kobo. */
export function koboOfFigure(figure: number | string): bigint {
  const kobo = figureKobo(figure);
  if (kobo === undefined) throw new Error(`Not a naira figure: ${figure}`);
  return kobo;
}

/**
 * What the shop test arranges and reads through the API: the member's plans and deposits as
 * DEMO-ADMIN sees them, and the member's own orders as the member.
 */
export class ShopApi {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly admin: Record<string, string>,
    private readonly member: Record<string, string>,
  ) {}

  static async signIn(request: APIRequestContext, loginId: string, password: string): Promise<ShopApi> {
    const login = await dataOf<{ token: { token: string } }>(
      await request.post('/api/v1/auth/login', { data: { coop_id: loginId, password } }),
      `Signing in as ${loginId}`,
    );
    return new ShopApi(request, await demoAdminHeaders(request), {
      authorization: `Bearer ${login.token.token}`,
    });
  }

  async plans(memberId: string): Promise<ShopPlan[]> {
    const page = await dataOf<{ data: ShopPlan[] }>(
      await this.request.get('/api/v1/savings', {
        headers: this.admin,
        params: { coop_id: memberId, per_page: 100 },
      }),
      'Listing plans',
    );
    return page.data;
  }

  /** A plan's available balance in kobo. */
  async available(memberId: string, planId: string): Promise<bigint> {
    const plan = (await this.plans(memberId)).find((p) => p.id === planId);
    if (!plan) throw new Error(`No plan ${planId} of ${memberId}`);
    return koboOfFigure(plan.available);
  }

  /** The member's orders, newest first (the first page). */
  async orders(): Promise<ShopOrderRow[]> {
    const page = await dataOf<{ data: ShopOrderRow[] }>(
      await this.request.get('/api/v1/member/e-shop/order', { headers: this.member, params: { per_page: 100 } }),
      'Listing my orders',
    );
    return page.data;
  }

  /** Cancels the member's Pending orders, so a run that stopped half-way gives back what it held. */
  async cancelPending(): Promise<void> {
    for (const order of (await this.orders()).filter((o) => o.status === ESHOP_ORDER_STATUS.PENDING)) {
      await dataOf(
        await this.request.post('/api/v1/member/e-shop/order/cancel', {
          headers: this.member,
          data: { order_id: order.id },
        }),
        `Cancelling order ${order.order_no}`,
      );
    }
  }
}
