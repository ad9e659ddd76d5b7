import type { Locator, Page } from '@playwright/test';

/**
 * The approval dialog of an order (web/src/pages/transactions/order-decision.tsx), opened from the
 * order pages or the staff dashboard's lists.
 */
export class OrderDecisionDialog {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  approval(type: 'deposit' | 'withdrawal'): Locator {
    return this.page.getByRole('dialog', { name: `Approve ${type}` });
  }

  denial(type: 'deposit' | 'withdrawal'): Locator {
    return this.page.getByRole('dialog', { name: `Deny ${type}` });
  }

  /** Chooses the bank account (by its visible label) in the open approval dialog (a cash order's offers cash too). */
  async chooseBank(type: 'deposit' | 'withdrawal', bank: string | RegExp): Promise<void> {
    await this.approval(type)
      .getByRole('button', { name: /^Bank (or cash )?account/ })
      .click();
    await this.page.getByRole('option', { name: bank }).first().click();
  }

  async approve(type: 'deposit' | 'withdrawal'): Promise<void> {
    await this.approval(type).getByRole('button', { name: 'Approve', exact: true }).click();
  }
}

/** /finance-reporting/deposits, /finance-reporting/withdrawals and /savings/accounts. */
export class OrdersPage {
  readonly page: Page;
  readonly results: Locator;
  readonly search: Locator;
  readonly decision: OrderDecisionDialog;

  constructor(page: Page, tableName = 'Results') {
    this.page = page;
    this.results = page.getByRole('table', { name: tableName });
    this.search = page.getByRole('searchbox', { name: 'Search by member name or number' });
    this.decision = new OrderDecisionDialog(page);
  }

  async goto(
    path: '/finance-reporting/deposits' | '/finance-reporting/withdrawals' | '/savings/accounts',
  ): Promise<void> {
    await this.page.goto(path);
  }

  /** A preset of the period filter: Current Month, Last Month, Last 30 Days, Current Year, Last Year. */
  async choosePeriod(preset: string): Promise<void> {
    await this.page.getByRole('button', { name: /^Period/ }).click();
    await this.page.getByRole('option', { name: preset, exact: true }).click();
  }

  row(text: string | RegExp): Locator {
    return this.results.getByRole('row').filter({ hasText: text });
  }

  async columnHeaders(): Promise<string[]> {
    const headers = await this.results.getByRole('columnheader').allInnerTexts();
    return headers.map((text) => text.trim()).filter(Boolean);
  }

  async searchFor(text: string): Promise<void> {
    await this.search.fill(text);
  }

  emptyState(text: string | RegExp): Locator {
    return this.results.getByText(text);
  }
}

/** The naira text of the app ('₦1,234.56', '₦0') as a number of kobo, to compare amounts exactly. */
export function koboOf(text: string): number {
  const match = /(-?)₦([\d,]+)(?:\.(\d{2}))?/.exec(text);
  if (!match) throw new Error(`No naira amount in "${text}"`);
  const kobo = Number((match[2] ?? '0').replaceAll(',', '')) * 100 + Number(match[3] ?? '0');
  return match[1] ? -kobo : kobo;
}
