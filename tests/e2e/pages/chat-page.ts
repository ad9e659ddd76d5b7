import type { Locator, Page } from '@playwright/test';

/**
 * The chat at /app-chat: the open conversation on the left, Recent and New on the right, and the top bar's chat link.
 */
export class ChatPage {
  readonly page: Page;
  /** Its accessible name carries the unread count: 'Chat' or 'Chat, 3 unread'. */
  readonly topBarLink: Locator;
  readonly recentTab: Locator;
  readonly newTab: Locator;
  readonly recent: Locator;
  readonly search: Locator;
  readonly conversation: Locator;
  readonly input: Locator;
  readonly sendButton: Locator;

  constructor(page: Page) {
    this.page = page;
    this.topBarLink = page.locator('#app-top-navigation').getByRole('link', { name: /^Chat(, \d+ unread)?$/ });
    this.recentTab = page.getByRole('tab', { name: 'Recent', exact: true });
    this.newTab = page.getByRole('tab', { name: 'New', exact: true });
    this.recent = page.getByRole('list', { name: 'Recent conversations' });
    this.search = page.getByRole('searchbox', { name: /^Search (members|staff)$/ });
    this.conversation = page.getByRole('log');
    this.input = page.getByRole('textbox', { name: /^Message to / });
    this.sendButton = page.getByRole('button', { name: 'Send message' });
  }

  /** A partner in the Recent list, found by name whether or not they have unread messages. */
  recentEntry(name: string): Locator {
    return this.recent
      .getByRole('listitem')
      .filter({ has: this.page.getByRole('link', { name: new RegExp(`^${name}(, \\d+ unread)?$`) }) });
  }

  /** A message in the open conversation; `data-side` says whose it is ('own' or 'theirs'). */
  message(text: string): Locator {
    return this.conversation.getByTestId('chat-message').filter({ hasText: text });
  }

  conversationHeading(name: string): Locator {
    return this.page.getByRole('heading', { level: 2, name });
  }

  /** The unread count the top bar's chat link announces. */
  async topBarUnread(): Promise<number> {
    const label = (await this.topBarLink.getAttribute('aria-label')) ?? '';
    return Number(/, (\d+) unread$/.exec(label)?.[1] ?? 0);
  }
}
