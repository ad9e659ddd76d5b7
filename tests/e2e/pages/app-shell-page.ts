import type { Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';

/** The authenticated frame around every signed-in page: header band, top bar, sidebar, toasts, settings. */
export class AppShellPage {
  readonly page: Page;
  readonly header: Locator;
  readonly accountMenu: Locator;
  readonly switcher: Locator;
  readonly settingsButton: Locator;
  readonly logoutButton: Locator;
  readonly sidebar: Locator;
  readonly cooperativeBand: Locator;
  readonly flashbar: Locator;
  readonly breadcrumbs: Locator;
  readonly settingsDrawer: Locator;

  constructor(page: Page) {
    this.page = page;
    this.header = page.locator('#app-top-navigation');
    this.accountMenu = page.getByRole('button', { name: /^Account menu for/ });
    this.switcher = page.getByRole('button', { name: 'Switch cooperative' });
    this.settingsButton = this.header.getByRole('button', { name: 'Open the settings' });
    this.logoutButton = this.header.getByRole('button', { name: 'Logout' });
    this.sidebar = page.getByRole('navigation', { name: 'Menu' });
    this.cooperativeBand = page.getByTestId('cooperative-band');
    this.flashbar = page.locator('[data-testid="flashbar"], [class*="awsui_flashbar"]').first();
    this.breadcrumbs = page.getByRole('navigation', { name: 'Breadcrumbs' });
    this.settingsDrawer = page.getByRole('tablist', { name: 'Settings drawer' }).locator('..').locator('..');
  }

  /** The texts of the sidebar's top-level entries, in order (the sidebar opened again if the layout closed it). */
  async menuEntries(): Promise<string[]> {
    await this.reopenMenu();
    const entries = this.sidebar.locator('ul').first().locator(':scope > li');
    const texts = await entries.allInnerTexts();
    return texts.map((text) => text.split('\n')[0]?.trim() ?? '').filter(Boolean);
  }

  /**
   * Follows the sidebar's links in turn (a group's link first opens it: 'Setup', 'Users'). On a
   * loaded machine the layout may close the sidebar as a page loads; it is opened again first.
   */
  async followMenu(...names: string[]): Promise<void> {
    for (const name of names) {
      await expect(async () => {
        await this.reopenMenu();
        await this.sidebar.getByRole('link', { name, exact: true }).click({ timeout: 3_000 });
      }).toPass({ timeout: 20_000 });
    }
  }

  /** Opens the sidebar if the layout closed it. */
  async reopenMenu(): Promise<void> {
    const reopen = this.page.getByRole('button', { name: 'Open the menu' });
    if (await reopen.isVisible()) await reopen.click();
  }

  toast(text: string | RegExp): Locator {
    return this.page.getByText(text);
  }

  async signOut(): Promise<void> {
    await this.accountMenu.click();
    await this.page.getByRole('menuitem', { name: 'Sign out' }).click();
  }

  async switchTo(cooperativeName: string): Promise<void> {
    await this.switcher.click();
    await this.page.getByRole('menuitem', { name: new RegExp(cooperativeName) }).click();
  }

  async openSettings(): Promise<void> {
    await this.settingsButton.click();
  }

  toggle(label: string, exact = false): Locator {
    return this.page.getByRole('checkbox', { name: label, exact });
  }
}
