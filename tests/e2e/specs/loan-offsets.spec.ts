import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { AppShellPage } from '../pages/app-shell-page';
import { LoginPage } from '../pages/login-page';
import type { TestMember } from '../pages/member-detail-page';
import { MemberDetailPage, createMember } from '../pages/member-detail-page';
import { LoansApi, naira } from '../pages/loans-page';
import { ACCOUNTS } from '../support/demo-accounts';
import { saveScreenshot } from '../support/screenshots';
import { chooseOption } from '../support/select';

/**
 * Loan offsets end to end on the seeded DEMO cooperative: a fresh member with savings gets a
 * Personal Loan approved through the API (120,000 at 12% flat over 12 months from the first of next
 * month), then an admin offsets part of it from the member's savings in the member detail's Loan
 * Offset Form; the offset shows in the Loan Offset tab and in the member's own history.
 */
const PRODUCT = 'Personal Loan';
const SURETIES = ['DEMO0003', 'DEMO0004'] as const;

const pad = (n: number) => String(n).padStart(2, '0');
const local = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
/** The first day of next month: the loan's first installment, and the restructured one's. */
function nextMonthStart(): { typed: string; api: string } {
  const now = new Date();
  const first = new Date(now.getFullYear(), now.getMonth() + 1, 1);
  return { typed: `${first.getFullYear()}/${pad(first.getMonth() + 1)}/01`, api: local(first) };
}

let request: APIRequestContext;
let admin: LoansApi;
let member: TestMember;
let planId: string;

test.beforeAll(async ({ playwright }) => {
  request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  admin = await LoansApi.signIn(request, ACCOUNTS.coopAdmin.loginId, ACCOUNTS.coopAdmin.password);
  member = await createMember(request);
  const productId = await admin.productId(PRODUCT);
  const bankId = await admin.activeBankId();

  // 50,000 of savings in a Regular Savings plan.
  planId = await admin.fundedRegularPlan(member.coopId, '50000', bankId);

  // The loan, both sureties' approvals and the disbursement.
  const loan = await admin.apply({
    loan_product_id: productId,
    loan_amount: '120000',
    payment_start_date: nextMonthStart().api,
    date: local(new Date()),
    calculation_method_id: 1,
    charge_id: (
      await admin.call<{ data: { id: string; name: string }[] }>('GET', '/cooperative/charge', {
        query: { per_page: '100' },
      })
    ).data.data.find((c) => c.name === 'Loan Processing Fee')?.id,
    charge_amount: '0',
    surety1: SURETIES[0],
    surety2: SURETIES[1],
    tenure: 12,
    tenure_type: 'Month(s)',
    interest_rate: 12,
    source: 'Internal',
    repayment_type: 'Salary',
    coop_id: member.coopId,
  });
  for (const surety of loan.sureties) {
    const api = await LoansApi.signIn(request, surety.member_id, 'password123');
    await api.answerSurety(surety.id, true);
  }
  await admin.call('POST', '/cooperative/member/loans/approve', { body: { loan_id: loan.id, bank_id: bankId } });
});

test.afterAll(async () => {
  await request?.dispose();
});

async function signInAs(page: Page, loginId: string, password: string): Promise<void> {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(loginId, password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

test.describe('loan offsets', () => {
  test.describe.configure({ timeout: 120_000 });

  test('an admin offsets part of a loan from savings on the member detail, and the history shows it', async ({
    page,
  }, testInfo) => {
    const start = nextMonthStart();
    await signInAs(page, ACCOUNTS.coopAdmin.loginId, ACCOUNTS.coopAdmin.password);
    const detail = new MemberDetailPage(page);
    await detail.open(member.coopId);
    await detail.tab('Loans').click();
    await detail.tab('Loan Offset Form').click();

    const form = page.getByRole('form', { name: 'Loan offset' });
    const field = (label: string) => form.getByLabel(label, { exact: true });
    const choose = (label: string, option: string | RegExp) => chooseOption(form, label, option);

    await test.step("an empty form gives the spec's messages", async () => {
      await form.getByRole('button', { name: 'Submit', exact: true }).click();
      await expect(form.getByText('Please select loan')).toBeVisible();
      await expect(form.getByText('This field is required').first()).toBeVisible();
    });

    await test.step('choosing the loan, Savings and Partial Offset fills the loan figures and shows the partial fields', async () => {
      await choose('Loan', new RegExp(PRODUCT));
      await expect(field('Loan Amount')).toHaveValue('120000.00');
      await expect(field('Loan Balance')).toHaveValue('134400.00');
      await choose('Offset mode', 'Savings');
      await expect(form.getByRole('button', { name: /^Bank Account/ })).toHaveCount(0);
      await choose('Offset type', 'Full Offset');
      // A Full Offset pays the payoff: the principal and this month's 1,200 interest, read-only.
      await expect(field('Amount to Offset')).toHaveValue('121200.00');
      await expect(field('Amount to Offset')).toHaveAttribute('readonly', '');
      await expect(field('Restructure Tenure')).toHaveCount(0);

      await choose('Offset type', /^Partial Offset$/);
      await expect(field('Amount to Offset')).not.toHaveAttribute('readonly', '');
      // A partial offset keeps the loan's end: the 12 installments left are filled in.
      await expect(field('Restructure Tenure')).toHaveValue('12');
      await field('Amount to Offset').fill('30000');
      await field('Repayment Start Date').fill(start.typed);
      await saveScreenshot(page, testInfo, 'loan-offset-form');
    });

    await test.step("the server's refusal shows under its field", async () => {
      await field('Amount to Offset').fill('500');
      await form.getByRole('button', { name: 'Submit', exact: true }).click();
      await expect(
        form.getByText('The amount to offset must at least cover the interest due (₦1,200.00)'),
      ).toBeVisible();
      await field('Amount to Offset').fill('30000');
    });

    await test.step('submitting posts the offset', async () => {
      await form.getByRole('button', { name: 'Submit', exact: true }).click();
      await expect(new AppShellPage(page).toast('Loan offset posted')).toBeVisible();
      // The Loans tab moves on to the offsets.
      await expect(detail.tab('Loan Offset')).toHaveAttribute('aria-selected', 'true');
    });

    await test.step('the Loan Offset tab lists it: 1,200 interest, 28,800 principal, 91,200 over 12 months at 12% flat', async () => {
      const row = page
        .getByRole('table', { name: 'Loan offset history' })
        .getByRole('row')
        .filter({ hasText: PRODUCT });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(naira(134400));
      await expect(row).toContainText(naira(30000));
      await expect(row).toContainText(naira(102144));
      await expect(row).toContainText('Partial Offset');
      await expect(row).toContainText('Savings');
      await saveScreenshot(page, testInfo, 'loan-offset-history');
    });

    const plans = await admin.call<{ data: { id: string; balance: number }[] }>('GET', '/savings', {
      query: { coop_id: member.coopId },
    });
    expect(plans.data.data.find((p) => p.id === planId)?.balance).toBe(20000);

    await test.step('the member sees it in their own loan offset history', async () => {
      await new AppShellPage(page).signOut();
      await signInAs(page, member.coopId, member.password);
      await page.goto('/member/loan-offset-history');
      await expect(page.getByRole('heading', { level: 1, name: 'Loan Offset History' })).toBeVisible();
      const row = page
        .getByRole('table', { name: 'Loan offset history' })
        .getByRole('row')
        .filter({ hasText: PRODUCT });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(naira(30000));
    });
  });
});
