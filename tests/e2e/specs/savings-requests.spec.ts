import { expect as baseExpect, test } from '@playwright/test';
import { LoginPage } from '../pages/login-page';
import { SavingsApi, SavingsPage } from '../pages/savings-page';
import { saveScreenshot } from '../support/screenshots';

// The machine these run on is shared; the lists wait on the runtime longer than the default.
const expect = baseExpect.configure({ timeout: 20_000 });

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

test.describe('member savings', () => {
  test('a member opens a plan and asks to change it; the admin approves and the member sees the new amount', async ({
    page,
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    const api = await SavingsApi.asAdmin(request);
    const member = await api.createMember();
    const regular = await api.product('Regular Savings');
    const savings = new SavingsPage(page);
    const year = new Date().getFullYear();

    await savings.signIn(member.coopId, member.password);
    await page.goto('/member/savings');
    await expect(page.getByRole('heading', { name: 'Savings', exact: true })).toBeVisible();
    await expect(savings.plans.getByText('No savings plan has been opened yet.')).toBeVisible();

    // Add New Plan: the shared schema's messages, then a plan whose credit interest is the product's, read-only.
    await page.getByRole('button', { name: 'Add New Plan' }).click();
    const planForm = savings.form('Savings Account Form');
    await savings.submitDialog('Add plan');
    await expect(planForm.getByText('Please select product type')).toBeVisible();
    await expect(planForm.getByText('Select frequency')).toBeVisible();
    await savings.choose(planForm, 'Product', 'Regular Savings');
    await expect(savings.field(planForm, 'Credit interest (%)')).toHaveValue(String(regular.creditInterest));
    await expect(savings.field(planForm, 'Credit interest (%)')).not.toBeEditable();
    await expect(planForm.getByText("The product's rate", { exact: true })).toBeVisible();
    await savings.field(planForm, 'Start date').fill(`${year}/01/01`);
    await savings.field(planForm, 'End date').fill(`${year}/12/31`);
    await savings.field(planForm, 'Amount (₦)').fill('2500.50');
    await savings.choose(planForm, 'Frequency', 'Monthly');
    const added = page.waitForResponse(
      (r) =>
        r.request().method() === 'POST' && new URL(r.url()).pathname.endsWith('/cooperative/member/savings/add-plan'),
    );
    await savings.submitDialog('Add plan');
    expect((await added).status()).toBe(201);
    await expect(page.getByText('Savings plan added', { exact: true })).toBeVisible();

    // The plan earns the setup's rate (read through the API, not the form).
    expect((await api.plans(member.coopId))[0]?.credit_interest).toBe(regular.creditInterest);

    const row = savings.planRow('Regular Savings');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(`01 Jan ${year}`);
    await expect(row).toContainText(`31 Dec ${year}`);
    await expect(row.getByRole('cell').nth(2)).toHaveText('₦0');
    await expect(row).toContainText('Active');
    // A cooperative-member deposits but does not withdraw here, and a regular plan has no schedule.
    expect(await savings.openActions('Regular Savings')).toEqual(['Deposit']);
    await page.keyboard.press('Escape');
    await saveScreenshot(page, testInfo, 'member-savings');

    // Change Savings Amount: sent for approval; the plan keeps its amount until then.
    await page.getByRole('button', { name: 'Change Savings Amount' }).click();
    const changeForm = savings.form('Change Savings Amount');
    await expect(changeForm.getByRole('button', { name: /^Savings account\b/ })).toContainText(
      `Regular Savings, ₦2,500.50 from 01 Jan ${year}`,
    );
    await savings.submitDialog('Send request');
    await expect(changeForm.getByText('This field is required')).toHaveCount(2);
    await savings.field(changeForm, 'New amount (₦)').fill('3000');
    await savings.field(changeForm, 'Comment').fill('Salary increase');
    await savings.submitDialog('Send request');
    await expect(page.getByText('Your request to change the savings amount has been sent')).toBeVisible();
    expect((await api.plans(member.coopId))[0]?.amount).toBe(2500.5);

    await page.goto('/member/savings/requests');
    await expect(page.getByRole('heading', { name: 'Savings Requests', exact: true })).toBeVisible();
    const mine = savings.rows(savings.requests);
    await expect(mine).toHaveCount(1);
    await expect(mine.first().getByRole('cell')).toHaveText([
      '1',
      'Regular Savings',
      '₦2,500.50',
      '₦3,000.00',
      'Pending',
    ]);
    await expect(savings.requests.getByRole('columnheader', { name: 'Member' })).toHaveCount(0);
    await expect(savings.requests.getByRole('button', { name: /^Approve/ })).toHaveCount(0);
    await saveScreenshot(page, testInfo, 'member-savings-requests');

    // The admin approves it on the staff list, through the confirmation.
    const adminContext = await browser.newContext();
    const adminPage = await adminContext.newPage();
    await new LoginPage(adminPage).signInAs('coopAdmin');
    await adminPage.goto('/savings/change-requests');
    const staff = new SavingsPage(adminPage);
    await expect(adminPage.getByRole('heading', { name: 'Savings Change Requests', exact: true })).toBeVisible();
    await expect(staff.requests.getByRole('columnheader', { name: 'Member' })).toBeVisible();
    const theirs = staff.rows(staff.requests).filter({ hasText: member.coopId });
    await expect(theirs).toHaveCount(1);
    await expect(theirs).toContainText(member.name);
    await expect(theirs).toContainText('Pending');
    await theirs.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(staff.dialog.filter({ visible: true })).toContainText(`from ₦2,500.50 to ₦3,000.00`);
    await saveScreenshot(adminPage, testInfo, 'savings-change-requests-confirm');
    await staff.submitDialog('Approve');
    await expect(adminPage.getByText('Savings change request approved')).toBeVisible();
    await expect(theirs).toContainText('Approved');
    await expect(theirs.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);
    await adminContext.close();

    // The member sees the outcome and the plan's new contribution.
    await page.reload();
    await expect(mine.first().getByRole('cell')).toHaveText([
      '1',
      'Regular Savings',
      '₦2,500.50',
      '₦3,000.00',
      'Approved',
    ]);
    await page.goto('/member/savings');
    await page.getByRole('button', { name: 'Change Savings Amount' }).click();
    await expect(
      savings.form('Change Savings Amount').getByRole('button', { name: /^Savings account\b/ }),
    ).toContainText(`Regular Savings, ₦3,000.00 from 01 Jan ${year}`);
    expect((await api.plans(member.coopId))[0]?.amount).toBe(3000);
  });

  test('a targeted plan shows its payment schedule; deposits are ordered and over-withdrawals refused', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(90_000);
    const api = await SavingsApi.asAdmin(request);
    // An executive: a member who may also withdraw from the savings tab.
    const member = await api.createMember('cooperative-executive');
    const plan = await api.addPlan(member.coopId, {
      product: 'Targeted',
      start_date: '2026-01-31',
      end_date: '2026-04-30',
      amount: '1000',
      frequency: 'Monthly',
    });
    // 2,500 pays the first two items and leaves 500 toward the third.
    await api.approvedDeposit(member.coopId, plan.id, '2500', '2026-02-01', 'Target savings');
    const savings = new SavingsPage(page);

    await savings.signIn(member.coopId, member.password);
    await page.goto('/member/savings');
    const row = savings.planRow('Targeted');
    await expect(row.getByRole('cell').nth(2)).toHaveText('₦2,500.00');
    await expect(row.getByRole('cell').nth(3)).toHaveText('₦2,500.00');
    expect(await savings.openActions('Targeted')).toEqual(['Deposit', 'Withdraw', 'Payment Schedule']);
    await page.getByRole('menuitem', { name: 'Payment Schedule', exact: true }).click();

    const schedule = page.getByRole('table', { name: 'Payment schedule' });
    const items = savings.rows(schedule);
    await expect(items).toHaveCount(4);
    await expect(items.nth(0).getByRole('cell')).toHaveText(['1', '₦1,000.00', '31 Jan 2026', 'Paid']);
    await expect(items.nth(1).getByRole('cell')).toHaveText(['2', '₦1,000.00', '28 Feb 2026', 'Paid']);
    await expect(items.nth(2).getByRole('cell')).toHaveText(['3', '₦1,000.00', '31 Mar 2026', 'Not Paid']);
    await expect(items.nth(3).getByRole('cell')).toHaveText(['4', '₦1,000.00', '30 Apr 2026', 'Not Paid']);
    await saveScreenshot(page, testInfo, 'savings-payment-schedule');
    await page.keyboard.press('Escape');
    await expect(schedule).toBeHidden();

    // A withdrawal above the available balance: the server's message, and nothing placed.
    await savings.action('Targeted', 'Withdraw');
    const withdrawal = savings.form('Withdrawal Form');
    await expect(withdrawal.getByText('Available balance: ₦2,500.00')).toBeVisible();
    await expect(savings.field(withdrawal, 'Date')).toHaveCount(0);
    await savings.field(withdrawal, 'Amount (₦)').fill('2500.01');
    await savings.choose(withdrawal, 'Payment mode', 'Bank Transfer');
    const refused = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname.endsWith('/cooperative/transaction-order'),
    );
    await savings.submitDialog('Submit withdrawal');
    expect((await refused).status()).toBe(422);
    await expect(withdrawal.getByText('Insufficient available balance')).toHaveCount(2);
    await expect(savings.field(withdrawal, 'Amount (₦)')).toHaveValue('2500.01');
    await saveScreenshot(page, testInfo, 'savings-withdrawal-refused');
    await savings.submitDialog('Cancel');

    // A deposit order waits for approval: the balance does not move yet.
    await savings.action('Targeted', 'Deposit');
    const deposit = savings.form('Deposit Form');
    await savings.field(deposit, 'Amount (₦)').fill('500');
    await savings.choose(deposit, 'Payment mode', 'Cash');
    await savings.submitDialog('Submit deposit');
    await expect(page.getByText('Deposit submitted for approval')).toBeVisible();
    await expect(deposit).toBeHidden();
    await expect(row.getByRole('cell').nth(2)).toHaveText('₦2,500.00');
    expect((await api.plans(member.coopId))[0]?.balance).toBe(2500);
  });

  test("the member's transaction history filters by a preset, searches and downloads", async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(90_000);
    const api = await SavingsApi.asAdmin(request);
    const member = await api.createMember();
    const year = new Date().getFullYear();
    const plan = await api.addPlan(member.coopId, {
      product: 'Regular Savings',
      start_date: `${year - 1}-01-01`,
      end_date: `${year}-12-31`,
      amount: '1000',
      frequency: 'Monthly',
    });
    const thisYear = await api.approvedDeposit(
      member.coopId,
      plan.id,
      '1234.56',
      `${year}-01-15`,
      'School fees top-up',
    );
    const lastYear = await api.approvedDeposit(
      member.coopId,
      plan.id,
      '700.05',
      `${year - 1}-06-03`,
      'Christmas savings',
    );
    const savings = new SavingsPage(page);

    await savings.signIn(member.coopId, member.password);
    await page.goto('/member/transaction-history');
    await expect(page.getByRole('heading', { name: 'Transaction History', exact: true })).toBeVisible();
    // Current Year is the period a member first sees.
    await expect(page.getByRole('button', { name: /^Period\b/ })).toContainText('Current Year');
    const rows = savings.rows(savings.transactions);
    await expect(rows).toHaveCount(1);
    await expect(rows.first().getByRole('rowheader')).toHaveText(thisYear);
    await expect(rows.first().getByRole('cell')).toHaveText([
      'Deposit',
      'School fees top-up',
      '₦1,234.56',
      `15 Jan ${year}`,
    ]);
    await expect(page.getByRole('button', { name: /^Page \d+ of/ })).toHaveCount(0);

    await savings.choosePeriod('Last Year');
    await expect(rows).toHaveCount(1);
    await expect(rows.first().getByRole('rowheader')).toHaveText(lastYear);
    await expect(rows.first().getByRole('cell')).toHaveText([
      'Deposit',
      'Christmas savings',
      '₦700.05',
      `03 ${MONTHS[5]} ${year - 1}`,
    ]);
    await saveScreenshot(page, testInfo, 'member-transaction-history');

    await savings.choosePeriod('Current Year');
    await expect(rows.first()).toContainText(thisYear);
    await savings.search('christmas');
    await expect(savings.transactions.getByText('No transaction in this period matches this search.')).toBeVisible();
    await savings.choosePeriod('Last Year');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(lastYear);
    await savings.search(thisYear);
    await expect(savings.transactions.getByText('No transaction in this period matches this search.')).toBeVisible();
    await savings.choosePeriod('Current Year');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('School fees top-up');

    const file = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download', exact: true }).click();
    expect((await file).suggestedFilename()).toMatch(
      new RegExp(`^transaction-history-${member.coopId}-\\d{8}-\\d{6}\\.xlsx$`),
    );
  });
});
