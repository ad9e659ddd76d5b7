import type { Download, Locator, Page } from '@playwright/test';

/** /e-shop/dashboard: the store's cards, orders by status, sales charts with their tables, top products, low stock. */
export class EshopDashboardPage {
  readonly heading: Locator;
  readonly netSales: Locator;
  readonly margin: Locator;
  readonly stockValue: Locator;
  readonly receivables: Locator;
  readonly topProducts: Locator;
  readonly lowStock: Locator;
  readonly salesByDay: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'E-shop dashboard' });
    this.netSales = page.getByTestId('eshop-net-sales');
    this.margin = page.getByTestId('eshop-margin');
    this.stockValue = page.getByTestId('eshop-stock-value');
    this.receivables = page.getByTestId('eshop-receivables');
    this.topProducts = page.getByRole('table', { name: 'Top products' });
    this.lowStock = page.getByRole('table', { name: 'Low stock' });
    this.salesByDay = page.getByRole('table', { name: 'Sales by day' });
  }

  /** The count of orders in a status (ESHOP_ORDER_STATUS), a link to those orders. */
  ordersOf(status: number): Locator {
    return this.page.getByTestId(`eshop-orders-${status}`);
  }

  /** The row headers (product names) of a table, in order. */
  async names(table: Locator): Promise<string[]> {
    return (await table.getByRole('rowheader').allInnerTexts()).map((text) => text.trim());
  }
}

/** A report's or list's download: the button pressed, the file the browser was given. */
export async function downloadBy(page: Page, button: Locator): Promise<Download> {
  const download = page.waitForEvent('download');
  await button.click();
  return download;
}
