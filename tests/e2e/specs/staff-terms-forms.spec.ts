import { expect as baseExpect, test } from '@playwright/test';
import { businessDate } from '@coopledger/shared/dates';
import { LoginPage } from '../pages/login-page';
import { LoanApplicationForm, LoansApi, penalShown } from '../pages/loans-page';
import { MemberDetailPage } from '../pages/member-detail-page';
import { SavingsApi, SavingsPage } from '../pages/savings-page';
import { ACCOUNTS } from '../support/demo-accounts';
import { saveScreenshot } from '../support/screenshots';

// The machine these run on is shared; the forms wait on the runtime longer than the default.
const expect = baseExpect.configure({ timeout: 20_000 });

/**
 * Staff opening a plan or applying for a loan on a member's detail page: the forms hold them to
 * what the server allows (a rate up to the savings product's, a loan rate in the product's range,
 * an application date no later than today) with the server's messages, before anything is sent,
 * and show the loan's penal charge as the product's, read-only.
 */
const PRODUCT = 'Personal Loan';
const DAY = 86_400_000;
/** A day as the server counts it (the business date, in Lagos), as the date picker shows it. */
const shown = (time: number) => businessDate(new Date(time)).replaceAll('-', '/');

test.describe("staff forms for a member's plan and loan", () => {
  test.describe.configure({ timeout: 120_000 });

  test("staff open a member's plan at a rate no higher than the product's", async ({ page, request }, testInfo) => {
    const api = await SavingsApi.asAdmin(request);
    const member = await api.createMember();
    const regular = await api.product('Regular Savings');
    // Half the product's rate, to the hundredth.
    const lower = Math.floor(regular.creditInterest * 50) / 100;
    const year = new Date().getFullYear();
    let sent = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname.endsWith('/cooperative/member/savings/add-plan'))
        sent += 1;
    });

    await new LoginPage(page).signInAs('coopAdmin');
    const detail = new MemberDetailPage(page);
    await detail.open(member.coopId);
    await detail.tab('Savings').click();
    await page.getByRole('button', { name: 'Add New Plan' }).click();
    const savings = new SavingsPage(page);
    const planForm = savings.form('Savings Account Form');
    await savings.choose(planForm, 'Product', 'Regular Savings');
    const rate = savings.field(planForm, 'Credit interest (%)');
    await expect(rate).toHaveValue(String(regular.creditInterest));
    await expect(rate).toBeEditable();
    await expect(
      planForm.getByText(`At most ${regular.creditInterest}% (the product's rate)`, { exact: true }),
    ).toBeVisible();
    await savings.field(planForm, 'Start date').fill(`${year}/01/01`);
    await savings.field(planForm, 'End date').fill(`${year}/12/31`);
    await savings.field(planForm, 'Amount (₦)').fill('1500');
    await savings.choose(planForm, 'Frequency', 'Monthly');

    await rate.fill(String(regular.creditInterest + 0.5));
    await savings.submitDialog('Add plan');
    await expect(
      planForm.getByText(`The credit interest must be between 0% and ${regular.creditInterest}%, the product's rate`),
    ).toBeVisible();
    await saveScreenshot(page, testInfo, 'staff-plan-rate-bound');
    expect(sent).toBe(0);

    await rate.fill(String(lower));
    const added = page.waitForResponse(
      (r) =>
        r.request().method() === 'POST' && new URL(r.url()).pathname.endsWith('/cooperative/member/savings/add-plan'),
    );
    await savings.submitDialog('Add plan');
    expect((await added).status()).toBe(201);
    const plans = await api.plans(member.coopId);
    expect(plans).toHaveLength(1);
    expect(plans[0]?.credit_interest).toBe(lower);
  });

  test("staff applying for a member choose a rate in the product's range and a date no later than today, and see the product's penal charge", async ({
    page,
    request,
  }, testInfo) => {
    const member = await (await SavingsApi.asAdmin(request)).createMember();
    const admin = await LoansApi.signIn(request, ACCOUNTS.coopAdmin.loginId, ACCOUNTS.coopAdmin.password);
    const setup = await admin.setup(PRODUCT);
    let sent = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname.endsWith('/cooperative/member/loans/apply')) sent += 1;
    });

    await new LoginPage(page).signInAs('coopAdmin');
    const detail = new MemberDetailPage(page);
    await detail.open(member.coopId);
    await detail.tab('Loans').click();
    await detail.tab('Apply').click();
    const form = new LoanApplicationForm(page);
    await expect(form.field('Application date')).toHaveValue(shown(Date.now()));
    await expect(form.field('Application date')).toBeEditable();
    await form.choose('Loan product', PRODUCT);
    await expect(form.field('Interest rate (%)')).toHaveValue(String(setup.max_int_rate));
    await expect(form.field('Interest rate (%)')).toBeEditable();
    await expect(
      form.form.getByText(`Between ${setup.min_int_rate}% and ${setup.max_int_rate}% a year`, { exact: true }),
    ).toBeVisible();
    await expect(form.field('Penal charge')).toHaveValue(penalShown(setup));
    await expect(form.field('Penal charge')).not.toBeEditable();

    await form.field('Interest rate (%)').fill(String(setup.max_int_rate + 1));
    await form.field('Application date').fill(shown(Date.now() + DAY));
    await form.submit();
    await expect(
      form.form.getByText(`The interest rate must be between ${setup.min_int_rate}% and ${setup.max_int_rate}%`, {
        exact: true,
      }),
    ).toBeVisible();
    await expect(form.form.getByText('The date must not be in the future', { exact: true })).toBeVisible();
    await saveScreenshot(page, testInfo, 'staff-loan-terms-bounds');
    expect(sent).toBe(0);
  });
});
