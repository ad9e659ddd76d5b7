import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { AppShellPage } from '../pages/app-shell-page';
import { MemberDashboardPage, StaffDashboardPage } from '../pages/dashboard-page';
import { LoginPage } from '../pages/login-page';
import { MembersPage } from '../pages/members-page';
import { koboOf, OrdersPage } from '../pages/orders-page';
import { ACCOUNTS } from '../support/demo-accounts';
import { saveScreenshot } from '../support/screenshots';

/**
 * Deposit and withdrawal orders from the staff side: the Quick Deposit and its approval on the
 * staff dashboard, the balance that follows on the member list and the member's own dashboard, a
 * withdrawal the server refuses, and the deposit list's period and search filters. Each test works
 * on a member and a savings plan of its own, made through the API as DEMO-ADMIN.
 */
const MEMBER_PASSWORD = 'secret123';
const tag = () => Date.now().toString(36).slice(-5) + Math.floor(Math.random() * 100).toString(36);

const pad = (n: number) => String(n).padStart(2, '0');
/** A calendar day in the machine's local calendar, as the web app's presets compute them. */
const day = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

interface Envelope<T> {
  status: boolean;
  message: string;
  data: T;
}

interface Setup {
  api: APIRequestContext;
  token: string;
  department: string;
  regularProduct: string;
  bank: { id: string; label: string };
}

let setup: Setup;

async function call<T>(
  method: 'GET' | 'POST',
  path: string,
  options: { query?: Record<string, string>; body?: unknown; token?: string } = {},
): Promise<Envelope<T>> {
  const response = await setup.api.fetch(`/api/v1${path}`, {
    method,
    params: options.query,
    data: options.body,
    headers: { authorization: `Bearer ${options.token ?? setup.token}` },
  });
  const body = (await response.json()) as Envelope<T>;
  if (!response.ok())
    throw new Error(
      `${method} ${path}: ${response.status()} ${body.message} ${JSON.stringify((body as { errors?: unknown }).errors ?? {})}`,
    );
  return body;
}

interface Member {
  id: string;
  name: string;
  lastname: string;
  plan: string;
}

/** A cooperative member who can sign in, with a Regular Savings plan starting today. */
async function memberWithPlan(firstname: string): Promise<Member> {
  const t = tag();
  const lastname = `Saver${t}`;
  const member = await call<{ coop_id: string }>('POST', '/cooperative/member', {
    body: {
      firstname,
      lastname,
      email: `${firstname.toLowerCase()}.${t}@example.com`,
      phone: '08030000000',
      gender: 'Female',
      marital_status: 'Single',
      dob: '1990-04-12',
      current_address: '12 Broad Street, Lagos',
      savings_amount: '5000',
      staff_id: `STF-${t}`,
      role_id: 'cooperative-member',
      level: 3,
      department_id: setup.department,
      date_joined: '2020-01-15',
      bank_id: 1,
      branch: 'Marina',
      account_type: 'Savings',
      account_no: '0123456789',
      account_name: `${firstname} ${lastname}`,
      nok_name: 'Chidi Obi',
      nok_address: '3 Allen Avenue',
      nok_phone: '08030000001',
      nok_email: 'chidi@example.com',
      contact_name: 'Ngozi Obi',
      contact_address: '4 Allen Avenue',
      contact_phone: '08030000002',
      contact_email: 'ngozi@example.com',
      password: MEMBER_PASSWORD,
    },
  });
  const today = new Date();
  const plan = await call<{ id: string }>('POST', '/cooperative/member/savings/add-plan', {
    body: {
      savings_product_id: setup.regularProduct,
      start_date: day(today),
      end_date: day(new Date(today.getFullYear() + 1, today.getMonth(), today.getDate())),
      amount: '5000',
      credit_interest: 3,
      frequency: 'Monthly',
      coop_id: member.data.coop_id,
    },
  });
  return { id: member.data.coop_id, name: `${firstname} ${lastname}`, lastname, plan: plan.data.id };
}

async function placeOrder(
  member: Member,
  type: 'DEPOSIT' | 'WITHDRAWAL',
  amount: string,
  date: string,
  description: string,
): Promise<string> {
  const order = await call<{ id: string }>('POST', '/cooperative/transaction-order', {
    body: {
      savings_id: member.plan,
      amount,
      date,
      payment_mode_id: 1,
      comment: description,
      description,
      transaction_type: type,
      coop_id: member.id,
    },
  });
  return order.data.id;
}

const approveOrder = (orderId: string) =>
  call('POST', '/cooperative/transaction-order/approve', { body: { transaction_id: orderId, bank_id: setup.bank.id } });

async function planBalance(member: Member): Promise<{ balance: number; available: number }> {
  const plans = await call<{ data: { id: string; balance: number; available: number }[] }>('GET', '/savings', {
    query: { coop_id: member.id },
  });
  const plan = plans.data.data.find((p) => p.id === member.plan);
  if (!plan) throw new Error(`No plan ${member.plan}`);
  return plan;
}

test.beforeAll(async ({ playwright }) => {
  const api = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const login = await api.post('/api/v1/auth/login', {
    data: { coop_id: ACCOUNTS.coopAdmin.loginId, password: ACCOUNTS.coopAdmin.password },
  });
  const token = ((await login.json()) as Envelope<{ token: { token: string } }>).data.token.token;
  setup = { api, token, department: '', regularProduct: '', bank: { id: '', label: '' } };
  const departments = await call<{ data: { id: string }[] }>('GET', '/cooperative/department', {
    query: { per_page: '100' },
  });
  const setups = await call<{ data: { product_id: string; product: { name: string | null } }[] }>(
    'GET',
    '/cooperative/product-setup/savings',
    { query: { per_page: '100' } },
  );
  const banks = await call<{ data: { id: string; bank: string; account_no: string; status: number }[] }>(
    'GET',
    '/cooperative/bank-account',
    { query: { per_page: '100' } },
  );
  const regular = setups.data.data.find((s) => s.product.name === 'Regular Savings');
  const bank = banks.data.data.find((b) => Number(b.status) === 1);
  if (!departments.data.data[0] || !regular || !bank)
    throw new Error('The DEMO cooperative lacks a department, the Regular Savings setup or a bank account');
  setup.department = departments.data.data[0].id;
  setup.regularProduct = regular.product_id;
  setup.bank = { id: bank.id, label: `${bank.bank} - ${bank.account_no}` };
});

test.afterAll(async () => {
  await setup?.api.dispose();
});

test.describe('savings approvals', () => {
  // Each test signs in, seeds through the API and walks several pages.
  test.describe.configure({ timeout: 120_000 });

  test('a quick deposit is approved on the dashboard and reaches the member list and the member dashboard', async ({
    page,
  }, testInfo) => {
    const member = await memberWithPlan('Quick');
    await new LoginPage(page).signInAs('coopAdmin');
    const dashboard = new StaffDashboardPage(page);
    const shell = new AppShellPage(page);

    await expect(dashboard.heading).toContainText('Welcome to');
    await expect(dashboard.tileCount('Deposits')).toHaveText(/^\d+$/);
    // Loan specs share the demo cooperative, so only the tile's form is checked here (tests/e2e/specs/loans.spec.ts
    // covers its count).
    await expect(dashboard.tileCount('New Loan Requests')).toHaveText(/^\d+$/);
    const pendingBefore = await dashboard.count('Deposits');
    const yearBefore = koboOf(await dashboard.overviewTotal('deposits').innerText());

    // The spec's messages stop an empty form.
    await dashboard.submitDeposit();
    await expect(dashboard.quickDeposit.getByText('Please select a member')).toBeVisible();
    await expect(dashboard.quickDeposit.getByText('Please select account')).toBeVisible();
    await expect(dashboard.quickDeposit.getByText('This field is required')).toHaveCount(2);

    await dashboard.chooseMember(member.id);
    await dashboard.chooseAccount(/Regular Savings/);
    await dashboard.field('Amount').fill('1234.56');
    await dashboard.choosePaymentMode('Cash');
    await dashboard.field('Comment - optional').fill('Cash paid at the office');
    await dashboard.submitDeposit();
    await expect(shell.toast('Deposit submitted for approval')).toBeVisible();
    await expect(dashboard.field('Amount')).toHaveValue('');

    const row = dashboard.row('Recent Deposits', member.name);
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('₦1,234.56');
    await expect(row).toContainText('Regular Savings');
    await expect(dashboard.tileCount('Deposits')).toHaveText(String(pendingBefore + 1));
    expect(await planBalance(member)).toMatchObject({ balance: 0, available: 0 });
    await saveScreenshot(page, testInfo, 'staff-dashboard');

    // Approve asks for the bank account first.
    await row.getByRole('button', { name: new RegExp(`^Approve ${member.name}`) }).click();
    const dialog = dashboard.decision.approval('deposit');
    await expect(dialog).toContainText('₦1,234.56');
    // Who entered it, and its History: the admin's own placing of it.
    await expect(dialog).toContainText('Entered by DEMO-ADMIN');
    await dialog.getByRole('button', { name: 'History' }).click();
    await expect(dialog.getByRole('table', { name: 'History of this order' })).toContainText('Created');
    // Paid in cash: Cash in hand is offered and chosen at first; this approval goes through the bank.
    await expect(dialog.getByRole('button', { name: /^Bank or cash account/ })).toContainText('Cash in hand');
    await dashboard.decision.chooseBank('deposit', setup.bank.label);
    await saveScreenshot(page, testInfo, 'order-approval-dialog');
    await dashboard.decision.approve('deposit');
    await expect(shell.toast('Deposit approved')).toBeVisible();
    await expect(dialog).toHaveCount(0);

    await expect(row).toContainText('Approved');
    await expect(row.getByRole('button', { name: /^Approve/ })).toHaveCount(0);
    await expect(dashboard.tileCount('Deposits')).toHaveText(String(pendingBefore));
    await expect
      .poll(async () => koboOf(await dashboard.overviewTotal('deposits').innerText()))
      .toBe(yearBefore + 123_456);
    expect(await planBalance(member)).toMatchObject({ balance: 1234.56, available: 1234.56 });

    // The member list's Leg. Balance follows.
    await page.goto('/members');
    const members = new MembersPage(page);
    await members.search('Member List', member.id);
    const memberRow = members.row('Member List', member.id);
    await expect(memberRow).toHaveCount(1);
    await expect(memberRow).toContainText('₦1,234.56');

    // And so does the member's own dashboard.
    await shell.signOut();
    await expect(page).toHaveURL(/\/login$/);
    const login = new LoginPage(page);
    await login.signIn(member.id, MEMBER_PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);
    const own = new MemberDashboardPage(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Quick');
    await expect(own.pendingSurety).toHaveText('0');
    await expect(own.balance).toHaveText('₦1,234.56');
    await expect(own.lastPayment).toContainText('₦1,234.56');
    const history = own.historyRow(/DEP\d/);
    await expect(history).toHaveCount(1);
    await expect(history).toContainText('Deposit');
    await expect(history).toContainText('₦1,234.56');
    await saveScreenshot(page, testInfo, 'member-dashboard');
    await own.viewProfile.click();
    await expect(page).toHaveURL(/\/member\/my-profile$/);
  });

  test('a withdrawal above the available balance is refused with the server message and nothing changes', async ({
    page,
  }, testInfo) => {
    const member = await memberWithPlan('Withdraw');
    const today = day(new Date());
    await approveOrder(await placeOrder(member, 'DEPOSIT', '1000', today, 'Opening deposit'));
    // Both fit the available ₦1,000 when placed; once the first is paid, the second no longer does.
    const first = await placeOrder(member, 'WITHDRAWAL', '800', today, 'School fees');
    await placeOrder(member, 'WITHDRAWAL', '700', today, 'Rent');
    await approveOrder(first);
    expect(await planBalance(member)).toMatchObject({ balance: 200, available: 200 });

    await new LoginPage(page).signInAs('coopAdmin');
    const orders = new OrdersPage(page);
    await orders.goto('/finance-reporting/withdrawals');
    await expect(page.getByRole('heading', { level: 1, name: 'Withdrawal Requests' })).toBeVisible();
    expect(await orders.columnHeaders()).not.toContain('Description');
    await orders.searchFor(member.id);
    await expect(orders.row(member.name)).toHaveCount(2);
    const paid = orders.row('₦800.00');
    const refused = orders.row('₦700.00');
    await expect(paid).toContainText('Approved');
    await expect(refused).toContainText('Pending');

    await refused.getByRole('button', { name: /^Approve/ }).click();
    await orders.decision.chooseBank('withdrawal', setup.bank.label);
    await orders.decision.approve('withdrawal');
    const dialog = orders.decision.approval('withdrawal');
    await expect(dialog.getByText('The withdrawal was not approved')).toBeVisible();
    await expect(dialog.getByText('Insufficient available balance')).toBeVisible();
    await saveScreenshot(page, testInfo, 'withdrawal-refused');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(refused).toContainText('Pending');
    expect(await planBalance(member)).toMatchObject({ balance: 200, available: 200 });
  });

  test('the deposit list filters by period preset and by member, and the savings accounts list finds the plan', async ({
    page,
  }, testInfo) => {
    const member = await memberWithPlan('Filter');
    const now = new Date();
    const lastMonth = day(new Date(now.getFullYear(), now.getMonth() - 1, 15));
    await placeOrder(member, 'DEPOSIT', '321', day(now), 'This month deposit');
    await placeOrder(member, 'DEPOSIT', '654.5', lastMonth, 'Last month deposit');

    await new LoginPage(page).signInAs('coopAdmin');
    const orders = new OrdersPage(page);
    await orders.goto('/finance-reporting/deposits');
    await expect(page.getByRole('heading', { level: 1, name: 'Deposit Orders' })).toBeVisible();
    expect(await orders.columnHeaders()).toEqual(
      expect.arrayContaining(['Member', 'Product', 'Amount', 'Description', 'Date', 'Status']),
    );
    await expect(page.getByRole('button', { name: /^Period/ })).toContainText('Current Month');

    await orders.searchFor(member.id);
    await expect(orders.row(member.name)).toHaveCount(1);
    await expect(orders.row(member.name)).toContainText('₦321.00');
    await expect(orders.row(member.name)).toContainText('This month deposit');
    await saveScreenshot(page, testInfo, 'deposit-orders');

    await orders.choosePeriod('Last Month');
    await expect(orders.row('₦654.50')).toHaveCount(1);
    await expect(orders.row('₦321.00')).toHaveCount(0);
    await expect(orders.row(member.name)).toContainText('Last month deposit');

    await orders.searchFor(`${member.id}-nobody`);
    await expect(orders.emptyState('No deposit in this period matches this search.')).toBeVisible();

    const accounts = new OrdersPage(page, 'Savings accounts');
    await accounts.goto('/savings/accounts');
    await accounts.searchFor(member.id);
    const plan = accounts.row(member.name);
    await expect(plan).toHaveCount(1);
    await expect(plan).toContainText('Regular Savings');
    await expect(plan).toContainText('Monthly');
    await expect(plan).toContainText('3%');
  });
});
