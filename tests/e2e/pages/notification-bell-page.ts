import type { Locator, Page } from '@playwright/test';

/** The top bar's notifications bell: its button (badge count in the label) and its dropdown. */
export class NotificationBellPage {
  readonly page: Page;
  readonly button: Locator;
  readonly markAllRead: Locator;

  constructor(page: Page) {
    this.page = page;
    this.button = page.locator('#app-top-navigation').getByRole('button', { name: /^Notifications/ });
    this.markAllRead = page.getByRole('menuitem', { name: 'Mark all read' });
  }

  /** An item of the open dropdown by its text. */
  item(text: string | RegExp): Locator {
    return this.page.getByRole('menuitem', { name: text });
  }

  /** The unread count the button announces (0 when it says none). */
  async unread(): Promise<number> {
    const label = (await this.button.getAttribute('aria-label')) ?? '';
    return Number(/, (\d+) unread$/.exec(label)?.[1] ?? 0);
  }
}
