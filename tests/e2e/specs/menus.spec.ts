import { expect, test } from '@playwright/test';
import { AppShellPage } from '../pages/app-shell-page';
import { LoginPage } from '../pages/login-page';
import type { AccountName } from '../support/demo-accounts';
import { saveScreenshot } from '../support/screenshots';

// The spec's sidebar menus (document 1 section 2), as each demo role sees them. The accountant's is
// the management menu less the audit log and Setup (their role's default access: no Setup changes).
const ACCOUNTANT_MANAGEMENT = [
  'Dashboard',
  'Members',
  'Loans manager',
  'Savings manager',
  'Deposits',
  'Withdrawals',
  'Monthly deductions',
  'Journal entry',
  'Financial years',
  'Asset manager',
  'Dividend calculator',
  'Reports',
];
/** The audit log and Setup are the cooperative's admins' (and the super-admin's), not the accountants'. */
const ADMIN_MANAGEMENT = [...ACCOUNTANT_MANAGEMENT, 'Audit log', 'Setup'];
const MEMBER = ['Dashboard', 'Loans', 'Savings', 'Transaction history', 'Loan offset history', 'Store', 'Profile'];
const SYSTEM = [
  'Dashboard',
  'Cooperatives',
  'Product setup',
  'Charges',
  'Chart of accounts',
  'System users',
  'Access control',
  'Staff categories',
  'Client setup',
  'Audit log',
  'E-store',
  'Consolidated report',
];

const CASES: { account: AccountName; menu: string[]; members: boolean; polls: boolean; switcher: boolean }[] = [
  { account: 'superAdmin', menu: SYSTEM, members: false, polls: true, switcher: true },
  { account: 'coopAdmin', menu: ADMIN_MANAGEMENT, members: true, polls: true, switcher: false },
  { account: 'accountant', menu: ACCOUNTANT_MANAGEMENT, members: false, polls: true, switcher: false },
  { account: 'executive', menu: MEMBER, members: false, polls: false, switcher: false },
  { account: 'member', menu: MEMBER, members: false, polls: false, switcher: false },
];

test.describe('menus by role', () => {
  for (const { account, menu, members, polls, switcher } of CASES) {
    test(`${account} sees the menu of their role`, async ({ page }, testInfo) => {
      await new LoginPage(page).signInAs(account);
      const shell = new AppShellPage(page);

      await expect.poll(() => shell.menuEntries()).toEqual(menu);
      await expect(shell.header.getByRole('link', { name: 'Members' })).toHaveCount(members ? 1 : 0);
      await expect(shell.header.getByRole('link', { name: polls ? 'Polls' : 'Elections' })).toBeVisible();
      await expect(shell.switcher).toHaveCount(switcher ? 1 : 0);
      // Members and executives shop here; everyone else's Store switches to the e-shop menu.
      const store = shell.header.getByRole('link', { name: /^Store/ });
      await expect(store).toHaveAttribute('href', menu === MEMBER ? '/shop' : '/e-shop/dashboard');
      await expect(store).not.toHaveAttribute('target', '_blank');
      if (account === 'coopAdmin' || account === 'member') await saveScreenshot(page, testInfo, `dashboard-${account}`);
      if (account === 'coopAdmin') {
        await store.click();
        await expect(page).toHaveURL(/\/e-shop\/dashboard$/);
        await expect.poll(() => shell.menuEntries()).toContain('Stock');
      }
    });
  }

  test('the report menu is a context with a way back', async ({ page }) => {
    await new LoginPage(page).signInAs('coopAdmin');
    const shell = new AppShellPage(page);

    await shell.sidebar.getByRole('link', { name: 'Reports' }).click();

    await expect.poll(() => shell.menuEntries()).toContain('Go Back');
    await expect(page).toHaveURL(/\/reports\/trial-balance$/);
    await expect(page.getByRole('heading', { name: 'Trial Balance', level: 1 })).toBeVisible();
    await expect
      .poll(() => shell.menuEntries())
      .toEqual(expect.arrayContaining(['Ledger statement', 'Income statement', 'Balance sheet', 'Investment tracker']));
    // The consolidated report covers every cooperative: only a super-admin's report menu has it.
    expect(await shell.menuEntries()).not.toContain('Consolidated report');
    await shell.sidebar.getByRole('link', { name: 'Go Back' }).click();
    await expect.poll(() => shell.menuEntries()).toContain('Loans manager');
  });

  test("a super-admin's cooperative report asks for the cooperative on the page, and asks the API nothing until then", async ({
    page,
  }) => {
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/cooperative/reports/') && response.status() >= 400) refused.push(response.url());
    });
    const reportCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/cooperative/reports/trial-balance')) reportCalls.push(request.url());
    });
    await new LoginPage(page).signInAs('superAdmin');
    await page.goto('/reports/trial-balance');
    await expect(page.getByText('Choose the cooperative to report on')).toBeVisible();
    await expect(page.getByText('Please select a cooperative')).toHaveCount(0);
    expect(reportCalls).toEqual([]);

    await page.getByRole('button', { name: /^Cooperative/ }).click();
    await page.getByRole('option', { name: /DEMO/ }).first().click();
    await page.getByRole('button', { name: 'View report' }).click();
    await expect(page).toHaveURL(/\/reports\/trial-balance$/);
    await expect(page.getByRole('heading', { name: 'Trial Balance', level: 1 })).toBeVisible();
    await expect.poll(() => reportCalls.length).toBeGreaterThan(0);
    expect(refused).toEqual([]);
  });
});
