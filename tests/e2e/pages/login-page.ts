import type { Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import type { AccountName } from '../support/demo-accounts';
import { ACCOUNTS } from '../support/demo-accounts';

export interface SignInOptions {
  remember?: boolean;
}

/** The sign-in card at /login. */
export class LoginPage {
  readonly page: Page;
  readonly card: Locator;
  readonly loginId: Locator;
  readonly password: Locator;
  readonly rememberMe: Locator;
  readonly signInButton: Locator;
  readonly forgotPassword: Locator;
  readonly alert: Locator;
  /** The decorative carousel; `data-active-slide` says which background shows. */
  readonly background: Locator;

  constructor(page: Page) {
    this.page = page;
    this.card = page.getByRole('form', { name: 'Sign in' });
    this.loginId = this.card.getByLabel('Login ID');
    this.password = this.card.getByLabel('Password', { exact: true });
    this.rememberMe = this.card.getByRole('checkbox', { name: 'Remember me' });
    this.signInButton = this.card.getByRole('button', { name: 'Sign in' });
    this.forgotPassword = this.card.getByRole('link', { name: 'Forgot password?' });
    this.alert = this.card.getByRole('alert');
    this.background = page.locator('[data-active-slide]');
  }

  async goto(): Promise<void> {
    await this.page.goto('/login');
  }

  async signIn(loginId: string, password: string, { remember = false }: SignInOptions = {}): Promise<void> {
    await this.loginId.fill(loginId);
    await this.password.fill(password);
    await this.rememberMe.setChecked(remember);
    await this.signInButton.click();
  }

  /** Opens /login, signs in as a demo account and waits for its start page (a store keeper's: the store's). */
  async signInAs(account: AccountName, options: SignInOptions = {}): Promise<void> {
    await this.goto();
    const { loginId, password } = ACCOUNTS[account];
    await this.signIn(loginId, password, options);
    await expect(this.page).toHaveURL(account === 'storeKeeper' ? /\/e-shop\/dashboard$/ : /\/dashboard$/);
  }
}
