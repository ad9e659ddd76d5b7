import type { Locator, Page } from '@playwright/test';

/** The super-admin's /dashboard with no cooperative chosen. */
export class PlatformHomePage {
  readonly page: Page;
  readonly cooperativeTable: Locator;

  constructor(page: Page) {
    this.page = page;
    this.cooperativeTable = page.getByRole('table', { name: 'Cooperative List' });
  }

  /** The table row of the cooperative with this code. */
  cooperativeRow(code: string): Locator {
    return this.cooperativeTable.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name: code, exact: true }) });
  }
}
