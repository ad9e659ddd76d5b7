import type { Locator, Page } from '@playwright/test';

/** The authenticated frame around every signed-in page: the top bar and its account menu. */
export class AppShellPage {
  readonly page: Page;
  readonly accountMenu: Locator;

  constructor(page: Page) {
    this.page = page;
    this.accountMenu = page.getByRole('button', { name: /^Account menu for/ });
  }

  async signOut(): Promise<void> {
    await this.accountMenu.click();
    await this.page.getByRole('menuitem', { name: 'Sign out' }).click();
  }
}
