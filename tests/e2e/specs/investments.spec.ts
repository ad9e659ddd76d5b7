import { expect, test } from '@playwright/test';
import { AppShellPage } from '../pages/app-shell-page';
import { InvestmentsPage } from '../pages/investments-page';
import { LoginPage } from '../pages/login-page';
import { saveScreenshot } from '../support/screenshots';

const pad = (n: number) => String(n).padStart(2, '0');
/** A day as the date picker's input takes it, YYYY/MM/DD. */
const pickerDay = (date: Date) => `${date.getFullYear()}/${pad(date.getMonth() + 1)}/${pad(date.getDate())}`;

test.describe('the investment tracker', () => {
  test.describe.configure({ timeout: 90_000 });

  test('an admin adds an investment, sees it Open, and closes it with its income', async ({ page }, testInfo) => {
    const investedWith = `Zenith Fixed Deposit ${Date.now().toString(36).slice(-5)}`;
    const due = new Date();
    due.setMonth(due.getMonth() + 6);
    await new LoginPage(page).signInAs('coopAdmin');
    const shell = new AppShellPage(page);
    const tracker = new InvestmentsPage(page);
    await tracker.goto();
    await expect(page.getByRole('heading', { level: 1, name: 'Investment tracker' })).toBeVisible();

    await tracker.openAdd();
    await expect(tracker.addForm).toBeVisible();
    // A new investment can only be Open; the standard chart's investment accounts come chosen.
    await expect(tracker.select('Status')).toContainText('Open');
    await expect(tracker.select('GL account')).toContainText('104001 Fixed Deposits and Investments');
    await expect(tracker.select('Investment interest GL')).toContainText('503001 Investment Income');

    // Nothing filled in: the schema's messages, and nothing saved.
    await tracker.save();
    await expect(tracker.addForm.getByText('This field is required').first()).toBeVisible();
    await expect(tracker.addForm.getByText('Please select a bank account')).toBeVisible();

    await tracker.field('Invested with').fill(investedWith);
    await tracker.field('Amount (₦)').fill('250000');
    await tracker.field('Expected income (₦)').fill('12500.50');
    await tracker.field('Due date').fill(pickerDay(due));
    await tracker.choose('Bank account', /1020304050/);
    await tracker.addForm.getByLabel('Comment').fill('Six months at 10%');
    await saveScreenshot(page, testInfo, 'investments-form');
    await tracker.save();
    await expect(shell.toast('Investment saved and posted')).toBeVisible();
    await expect(tracker.addForm).toHaveCount(0);

    const row = tracker.row(investedWith);
    await expect(row).toContainText('Open');
    await expect(row).toContainText('₦250,000.00');
    await expect(row).toContainText('₦12,500.50');
    await expect(tracker.closeButton(investedWith)).toBeVisible();
    await saveScreenshot(page, testInfo, 'investments-open');

    // Close asks for the income received.
    await tracker.closeButton(investedWith).click();
    await expect(tracker.closeForm).toContainText(investedWith);
    await tracker.close(investedWith, null);
    await expect(tracker.closeForm.getByText('Please enter an amount')).toBeVisible();
    await tracker.close(investedWith, '13000');
    await expect(shell.toast('Investment closed and its income posted')).toBeVisible();
    await expect(tracker.closeForm).toHaveCount(0);

    await expect(row).toContainText('Closed');
    await expect(row).not.toContainText('Open');
    await expect(row).toContainText('₦13,000.00');
    await expect(row).toContainText('Expected ₦12,500.50');
    await expect(tracker.closeButton(investedWith)).toHaveCount(0);
    await saveScreenshot(page, testInfo, 'investments-closed');
  });
});
