import { expect, test } from '@playwright/test';
import { AppShellPage } from '../pages/app-shell-page';
import { LoginPage } from '../pages/login-page';
import { SetupScreenPage } from '../pages/setup-screen-page';
import { saveScreenshot } from '../support/screenshots';

test('an accountant adds an asset type and an asset, approves it and reads its depreciation schedule', async ({
  page,
}, testInfo) => {
  const suffix = Date.now().toString(36).slice(-5);
  await new LoginPage(page).signInAs('accountant');
  const shell = new AppShellPage(page);

  await page.goto('/finance-reporting/asset-types');
  const types = new SetupScreenPage(page, { title: 'Asset types', noun: 'asset type' });
  await types.fill({ Name: `Vehicles ${suffix}` });
  for (const label of ['Fixed asset GL', 'Depreciation expense GL', 'Accumulated depreciation GL'])
    await types.choose(label, /./);
  await types.submit();
  await expect(shell.toast('Asset type created successfully')).toBeVisible();

  await page.goto('/finance-reporting/asset-setup');
  const assets = new SetupScreenPage(page, { title: 'Assets', noun: 'asset' });
  await assets.openTab('Asset Setup Form');
  await assets.fill({
    Name: `Bus ${suffix}`,
    'Date purchased': '2026/01/15',
    'Initial cost (₦)': '1200000',
    'Residual value (₦)': '200000',
    'Useful life (years)': '5',
    'Rate of depreciation (%)': '20',
  });
  await assets.choose('Asset type', `Vehicles ${suffix}`);
  await assets.submit();
  await expect(shell.toast('Asset created successfully')).toBeVisible();
  await expect(assets.row(`Bus ${suffix}`)).toContainText('Pending');

  await page.getByRole('button', { name: `Approve Bus ${suffix}` }).click();
  const dialog = page.getByRole('dialog');
  await assets.choose('Bank account', /1020304050/, dialog);
  await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(shell.toast('Asset approved successfully')).toBeVisible();
  await expect(assets.row(`Bus ${suffix}`)).toContainText('Approved');
  await expect(page.getByRole('button', { name: `Deny Bus ${suffix}` })).toHaveCount(0);

  await page.getByRole('button', { name: `Depreciation schedule of Bus ${suffix}` }).click();
  const schedule = page.getByRole('table', { name: 'Depreciation schedule' });
  await expect(schedule.getByRole('row')).toHaveCount(6);
  await expect(schedule).toContainText('₦200,000.00');
  await saveScreenshot(page, testInfo, 'setup-asset-schedule');
});
