import { expect, test } from '@playwright/test';
import { LoginPage } from '../pages/login-page';
import { auditPages } from '../support/axe';
import type { AccountName } from '../support/demo-accounts';

/**
 * WCAG 2.1 AA on a page of each kind, in light and in night mode, for every role: axe finds no
 * serious or critical violation. The kinds are those where violations were once found: the top bar
 * on the cooperative's colours (every page), the dashboards' charts, tables with a status and an
 * action column, the trial balance's expandable rows, date and month pickers, the cooperative form's
 * colour fields, the loan application with its schedule preview. Every page of every menu is the
 * audit's (`npm run audit:a11y`, tests/e2e/audits/), too long for every run.
 */
const PAGES: { account: AccountName; paths: string[] }[] = [
  { account: 'superAdmin', paths: ['/setup/cooperatives'] },
  {
    account: 'coopAdmin',
    paths: ['/dashboard', '/members', '/reports/trial-balance', '/monthly-deductions/payroll-runs', '/setup/client'],
  },
  { account: 'accountant', paths: ['/finance-reporting/deposits', '/reports/analysis-report'] },
  { account: 'member', paths: ['/dashboard', '/member/loans/apply', '/member/transaction-history'] },
  { account: 'storeKeeper', paths: ['/e-shop/dashboard'] },
];

test.describe('accessibility of a page of each kind (axe, WCAG 2.1 AA)', () => {
  for (const { account, paths } of PAGES) {
    test(`${account}: ${paths.join(', ')}, light and night`, async ({ page }) => {
      test.setTimeout(30_000 + paths.length * 2 * 15_000);
      await new LoginPage(page).signInAs(account);
      const report = await auditPages(page, paths);
      expect(report, report.join('\n')).toEqual([]);
    });
  }
});
