import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { chooseOption } from '../support/select';

interface Envelope<T> {
  status: boolean;
  message: string;
  data: T;
}

export interface ApiLoan {
  id: string;
  member_id: string;
  loan_product_id: string;
  loan_amount: number;
  total_amount: number;
  interest_rate: number;
  /** The application date. */
  date: string;
  penal_charge: number;
  penal_type: string | null;
  status: number;
  is_paid: number;
  sureties: { id: string; member_id: string; status: number }[];
}

export interface ApiLoanSetup {
  product_id: string;
  product: { name: string | null };
  name: string;
  min_int_rate: number;
  max_int_rate: number;
  penal_charge: number;
  penal_type: string;
  charge_type: string;
  charge_amount: number;
  upfront: number;
}

/**
 * The loan API as one signed-in person sees it, for arranging a test and cleaning up after it:
 * applications, surety answers, and removing what an earlier run left behind.
 */
export class LoansApi {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly headers: Record<string, string>,
  ) {}

  static async signIn(request: APIRequestContext, loginId: string, password: string): Promise<LoansApi> {
    const response = await request.post('/api/v1/auth/login', { data: { coop_id: loginId, password } });
    const body = (await response.json()) as Envelope<{ token: { token: string } }>;
    if (!response.ok()) throw new Error(`Signing in as ${loginId}: ${response.status()} ${body.message}`);
    return new LoansApi(request, { authorization: `Bearer ${body.data.token.token}` });
  }

  async call<T>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    options: { query?: Record<string, string>; body?: unknown } = {},
  ): Promise<Envelope<T>> {
    const response = await this.request.fetch(`/api/v1${path}`, {
      method,
      params: options.query,
      data: options.body,
      headers: this.headers,
    });
    const body = (await response.json()) as Envelope<T> & { errors?: unknown };
    if (!response.ok())
      throw new Error(`${method} ${path}: ${response.status()} ${body.message} ${JSON.stringify(body.errors ?? {})}`);
    return body;
  }

  /** The id of the cooperative's first active bank account. */
  async activeBankId(): Promise<string> {
    const banks = await this.call<{ data: { id: string; status: number }[] }>('GET', '/cooperative/bank-account', {
      query: { per_page: '100' },
    });
    const bank = banks.data.data.find((b) => Number(b.status) === 1);
    if (!bank) throw new Error('The cooperative has no active bank account');
    return bank.id;
  }

  /**
   * A Regular Savings plan for `memberId` (this year to the end of the next) holding `amount` naira,
   * deposited today and approved into `bankId`; its id.
   */
  async fundedRegularPlan(memberId: string, amount: string, bankId: string): Promise<string> {
    const products = await this.call<{ data: { product_id: string; product: { name: string | null } }[] }>(
      'GET',
      '/cooperative/product-setup/savings',
      { query: { per_page: '100' } },
    );
    const regular = products.data.data.find((s) => s.product.name === 'Regular Savings');
    if (!regular) throw new Error('No Regular Savings setup');
    const today = new Date();
    const year = today.getFullYear();
    const plan = await this.call<{ id: string }>('POST', '/cooperative/member/savings/add-plan', {
      body: {
        savings_product_id: regular.product_id,
        start_date: `${year}-01-01`,
        end_date: `${year + 1}-12-31`,
        amount: '5000',
        credit_interest: 3,
        frequency: 'Monthly',
        coop_id: memberId,
      },
    });
    const pad = (n: number) => String(n).padStart(2, '0');
    const order = await this.call<{ id: string }>('POST', '/cooperative/transaction-order', {
      body: {
        savings_id: plan.data.id,
        amount,
        date: `${year}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`,
        payment_mode_id: 1,
        comment: 'Savings',
        description: 'Savings',
        transaction_type: 'DEPOSIT',
      },
    });
    await this.call('POST', '/cooperative/transaction-order/approve', {
      body: { transaction_id: order.data.id, bank_id: bankId },
    });
    return plan.data.id;
  }

  /** The loan setup of a product by its name: its id and the terms a loan takes from it. */
  async setup(name: string): Promise<ApiLoanSetup> {
    const setups = await this.call<{ data: ApiLoanSetup[] }>('GET', '/cooperative/product-setup/loans', {
      query: { per_page: '100' },
    });
    const setup = setups.data.data.find((s) => s.product.name === name || s.name === name);
    if (!setup) throw new Error(`No loan setup for ${name}`);
    return setup;
  }

  /** The id of a loan product by its name, from the loan setups. */
  async productId(name: string): Promise<string> {
    return (await this.setup(name)).product_id;
  }

  /** The first active bank account, as the approval dialog labels it. */
  async bankLabel(): Promise<string> {
    const banks = await this.call<{ data: { bank: string; account_no: string; status: number }[] }>(
      'GET',
      '/cooperative/bank-account',
      { query: { per_page: '100' } },
    );
    const bank = banks.data.data.find((b) => Number(b.status) === 1);
    if (!bank) throw new Error('The cooperative has no active bank account');
    return `${bank.bank} - ${bank.account_no}`;
  }

  async memberLoans(memberId: string): Promise<ApiLoan[]> {
    const loans = await this.call<{ data: ApiLoan[] }>('GET', '/cooperative/member/loans', {
      query: { coop_id: memberId, per_page: '100' },
    });
    return loans.data.data;
  }

  /**
   * Leaves the member free to apply for the product again: a pending or rejected loan of an
   * earlier run is deleted, an approved one that still runs is marked completed.
   */
  async clearLoans(memberId: string, productId: string): Promise<void> {
    for (const loan of await this.memberLoans(memberId)) {
      if (loan.loan_product_id !== productId) continue;
      if (loan.status !== 1)
        await this.call('DELETE', '/cooperative/member/loans/delete', { query: { loan_id: loan.id } });
      else if (loan.is_paid !== 1)
        await this.call('GET', '/cooperative/loans/mark-as-completed', { query: { loan_id: loan.id } });
    }
  }

  async apply(body: Record<string, unknown>): Promise<ApiLoan> {
    return (await this.call<ApiLoan>('POST', '/cooperative/member/loans/apply', { body })).data;
  }

  async answerSurety(suretyId: string, approve: boolean): Promise<void> {
    await this.call('POST', `/cooperative/member/surety/${approve ? 'approve' : 'deny'}`, {
      body: { surety_id: suretyId },
    });
  }

  async deleteLoan(loanId: string): Promise<void> {
    await this.call('DELETE', '/cooperative/member/loans/delete', { query: { loan_id: loanId } });
  }
}

/** The loan application form with its schedule preview (/member/loans/apply, member detail Apply). */
export class LoanApplicationForm {
  readonly page: Page;
  readonly form: Locator;
  readonly preview: Locator;

  constructor(page: Page) {
    this.page = page;
    this.form = page.getByRole('form', { name: 'Loan application' });
    this.preview = page.getByRole('table', { name: 'Schedule preview' });
  }

  field(label: string): Locator {
    return this.form.getByLabel(label, { exact: true });
  }

  /** The select's trigger, named by its label and the value it shows. */
  select(label: string): Locator {
    return this.form.getByRole('button', { name: new RegExp(`^${label}\\b`) }).first();
  }

  async choose(label: string, option: string | RegExp): Promise<void> {
    await chooseOption(this.form, label, option);
  }

  /** Searches the directory for a member number and picks them as a surety. */
  async chooseSurety(label: 'First surety' | 'Second surety', memberNumber: string): Promise<void> {
    await this.select(label).click();
    await this.page.getByRole('combobox', { name: `Search ${label.toLowerCase()}` }).fill(memberNumber);
    await this.page
      .getByRole('option', { name: new RegExp(memberNumber) })
      .first()
      .click();
  }

  async submit(): Promise<void> {
    await this.form.getByRole('button', { name: 'Apply', exact: true }).click();
  }

  previewRows(): Locator {
    return this.preview.locator('tbody tr');
  }
}

/** /loans/applications: the staff list, its row menus and the approval dialog. */
export class LoanApplicationsPage {
  readonly page: Page;
  readonly table: Locator;
  readonly search: Locator;
  readonly approval: Locator;
  readonly details: Locator;

  constructor(page: Page) {
    this.page = page;
    this.table = page.getByRole('table', { name: 'Loan applications' });
    this.search = page.getByRole('searchbox', { name: 'Search by member name or number' });
    this.approval = page.getByRole('dialog', { name: 'Approve loan' });
    this.details = page.getByRole('dialog', { name: 'Loan Details' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/loans/applications');
  }

  row(text: string | RegExp): Locator {
    return this.table.getByRole('row').filter({ hasText: text });
  }

  /** Opens a row's action menu and returns what it offers. */
  async openActions(row: Locator): Promise<string[]> {
    await row.getByRole('button', { name: /^Actions for / }).click();
    return (await this.page.getByRole('menuitem').allInnerTexts()).map((text) => text.trim());
  }

  async action(row: Locator, item: string): Promise<void> {
    await row.getByRole('button', { name: /^Actions for / }).click();
    await this.page.getByRole('menuitem', { name: item, exact: true }).click();
  }

  async chooseBank(bank: string): Promise<void> {
    await this.approval.getByRole('button', { name: /^Bank account/ }).click();
    await this.page.getByRole('option', { name: bank }).first().click();
  }

  async approve(): Promise<void> {
    await this.approval.getByRole('button', { name: 'Approve', exact: true }).click();
  }
}

/** /member/loans/surety: requests to the signed-in member to stand surety. */
export class SuretyRequestsPage {
  readonly page: Page;
  readonly table: Locator;
  readonly dialog: Locator;

  constructor(page: Page) {
    this.page = page;
    this.table = page.getByRole('table', { name: 'Surety requests' });
    this.dialog = page.getByRole('dialog', { name: 'Approve surety request' });
  }

  row(text: string | RegExp): Locator {
    return this.table.getByRole('row').filter({ hasText: text });
  }
}

/** The naira text of the app ('₦1,234.56', and '₦0' for zero) for an amount in naira. */
export function naira(amount: number): string {
  if (amount === 0) return '₦0';
  return `₦${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** A setup's penal charge in its unit, as the application form and the loan form show it: 2%, ₦500.00 or None. */
export function penalShown(setup: Pick<ApiLoanSetup, 'penal_charge' | 'penal_type'>): string {
  if (!setup.penal_charge || setup.penal_type === 'None') return 'None';
  return setup.penal_type === 'Percentage' ? `${setup.penal_charge}%` : naira(setup.penal_charge);
}
