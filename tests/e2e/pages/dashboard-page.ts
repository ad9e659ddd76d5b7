import type { Locator, Page } from '@playwright/test';
import { OrderDecisionDialog } from './orders-page';

/** The staff dashboard at /dashboard (cooperative staff). */
export class StaffDashboardPage {
  readonly page: Page;
  readonly heading: Locator;
  readonly quickDeposit: Locator;
  readonly decision: OrderDecisionDialog;

  constructor(page: Page) {
    this.page = page;
    this.heading = page.getByRole('heading', { level: 1 });
    this.quickDeposit = page.getByRole('form', { name: 'Quick Deposit' });
    this.decision = new OrderDecisionDialog(page);
  }

  async goto(): Promise<void> {
    await this.page.goto('/dashboard');
  }

  /** The count of a tile: Pending Members, Withdrawals, Deposits, New Loan Requests. */
  tileCount(title: string): Locator {
    return this.page.getByTestId(`tile-count-${title}`);
  }

  async count(title: string): Promise<number> {
    const text = (await this.tileCount(title).innerText()).trim();
    if (!/^\d+$/.test(text)) throw new Error(`Tile ${title} shows "${text}"`);
    return Number(text);
  }

  overviewTotal(kind: 'deposits' | 'withdrawals'): Locator {
    return this.page.getByTestId(`overview-${kind}`);
  }

  list(title: 'Recent Deposits' | 'Recent Withdrawals' | 'Recent Loan Applications'): Locator {
    return this.page.getByRole('table', { name: title });
  }

  row(title: 'Recent Deposits' | 'Recent Withdrawals', text: string | RegExp): Locator {
    return this.list(title).getByRole('row').filter({ hasText: text });
  }

  private async choose(label: string, option: string | RegExp): Promise<void> {
    await this.quickDeposit.getByRole('button', { name: new RegExp(`^${label}`) }).click();
    await this.page.getByRole('option', { name: option }).first().click();
  }

  /** Finds the member by number in the searchable select and picks them. */
  async chooseMember(memberNumber: string): Promise<void> {
    await this.quickDeposit.getByRole('button', { name: /^Member/ }).click();
    await this.page.getByPlaceholder('Name or member number').fill(memberNumber);
    await this.page
      .getByRole('option', { name: new RegExp(memberNumber) })
      .first()
      .click();
  }

  async chooseAccount(product: string | RegExp): Promise<void> {
    await this.choose('Account', product);
  }

  async choosePaymentMode(mode: string): Promise<void> {
    await this.choose('Payment mode', mode);
  }

  field(label: string): Locator {
    return this.quickDeposit.getByLabel(label, { exact: true });
  }

  async submitDeposit(): Promise<void> {
    await this.quickDeposit.getByRole('button', { name: 'Deposit', exact: true }).click();
  }
}

/** The personal dashboard of a member or executive. */
export class MemberDashboardPage {
  readonly page: Page;
  readonly balance: Locator;
  readonly lastPayment: Locator;
  readonly history: Locator;
  readonly pendingSurety: Locator;
  readonly viewProfile: Locator;
  /** The member's own dividends, with what was paid of them. */
  readonly dividends: Locator;
  readonly dividendsPaid: Locator;

  constructor(page: Page) {
    this.page = page;
    this.balance = page.getByTestId('savings-balance');
    this.lastPayment = page.getByTestId('last-payment');
    this.history = page.getByRole('table', { name: 'Savings history' });
    this.pendingSurety = page.getByTestId('pending-surety');
    this.viewProfile = page.getByRole('button', { name: 'View Profile' });
    this.dividends = page.getByRole('table', { name: 'Dividends' });
    this.dividendsPaid = page.getByTestId('dividends-paid');
  }

  historyRow(text: string | RegExp): Locator {
    return this.history.getByRole('row').filter({ hasText: text });
  }
}
