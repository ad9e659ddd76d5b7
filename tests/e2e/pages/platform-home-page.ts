import type { Locator, Page } from '@playwright/test';

/** The super-admin's /dashboard with no cooperative chosen. */
export class PlatformHomePage {
  readonly page: Page;
  readonly cooperativeTable: Locator;
  readonly usersCount: Locator;
  readonly storeCount: Locator;

  constructor(page: Page) {
    this.page = page;
    this.cooperativeTable = page.getByRole('table', { name: 'Cooperative List' });
    this.usersCount = page.getByTestId('tile-user');
    this.storeCount = page.getByTestId('tile-store');
  }

  /** A tile of the home page (the top bar has a Store link of its own). */
  tile(title: string): Locator {
    return this.page.locator('main').getByRole('link', { name: title, exact: true });
  }

  /** The table row of the cooperative with this code. */
  cooperativeRow(code: string): Locator {
    return this.cooperativeTable
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name: code, exact: true }) });
  }

  async viewMembers(name: string): Promise<void> {
    await this.page.getByRole('button', { name: `View members of ${name}` }).click();
  }
}
