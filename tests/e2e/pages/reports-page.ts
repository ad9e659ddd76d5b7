import type { APIRequestContext, Download, Locator, Page } from '@playwright/test';
import type {
  AccountStatement,
  BalanceSheet,
  IncomeStatement,
  LedgerStatement,
  MemberBalanceRow,
  TrialBalanceReport,
} from '@coopledger/shared/report-views';

interface Envelope<T> {
  status: boolean;
  message: string;
  data: T;
}

export interface Period {
  start_date: string;
  end_date: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const day = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** The period every report opens on: 1 January of this year to today, in the browser's calendar. */
export function defaultPeriod(now: Date = new Date()): Period {
  return { start_date: day(new Date(now.getFullYear(), 0, 1)), end_date: day(now) };
}

/** An amount as the app shows it: '₦1,234.56', '₦0', '-₦5.00' (this suite's figures are small enough to be numbers). */
export function naira(figure: number | string): string {
  const amount = Number(figure);
  const text = Math.abs(amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  if (text === '0.00') return '₦0';
  return amount < 0 ? `-₦${text}` : `₦${text}`;
}

/**
 * The accounting and report API as the cooperative admin sees it: posting the journal a test
 * needs, and reading the figures the screens must show.
 */
export class ReportsApi {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly headers: Record<string, string>,
  ) {}

  static async signIn(request: APIRequestContext, loginId: string, password: string): Promise<ReportsApi> {
    const response = await request.post('/api/v1/auth/login', { data: { coop_id: loginId, password } });
    const body = (await response.json()) as Envelope<{ token: { token: string } }>;
    if (!response.ok()) throw new Error(`Signing in as ${loginId}: ${response.status()} ${body.message}`);
    return new ReportsApi(request, { authorization: `Bearer ${body.data.token.token}` });
  }

  private async call<T>(
    method: 'GET' | 'POST',
    path: string,
    options: { query?: Record<string, string>; body?: unknown } = {},
  ): Promise<T> {
    const response = await this.request.fetch(`/api/v1${path}`, {
      method,
      params: options.query,
      data: options.body,
      headers: this.headers,
    });
    const body = (await response.json()) as Envelope<T> & { errors?: unknown };
    if (!response.ok())
      throw new Error(`${method} ${path}: ${response.status()} ${body.message} ${JSON.stringify(body.errors ?? {})}`);
    return body.data;
  }

  /** Posts a two-line journal: `amount` debited to one account and credited to another. */
  async postJournal(entry: {
    date: string;
    description: string;
    debit: string;
    credit: string;
    amount: number;
  }): Promise<void> {
    await this.call('POST', '/cooperative/journal-entry', {
      body: {
        date: entry.date,
        description: entry.description,
        lines: [
          { gl_code: entry.debit, description: entry.description, debit: entry.amount, credit: 0 },
          { gl_code: entry.credit, description: entry.description, debit: 0, credit: entry.amount },
        ],
      },
    });
  }

  trialBalance(period: Period): Promise<TrialBalanceReport> {
    return this.call('GET', '/cooperative/reports/trial-balance', { query: { ...period } });
  }

  ledgerStatement(code: string, period: Period): Promise<LedgerStatement> {
    return this.call('GET', '/cooperative/reports/get-ledger-statement', { query: { ledger_code: code, ...period } });
  }

  incomeStatement(period: Period): Promise<IncomeStatement> {
    return this.call('GET', '/cooperative/reports/income-statement', { query: { ...period } });
  }

  balanceSheet(period: Period): Promise<BalanceSheet> {
    return this.call('GET', '/cooperative/reports/balance-sheet', { query: { ...period } });
  }

  accountStatement(subcategoryId: string, period: Period): Promise<AccountStatement> {
    return this.call('GET', '/cooperative/reports/get-account-statement', {
      query: { subcategory_id: subcategoryId, ...period },
    });
  }

  async memberBalances(query: string): Promise<MemberBalanceRow[]> {
    return (
      await this.call<{ data: MemberBalanceRow[] }>('GET', '/cooperative/reports/member-balance', { query: { query } })
    ).data;
  }
}

/**
 * One report screen (web/src/pages/reports): its table, the From/To/Search/Download filters and
 * the cells of a row by column header.
 */
export class ReportScreen {
  readonly page: Page;
  readonly table: Locator;
  readonly from: Locator;
  readonly to: Locator;
  readonly searchButton: Locator;
  readonly downloadButton: Locator;

  constructor(page: Page, tableName: string) {
    this.page = page;
    this.table = page.getByRole('table', { name: tableName }).or(page.getByRole('treegrid', { name: tableName }));
    this.from = page.getByRole('textbox', { name: 'From' });
    this.to = page.getByRole('textbox', { name: 'To' });
    this.searchButton = page.getByRole('button', { name: 'Search', exact: true });
    this.downloadButton = page.getByRole('button', { name: 'Download', exact: true });
  }

  row(text: string | RegExp): Locator {
    return this.table.locator('tbody tr').filter({ hasText: text });
  }

  /** The rows of the table body, in order. */
  get bodyRows(): Locator {
    return this.table.locator('tbody tr');
  }

  /** The cell of `row` under the column whose header starts with `header`. */
  async cell(row: Locator, header: string): Promise<Locator> {
    await this.table.locator('thead th').first().waitFor();
    const headers = (await this.table.locator('thead th').allInnerTexts()).map((text) => text.trim());
    const index = headers.findIndex((text) => text.startsWith(header));
    if (index === -1) throw new Error(`No column "${header}" in ${headers.join(' | ')}`);
    return row.locator(':scope > td, :scope > th').nth(index);
  }

  /** Types a period into From and To (YYYY-MM-DD) and presses Search. */
  async searchPeriod(start: string, end: string): Promise<void> {
    await this.from.fill(start.replaceAll('-', '/'));
    await this.to.fill(end.replaceAll('-', '/'));
    await this.searchButton.click();
  }

  /** Clicks Download and returns the file the browser received. */
  async download(): Promise<Download> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.downloadButton.click()]);
    return download;
  }
}

export class TrialBalanceScreen extends ReportScreen {
  constructor(page: Page) {
    super(page, 'Trial balance');
  }

  async goto(): Promise<void> {
    await this.page.goto('/reports/trial-balance');
  }

  accountRow(code: string): Locator {
    return this.bodyRows.filter({ has: this.page.getByRole('link', { name: code, exact: true }) });
  }

  get totalRow(): Locator {
    return this.bodyRows.last();
  }
}

export class LedgerStatementScreen extends ReportScreen {
  readonly account: Locator;

  constructor(page: Page) {
    super(page, 'Ledger statement');
    this.account = page.getByRole('button', { name: /^GL account/ });
  }

  async goto(): Promise<void> {
    await this.page.goto('/reports/ledger-statement');
  }

  /** Finds an account in the GL account select by typing part of its code or name. */
  async chooseAccount(filter: string, option: string): Promise<void> {
    await this.account.click();
    await this.page.getByPlaceholder('Find an account by code or name').fill(filter);
    await this.page.getByRole('option', { name: option }).click();
  }

  get closingRow(): Locator {
    return this.row('Closing balance');
  }

  get openingRow(): Locator {
    return this.row('Opening balance');
  }

  /** The last posting, just above the closing balance. */
  get lastLine(): Locator {
    return this.bodyRows.nth(-2);
  }
}

export class StatementScreen extends ReportScreen {
  readonly modal: Locator;

  constructor(page: Page, tableName: 'Income statement' | 'Balance sheet') {
    super(page, tableName);
    this.modal = page.getByRole('dialog', { name: 'Account Statement' });
  }

  /** Opens the Account Statement of a sub-category row. */
  async openBreakdown(subcategory: string): Promise<void> {
    await this.table.getByRole('button', { name: `Account statement of ${subcategory}` }).click();
  }

  breakdownAccount(code: string, name: string): Locator {
    return this.modal.getByRole('link', { name: `Ledger statement of ${code} ${name}` });
  }
}

export class MembersBalanceScreen extends ReportScreen {
  readonly searchBox: Locator;

  constructor(page: Page) {
    super(page, 'Member balances');
    this.searchBox = page.getByRole('searchbox', { name: 'Search members' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/reports/members-balance');
  }

  async searchFor(text: string): Promise<void> {
    await this.searchBox.fill(text);
    await this.searchButton.click();
  }
}
