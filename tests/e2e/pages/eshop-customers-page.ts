import type { Locator, Page } from '@playwright/test';

/** A table's row by the text of its row header (an order number, a customer's name). */
function rowOf(page: Page, table: Locator, header: string | RegExp): Locator {
  return table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: header }) });
}

/** The texts of a row's cells, header first. */
async function cellsOf(row: Locator): Promise<string[]> {
  return (await row.locator('th, td').allInnerTexts()).map((text) => text.trim());
}

/** /customers: the store's customers with Block and Unblock. */
export class EshopCustomersPage {
  readonly table: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByRole('table', { name: 'Customers' });
  }

  row(name: string | RegExp): Locator {
    return rowOf(this.page, this.table, name);
  }

  /** Member, Orders, Total spent, Customer since, Status, Actions. */
  cells(name: string | RegExp): Promise<string[]> {
    return cellsOf(this.row(name));
  }

  /** Presses Block or Unblock on a customer's row and confirms it in the dialog. */
  async setBlocked(name: string, action: 'Block' | 'Unblock'): Promise<void> {
    await this.row(name)
      .getByRole('button', { name: `${action} ${name}` })
      .click();
    const dialog = this.page.getByRole('dialog', { name: `${action} customer` });
    await dialog.getByRole('button', { name: action, exact: true }).click();
  }
}

/** /orders/returns and /orders/refunds: the returned orders, each with its own columns. */
export class EshopReturnedOrdersPage {
  readonly table: Locator;

  constructor(
    readonly page: Page,
    title: 'Returns' | 'Refunds',
  ) {
    this.table = page.getByRole('table', { name: title });
  }

  row(orderNo: string): Locator {
    return rowOf(this.page, this.table, orderNo);
  }

  cells(orderNo: string): Promise<string[]> {
    return cellsOf(this.row(orderNo));
  }
}
