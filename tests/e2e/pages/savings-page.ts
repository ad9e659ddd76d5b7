import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { dataOf, demoAdminHeaders, demoDepartment } from '../support/api';
import { chooseOption } from '../support/select';

export interface SavingsMember {
  coopId: string;
  name: string;
  password: string;
}

export interface ApiPlan {
  id: string;
  amount: number;
  balance: number;
  product_name: string;
  credit_interest: number;
}

/**
 * The savings API as DEMO-ADMIN sees it, for arranging a test: fresh members, plans, and
 * deposits approved through the ledger, so each test starts from records of its own.
 */
export class SavingsApi {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly headers: Record<string, string>,
  ) {}

  static async asAdmin(request: APIRequestContext): Promise<SavingsApi> {
    return new SavingsApi(request, await demoAdminHeaders(request));
  }

  /** A new member of the DEMO cooperative who can sign in with `secret123`. */
  async createMember(
    role: 'cooperative-member' | 'cooperative-executive' = 'cooperative-member',
  ): Promise<SavingsMember> {
    const department = await demoDepartment(this.request, this.headers);
    const tag = `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 1296).toString(36)}`;
    const person = {
      firstname: 'Saver',
      lastname: `Tester${tag}`,
      email: `saver.${tag}@example.com`,
      password: 'secret123',
    };
    const member = await dataOf<{ coop_id: string }>(
      await this.request.post('/api/v1/cooperative/member', {
        headers: this.headers,
        data: {
          ...person,
          phone: '08030000000',
          gender: 'Female',
          marital_status: 'Single',
          dob: '1990-04-12',
          current_address: '12 Broad Street, Lagos',
          savings_amount: '5000',
          staff_id: `SV-${tag}`,
          role_id: role,
          level: 3,
          department_id: department.id,
          date_joined: '2020-01-15',
          bank_id: 1,
          branch: 'Marina',
          account_type: 'Savings',
          account_no: '0123456789',
          account_name: 'Saver Tester',
          nok_name: 'Chidi Obi',
          nok_address: '3 Allen Avenue',
          nok_phone: '08030000001',
          nok_email: 'chidi@example.com',
          contact_name: 'Ngozi Obi',
          contact_address: '4 Allen Avenue',
          contact_phone: '08030000002',
          contact_email: 'ngozi@example.com',
        },
      }),
      'Creating a member',
    );
    return { coopId: member.coop_id, name: `${person.firstname} ${person.lastname}`, password: person.password };
  }

  /** The product id and setup credit interest of a seeded savings product ('Regular Savings', 'Targeted'). */
  async product(name: string): Promise<{ id: string; creditInterest: number }> {
    const setups = await dataOf<{
      data: { product_id: string; product: { name: string }; credit_interest: number; status: number }[];
    }>(
      await this.request.get('/api/v1/cooperative/product-setup/savings', {
        headers: this.headers,
        params: { per_page: 100 },
      }),
      'Listing savings setups',
    );
    const setup = setups.data.find((s) => s.product.name === name && s.status === 1);
    if (!setup) throw new Error(`No active savings setup for ${name}`);
    return { id: setup.product_id, creditInterest: Number(setup.credit_interest) };
  }

  async addPlan(
    memberId: string,
    body: { product: string; start_date: string; end_date: string; amount: string; frequency: string },
  ): Promise<ApiPlan> {
    const product = await this.product(body.product);
    return dataOf<ApiPlan>(
      await this.request.post('/api/v1/cooperative/member/savings/add-plan', {
        headers: this.headers,
        data: {
          coop_id: memberId,
          savings_product_id: product.id,
          start_date: body.start_date,
          end_date: body.end_date,
          amount: body.amount,
          credit_interest: product.creditInterest,
          frequency: body.frequency,
        },
      }),
      'Adding a plan',
    );
  }

  async plans(memberId: string): Promise<ApiPlan[]> {
    return (
      await dataOf<{ data: ApiPlan[] }>(
        await this.request.get('/api/v1/savings', { headers: this.headers, params: { coop_id: memberId } }),
        'Listing plans',
      )
    ).data;
  }

  /** Places a deposit on a plan and approves it into the seeded bank account; returns its reference number. */
  async approvedDeposit(
    memberId: string,
    savingsId: string,
    amount: string,
    date: string,
    comment: string,
  ): Promise<string> {
    const order = await dataOf<{ id: string }>(
      await this.request.post('/api/v1/cooperative/transaction-order', {
        headers: this.headers,
        data: {
          coop_id: memberId,
          savings_id: savingsId,
          amount,
          date,
          payment_mode_id: 1,
          transaction_type: 'DEPOSIT',
          comment,
        },
      }),
      'Placing a deposit',
    );
    const banks = await dataOf<{ data: { id: string; status: number }[] }>(
      await this.request.get('/api/v1/cooperative/bank-account', { headers: this.headers }),
      'Listing bank accounts',
    );
    const bank = banks.data.find((b) => b.status === 1);
    if (!bank) throw new Error('The DEMO cooperative has no active bank account');
    const approved = await dataOf<{ reference_no: string }>(
      await this.request.post('/api/v1/cooperative/transaction-order/approve', {
        headers: this.headers,
        data: { transaction_id: order.id, bank_id: bank.id },
      }),
      'Approving a deposit',
    );
    return approved.reference_no;
  }
}

/** The member savings screens: /member/savings, its modals, the requests lists and the history. */
export class SavingsPage {
  readonly page: Page;
  readonly plans: Locator;
  readonly requests: Locator;
  readonly transactions: Locator;
  readonly dialog: Locator;

  constructor(page: Page) {
    this.page = page;
    this.plans = page.getByRole('table', { name: 'Savings accounts' });
    this.requests = page.getByRole('table', { name: 'Savings requests' });
    this.transactions = page.getByRole('table', { name: 'Transactions' });
    this.dialog = page.getByRole('dialog');
  }

  /** Signs in at /login with a member's own credentials and waits for the dashboard. */
  async signIn(loginId: string, password: string): Promise<void> {
    await this.page.goto('/login');
    const card = this.page.getByRole('form', { name: 'Sign in' });
    await card.getByLabel('Login ID').fill(loginId);
    await card.getByLabel('Password', { exact: true }).fill(password);
    await card.getByRole('button', { name: 'Sign in' }).click();
    await expect(this.page).toHaveURL(/\/dashboard$/);
  }

  planRow(product: string): Locator {
    return this.plans
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name: product, exact: true }) });
  }

  /** Data rows of a table (the header row has no cells). */
  rows(table: Locator): Locator {
    return table.locator('tbody tr');
  }

  form(header: string): Locator {
    return this.page.getByRole('form', { name: header });
  }

  field(form: Locator, label: string): Locator {
    return form.getByLabel(label, { exact: true });
  }

  /** Picks an option of a Cloudscape select by its label. */
  async choose(form: Locator, label: string, option: string | RegExp): Promise<void> {
    await chooseOption(form, label, option);
  }

  async submitDialog(button: string): Promise<void> {
    await this.dialog.filter({ visible: true }).getByRole('button', { name: button, exact: true }).click();
  }

  /** Opens a row's action menu and returns the texts it offers. */
  async openActions(product: string): Promise<string[]> {
    await this.planRow(product)
      .getByRole('button', { name: /^Actions for / })
      .click();
    return (await this.page.getByRole('menuitem').allInnerTexts()).map((t) => t.trim());
  }

  async action(product: string, item: string): Promise<void> {
    await this.planRow(product)
      .getByRole('button', { name: /^Actions for / })
      .click();
    await this.page.getByRole('menuitem', { name: item, exact: true }).click();
  }

  async choosePeriod(label: string): Promise<void> {
    await this.page.getByRole('button', { name: /^Period\b/ }).click();
    await this.page.getByRole('option', { name: label, exact: true }).click();
  }

  async search(text: string): Promise<void> {
    await this.page.getByRole('searchbox', { name: 'Search transactions' }).fill(text);
  }
}
