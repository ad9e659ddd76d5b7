import { expect, test } from '@playwright/test';
import { AppShellPage } from '../pages/app-shell-page';
import { LoginPage } from '../pages/login-page';
import { SetupScreenPage } from '../pages/setup-screen-page';
import { saveScreenshot } from '../support/screenshots';

// Setup changes are the admin's by default (the accountant reads them: docs/decisions.md, Accountant access).
test('an admin builds a category, a sub-category and a ledger account with a generated code', async ({
  page,
}, testInfo) => {
  // Codes are unique per cooperative, and the runtime may outlive one run.
  const suffix = String((Date.now() % 9000) + 1000);
  const categoryCode = `9${suffix}`;
  const subCode = `9${suffix}1`;
  await new LoginPage(page).signInAs('coopAdmin');
  const shell = new AppShellPage(page);
  await page.goto('/setup/chart-of-accounts');

  const categories = new SetupScreenPage(page, { title: 'COA categories', noun: 'COA category' });
  await categories.fill({ Code: categoryCode, Name: `Reserves ${suffix}` });
  await categories.choose('Type', 'Credit');
  await categories.submit();
  await expect(shell.toast('COA category created successfully')).toBeVisible();
  await saveScreenshot(page, testInfo, 'setup-chart-categories');

  await categories.openTab('Manage COA Sub Categories');
  const subs = new SetupScreenPage(page, { title: 'COA sub-categories', noun: 'COA sub-category' });
  await subs.choose('COA category', `${categoryCode} Reserves ${suffix}`);
  await subs.fill({ Code: subCode, Name: `General reserve ${suffix}` });
  await subs.submit();
  await expect(shell.toast('COA sub-category created successfully')).toBeVisible();

  await subs.openTab('Manage Chart Of Accounts');
  const ledger = new SetupScreenPage(page, { title: 'Ledger accounts', noun: 'ledger account' });
  const filters = page.getByRole('tabpanel');
  await ledger.choose('Category', `${categoryCode} Reserves ${suffix}`, filters);
  await ledger.choose('Sub-category', `${subCode} General reserve ${suffix}`, filters);
  await expect(ledger.field('GL code')).toHaveValue(`${subCode}001`);
  await ledger.fill({ Name: `Statutory reserve ${suffix}` });
  await ledger.choose('Account type', 'Credit');
  await ledger.submit();
  // Three toasts in a row collapse into a stack, so the row is the proof here.
  await expect(ledger.row(`Statutory reserve ${suffix}`)).toContainText(`${subCode}001`);
  // The next code is fetched once the first is used.
  await expect(ledger.field('GL code')).toHaveValue(`${subCode}002`);
  await saveScreenshot(page, testInfo, 'setup-chart-ledger');
});
