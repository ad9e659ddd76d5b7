import type { Locator, Page } from '@playwright/test';

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

  /** Signs in and returns the server's JSON answer to the login call. */
  async signInAndWaitForAnswer(loginId: string, password: string, options: SignInOptions = {}): Promise<{ status: boolean; message: string }> {
    const answer = this.page.waitForResponse((response) => response.url().endsWith('/api/v1/auth/login'));
    await this.signIn(loginId, password, options);
    return (await (await answer).json()) as { status: boolean; message: string };
  }
}
