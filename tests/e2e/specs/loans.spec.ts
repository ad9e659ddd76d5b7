import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { businessDate } from '@coopledger/shared/dates';
import { AppShellPage } from '../pages/app-shell-page';
import { MemberDashboardPage } from '../pages/dashboard-page';
import { LoginPage } from '../pages/login-page';
import type { ApiLoanSetup } from '../pages/loans-page';
import {
  LoanApplicationForm,
  LoanApplicationsPage,
  LoansApi,
  naira,
  penalShown,
  SuretyRequestsPage,
} from '../pages/loans-page';
import { ACCOUNTS } from '../support/demo-accounts';
import { saveScreenshot } from '../support/screenshots';

/**
 * Loans end to end on the seeded DEMO cooperative (infra/local/seed.ts): a member applies for a
 * Personal Loan naming two sureties, one surety approves on their surety page and the other on
 * their dashboard, an admin approves it into the bank account, and the member sees it running with
 * its schedule. A second
 * test shows the admin cannot approve before both sureties did. Each test has applicants and
 * sureties of its own, and earlier runs' loans are cleared first, so a rerun starts clean.
 */
const PASSWORD = 'password123';
const PRODUCT = 'Personal Loan';

const MEMBERS = {
  applicant: { id: 'DEMO0001', name: 'Adaeze Okafor' },
  first: { id: 'DEMO0003', name: 'Chinedu Eze' },
  second: { id: 'DEMO0004', name: 'Damilola Ogunleye' },
  early: { id: 'DEMO0005', name: 'Emeka Nwosu' },
  earlyFirst: { id: 'DEMO0006', name: 'Funmilayo Bello' },
  earlySecond: { id: 'DEMO0007', name: 'Garba Musa' },
  replacement: { id: 'DEMO0008', name: 'Halima Yusuf' },
} as const;

const pad = (n: number) => String(n).padStart(2, '0');
/** The first day of next month, as the date picker takes it and as the API takes it. */
function nextMonthStart(): { typed: string; api: string } {
  const now = new Date();
  const first = new Date(now.getFullYear(), now.getMonth() + 1, 1);
  const [y, m] = [first.getFullYear(), pad(first.getMonth() + 1)];
  return { typed: `${y}/${m}/01`, api: `${y}-${m}-01` };
}
/** Today as the server dates an application: the day in UTC. */
/** The server's today: the business date in Lagos. */
const today = () => businessDate();
/** A whole-naira amount no other run or spec uses, so rows are found by it. */
const uniqueAmount = () => 150_000 + Math.floor(Math.random() * 50_000);

let request: APIRequestContext;
let admin: LoansApi;
let productId: string;
let setup: ApiLoanSetup;
let bank: string;

test.beforeAll(async ({ playwright }) => {
  request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  admin = await LoansApi.signIn(request, ACCOUNTS.coopAdmin.loginId, ACCOUNTS.coopAdmin.password);
  setup = await admin.setup(PRODUCT);
  productId = setup.product_id;
  bank = await admin.bankLabel();
  await admin.clearLoans(MEMBERS.applicant.id, productId);
  await admin.clearLoans(MEMBERS.early.id, productId);
});

test.afterAll(async () => {
  await request?.dispose();
});

async function signInAs(page: Page, loginId: string, password = PASSWORD): Promise<void> {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(loginId, password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function signOut(page: Page): Promise<void> {
  await new AppShellPage(page).signOut();
  await expect(page).toHaveURL(/\/login$/);
}

/**
 * A surety signs in, finds the request on the dashboard and approves it there (the Surety Requests
 * card) or on the surety page the dashboard links to.
 */
async function approveAsSurety(
  page: Page,
  surety: { id: string; name: string },
  amount: number,
  total: string,
  where: 'dashboard' | 'surety page',
  screenshot?: () => Promise<void>,
): Promise<void> {
  await signInAs(page, surety.id);
  const dashboard = new MemberDashboardPage(page);
  await expect(dashboard.pendingSurety).not.toHaveText('0');
  const card = page.getByRole('table', { name: 'Surety Requests' });
  await expect(card.getByRole('row').filter({ hasText: MEMBERS.applicant.name }).first()).toBeVisible();
  const requests = new SuretyRequestsPage(page);
  // The card and the dialog name one figure, the amount asked for; the dialog explains the rest.
  let row = card.getByRole('row').filter({ hasText: naira(amount) });
  if (where === 'surety page') {
    await page.getByRole('link', { name: /pending surety request/ }).click();
    await expect(page).toHaveURL(/\/member\/loans\/surety$/);
    row = requests.row(naira(amount));
  }
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(MEMBERS.applicant.name);
  await expect(row).toContainText(PRODUCT);
  await expect(row).toContainText('Pending');
  await screenshot?.();
  await row.getByRole('button', { name: `Approve the request of ${MEMBERS.applicant.name}` }).click();
  await expect(requests.dialog).toContainText(naira(amount));
  await expect(requests.dialog.getByTestId('surety-terms')).toContainText(`It is repaid over 12 month(s)`);
  await expect(requests.dialog.getByTestId('surety-terms')).toContainText(`${total} with interest in all`);
  await requests.dialog.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(new AppShellPage(page).toast('Surety request approved')).toBeVisible();
  await expect(requests.dialog).toHaveCount(0);
  await expect(row).toContainText('Approved');
  await expect(row.getByRole('button', { name: /^Approve/ })).toHaveCount(0);
  await signOut(page);
}

test.describe('loans', () => {
  test.describe.configure({ timeout: 180_000 });

  test('a member applies with two sureties, both approve, the admin disburses and the member sees the schedule', async ({
    page,
  }, testInfo) => {
    const amount = uniqueAmount();
    const start = nextMonthStart();
    let totalText = '';

    await test.step('the member applies for a Personal Loan and sees the preview', async () => {
      await signInAs(page, MEMBERS.applicant.id);
      await page.goto('/member/loans/apply');
      const form = new LoanApplicationForm(page);
      await expect(page.getByRole('heading', { level: 1, name: 'Loan Application Form' })).toBeVisible();

      // The spec's messages stop an empty form.
      await form.submit();
      await expect(form.form.getByText('Please select account')).toBeVisible();
      await expect(form.form.getByText('This field is required').first()).toBeVisible();

      // The application is dated today, read-only (the server dates a member's own application).
      await expect(form.field('Application date')).toHaveValue(today().replaceAll('-', '/'));
      await expect(form.field('Application date')).not.toBeEditable();
      await form.choose('Loan product', PRODUCT);
      // The product fills in its terms; the rate (the setup's maximum) and the penal charge (in its
      // unit) are the product's, read-only.
      await expect(form.field('Tenure')).toHaveValue('12');
      await expect(form.field('Interest rate (%)')).toHaveValue(String(setup.max_int_rate));
      await expect(form.field('Interest rate (%)')).not.toBeEditable();
      await expect(form.form.getByText("The product's rate", { exact: true })).toBeVisible();
      await expect(form.field('Penal charge')).toHaveValue(penalShown(setup));
      await expect(form.field('Penal charge')).not.toBeEditable();
      await expect(form.select('Tenure type')).toContainText('Month(s)');
      await expect(form.select('Source')).toContainText('Internal');
      await expect(form.select('Charge')).toContainText('Loan Processing Fee');
      await expect(form.select('Calculation method')).toContainText('Reducing Balance (Equal Installments)');

      await form.field('Loan amount').fill(String(amount));
      await form.field('Repayment start date').fill(start.typed);
      await expect(form.previewRows()).toHaveCount(12);
      // The last repayment clears the loan.
      await expect(form.previewRows().last()).toContainText(naira(0));
      await expect(page.getByTestId('preview-principal')).toHaveText(naira(amount));
      // What is kept back and paid out: DEMO's Personal Loan charges 1% and no upfront interest.
      expect(setup).toMatchObject({ charge_type: 'Percentage', charge_amount: 1, upfront: 0 });
      await expect(form.field('Charge (% of the loan)')).toHaveValue('1');
      await expect(page.getByTestId('preview-charge')).toHaveText(naira(amount / 100));
      await expect(page.getByTestId('preview-upfront')).toHaveText(naira(0));
      await expect(page.getByTestId('preview-paid-out')).toHaveText(naira(amount - amount / 100));
      // The surety's dialog explains the total repayable.
      totalText = await page.getByTestId('preview-total').innerText();

      await form.chooseSurety('First surety', MEMBERS.first.id);
      await form.chooseSurety('Second surety', MEMBERS.second.id);
      await saveScreenshot(page, testInfo, 'loan-application');
      await form.submit();
      await expect(new AppShellPage(page).toast('Your loan application has been submitted')).toBeVisible();
      // What was submitted, and where to follow it.
      const submitted = page.getByTestId('application-submitted');
      await expect(submitted).toContainText(`${PRODUCT} of ${naira(amount)} for 12 month(s)`);
      await expect(submitted.getByRole('link', { name: 'Loan history' })).toHaveAttribute('href', '/member/loans');
      // The form starts again.
      await expect(form.field('Loan amount')).toHaveValue('');
      await expect(form.previewRows()).toHaveCount(0);

      // The loan took the setup's terms and today's date (read through the API, not the form).
      const applied = (await admin.memberLoans(MEMBERS.applicant.id)).find((l) => l.loan_amount === amount);
      expect(applied).toMatchObject({
        interest_rate: setup.max_int_rate,
        date: today(),
        penal_charge: setup.penal_charge,
        penal_type: setup.penal_type,
      });

      await page.goto('/member/loans');
      const row = page
        .getByRole('table', { name: 'Loan history' })
        .getByRole('row')
        .filter({ hasText: naira(amount) });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(PRODUCT);
      await expect(row).toContainText('Pending');
      await expect(row).toContainText('12 Month(s)');
      await signOut(page);
    });

    await test.step('each surety approves the request', async () => {
      await approveAsSurety(page, MEMBERS.first, amount, totalText, 'surety page', () =>
        saveScreenshot(page, testInfo, 'surety-requests'),
      );
      await approveAsSurety(page, MEMBERS.second, amount, totalText, 'dashboard');
    });

    await test.step('the admin approves it into the bank account', async () => {
      await signInAs(page, ACCOUNTS.coopAdmin.loginId, ACCOUNTS.coopAdmin.password);
      const list = new LoanApplicationsPage(page);
      await list.goto();
      await expect(page.getByRole('heading', { level: 1, name: 'Loan Applications' })).toBeVisible();
      await list.search.fill(MEMBERS.applicant.id);
      const row = list.row(naira(amount));
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(MEMBERS.applicant.name);
      await expect(row).toContainText('Pending');
      await expect(row).toContainText('12%');
      expect(await list.openActions(row)).toEqual([
        'View schedule',
        'View sureties',
        'Download loan form',
        'Approve',
        'Deny',
        'Delete',
      ]);
      await page.keyboard.press('Escape');

      await list.action(row, 'View sureties');
      await expect(list.details.getByRole('tab', { name: 'Sureties', selected: true })).toBeVisible();
      const sureties = list.details.getByRole('table', { name: 'Sureties' });
      await expect(sureties.getByRole('row').filter({ hasText: MEMBERS.first.name })).toContainText('Approved');
      await expect(sureties.getByRole('row').filter({ hasText: MEMBERS.second.name })).toContainText('Approved');
      await list.details.getByRole('button', { name: 'Close' }).click();
      await expect(list.details).toHaveCount(0);

      await list.action(row, 'Approve');
      await expect(list.approval).toContainText(naira(amount));
      await list.approve();
      await expect(list.approval.getByText('Please select bank account')).toBeVisible();
      await list.chooseBank(bank);
      await saveScreenshot(page, testInfo, 'loan-approval');
      await list.approve();
      await expect(new AppShellPage(page).toast('Loan approved and disbursed')).toBeVisible();
      await expect(list.approval).toHaveCount(0);
      await expect(row).toContainText('Approved');
      await expect(row).toContainText('Running');
      expect(await list.openActions(row)).toEqual([
        'View schedule',
        'View sureties',
        'Download loan form',
        'Mark as Completed',
        'Mark as Incomplete',
      ]);
      await page.keyboard.press('Escape');
      await signOut(page);
    });

    await test.step('the member sees the loan approved and its schedule', async () => {
      await signInAs(page, MEMBERS.applicant.id);
      // The dashboard's Loans Overview lists it with its balance.
      const overview = page
        .getByRole('table', { name: 'Loans' })
        .getByRole('row')
        .filter({ hasText: naira(amount) });
      await expect(overview).toContainText('Approved');
      await expect(overview).toContainText(PRODUCT);
      await expect(page.getByTestId('total-loan')).not.toHaveText(naira(0));
      await expect(page.getByTestId('active-loan')).not.toHaveText(naira(0));

      await page.goto('/member/loans');
      const row = page
        .getByRole('table', { name: 'Loan history' })
        .getByRole('row')
        .filter({ hasText: naira(amount) });
      await expect(row).toContainText('Approved');
      await expect(row).toContainText('Running');
      await row.getByRole('button', { name: new RegExp(`^Loan details of the ${PRODUCT}`) }).click();
      const details = page.getByRole('dialog', { name: 'Loan Details' });
      await expect(details.getByRole('tab', { name: 'Loan Schedule', selected: true })).toBeVisible();
      const schedule = details.getByRole('table', { name: 'Loan schedule' });
      await expect(schedule.locator('tbody tr')).toHaveCount(12);
      await expect(schedule.locator('tbody tr').filter({ hasText: 'Not Paid' })).toHaveCount(12);
      await saveScreenshot(page, testInfo, 'loan-details');
      await details.getByRole('tab', { name: 'Sureties' }).click();
      await expect(
        details.getByRole('table', { name: 'Sureties' }).getByRole('row').filter({ hasText: 'Approved' }),
      ).toHaveCount(2);
    });
  });

  test('the admin cannot approve before both sureties approved; a surety who denied is replaced; the dashboard and member detail follow', async ({
    page,
  }, testInfo) => {
    const amount = uniqueAmount();
    const loan = await admin.apply({
      loan_product_id: productId,
      loan_amount: amount,
      payment_start_date: nextMonthStart().api,
      date: today(),
      calculation_method_id: 2,
      charge_id: (
        await admin.call<{ data: { charge_id: string; product_id: string }[] }>(
          'GET',
          '/cooperative/product-setup/loans',
          { query: { per_page: '100' } },
        )
      ).data.data.find((s) => s.product_id === productId)?.charge_id,
      charge_amount: 1,
      surety1: MEMBERS.earlyFirst.id,
      surety2: MEMBERS.earlySecond.id,
      tenure: 12,
      tenure_type: 'Month(s)',
      interest_rate: 10,
      penal_charge: 0,
      upfront: 0,
      source: 'Internal',
      repayment_type: 'Salary',
      coop_id: MEMBERS.early.id,
    });
    try {
      const surety = await LoansApi.signIn(request, MEMBERS.earlyFirst.id, PASSWORD);
      const request1 = loan.sureties.find((s) => s.member_id === MEMBERS.earlyFirst.id);
      if (!request1) throw new Error('The loan lacks its first surety request');
      await surety.answerSurety(request1.id, true);
      const refuser = await LoansApi.signIn(request, MEMBERS.earlySecond.id, PASSWORD);
      const request2 = loan.sureties.find((s) => s.member_id === MEMBERS.earlySecond.id);
      if (!request2) throw new Error('The loan lacks its second surety request');
      await refuser.answerSurety(request2.id, false);

      await signInAs(page, ACCOUNTS.coopAdmin.loginId, ACCOUNTS.coopAdmin.password);
      const list = new LoanApplicationsPage(page);
      await list.goto();
      await list.search.fill(MEMBERS.early.id);
      const row = list.row(naira(amount));
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('10%');

      await list.action(row, 'Approve');
      await list.chooseBank(bank);
      await list.approve();
      await expect(list.approval.getByText('The loan was not approved')).toBeVisible();
      await expect(
        list.approval.getByText('Both sureties must approve this loan before it can be approved'),
      ).toBeVisible();
      await saveScreenshot(page, testInfo, 'loan-approval-refused');
      await list.approval.getByRole('button', { name: 'Cancel' }).click();
      await expect(list.approval).toHaveCount(0);
      await expect(row).toContainText('Pending');
      expect((await admin.memberLoans(MEMBERS.early.id)).find((l) => l.id === loan.id)?.status).toBe(0);

      // The surety who denied is replaced; the new one is asked in turn.
      await list.action(row, 'View sureties');
      const sureties = list.details.getByRole('table', { name: 'Sureties' });
      await expect(sureties.getByRole('row').filter({ hasText: MEMBERS.earlyFirst.name })).toContainText('Approved');
      await expect(sureties.getByRole('row').filter({ hasText: MEMBERS.earlySecond.name })).toContainText('Denied');
      await list.details.getByRole('button', { name: `Replace ${MEMBERS.earlySecond.name}` }).click();
      await list.details.getByRole('button', { name: /^New surety/ }).click();
      await page.getByRole('combobox', { name: 'Search new surety' }).fill(MEMBERS.replacement.id);
      await page
        .getByRole('option', { name: new RegExp(MEMBERS.replacement.id) })
        .first()
        .click();
      await list.details.getByRole('button', { name: 'Replace surety', exact: true }).click();
      await expect(
        new AppShellPage(page).toast('Surety replaced; the new surety has been asked to approve'),
      ).toBeVisible();
      await expect(sureties.getByRole('row').filter({ hasText: MEMBERS.replacement.name })).toContainText('Pending');
      await expect(sureties.getByRole('row').filter({ hasText: MEMBERS.earlySecond.name })).toHaveCount(0);
      await list.details.getByRole('button', { name: 'Close' }).click();

      // The staff dashboard counts it and lists it with Approve and Deny; its row opens the details.
      await page.goto('/dashboard');
      await expect(page.getByTestId('tile-count-New Loan Requests')).toHaveText(/^[1-9]\d*$/);
      const recent = page
        .getByRole('table', { name: 'Recent Loan Applications' })
        .getByRole('row')
        .filter({ hasText: naira(amount) });
      await expect(recent).toContainText(MEMBERS.early.name);
      await expect(recent).toContainText(PRODUCT);
      await saveScreenshot(page, testInfo, 'staff-dashboard-loans');
      await recent.getByRole('button', { name: `Loan details of ${MEMBERS.early.name} ${naira(amount)}` }).click();
      const details = page.getByRole('dialog', { name: 'Loan Details' });
      await expect(details.getByRole('table', { name: 'Loan schedule' }).locator('tbody tr')).toHaveCount(12);
      await details.getByRole('button', { name: 'Close' }).click();
      await recent.getByRole('button', { name: `Deny the loan of ${MEMBERS.early.name} ${naira(amount)}` }).click();
      const deny = page.getByRole('dialog', { name: 'Deny loan' });
      await deny.getByRole('button', { name: 'Deny', exact: true }).click();
      await expect(new AppShellPage(page).toast('Loan rejected')).toBeVisible();
      await expect(recent).toContainText('Denied');
      await expect(recent.getByRole('button', { name: /^Approve/ })).toHaveCount(0);

      // The surety's Surety Request tab on the member detail page lists the request.
      await page.goto(`/members/view?member_id=${MEMBERS.earlyFirst.id}`);
      await page.getByRole('tab', { name: 'Surety Request' }).click();
      const suretyRow = page
        .getByRole('table', { name: 'Surety requests' })
        .getByRole('row')
        .filter({ hasText: naira(amount) });
      await expect(suretyRow).toContainText(MEMBERS.early.name);
      await expect(suretyRow).toContainText('Approved');

      // The applicant's Loans tab: the admin may delete the rejected loan there.
      await page.goto(`/members/view?member_id=${MEMBERS.early.id}`);
      await page.getByRole('tab', { name: 'Loans' }).click();
      await expect(page.getByRole('tab', { name: 'Apply' })).toBeVisible();
      const history = page
        .getByRole('table', { name: 'Loan history' })
        .getByRole('row')
        .filter({ hasText: naira(amount) });
      await expect(history).toContainText('Rejected');
      await history.getByRole('button', { name: /^Actions for / }).click();
      expect((await page.getByRole('menuitem').allInnerTexts()).map((t) => t.trim())).toEqual([
        'View schedule',
        'View sureties',
        'Delete',
      ]);
      await page.getByRole('menuitem', { name: 'Delete', exact: true }).click();
      await page
        .getByRole('dialog', { name: 'Delete loan' })
        .getByRole('button', { name: 'Delete', exact: true })
        .click();
      await expect(new AppShellPage(page).toast('Loan deleted')).toBeVisible();
      await expect(history).toHaveCount(0);
      await saveScreenshot(page, testInfo, 'member-loans-tab');
    } finally {
      if ((await admin.memberLoans(MEMBERS.early.id)).some((l) => l.id === loan.id)) await admin.deleteLoan(loan.id);
    }
  });
});
