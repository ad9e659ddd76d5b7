import { expect, test } from '@playwright/test';
import { AppShellPage } from '../pages/app-shell-page';
import { LoginPage } from '../pages/login-page';
import { SetupScreenPage } from '../pages/setup-screen-page';
import { saveScreenshot } from '../support/screenshots';

test('an admin adds products, then a savings setup and a loan setup for them', async ({ page }, testInfo) => {
  // Three screens and a dozen selects: more than the default 30 s on a loaded two-core machine.
  test.setTimeout(60_000);
  const suffix = Date.now().toString(36).slice(-5);
  await new LoginPage(page).signInAs('coopAdmin');
  const shell = new AppShellPage(page);

  // One setup per product, so each run adds its own products.
  await page.goto('/setup/products');
  const products = new SetupScreenPage(page, { title: 'Products', noun: 'product' });
  await products.openTab('Products');
  for (const [name, category] of [
    [`Festive ${suffix}`, 'Savings'],
    [`Car ${suffix}`, 'Loans'],
  ] as const) {
    await products.choose('Category', category);
    await products.fill({ Name: name });
    await products.submit();
    await expect(shell.toast('Product created successfully').first()).toBeVisible();
  }
  await saveScreenshot(page, testInfo, 'setup-products');

  await page.goto('/setup/savings');
  const savings = new SetupScreenPage(page, { title: 'Savings setups', noun: 'savings setup' });
  await savings.openTab('Add New Setup');
  await savings.choose('Product type', `Festive ${suffix} (Savings)`);
  await savings.fill({
    'Credit interest (%)': '4',
    'Opening balance (₦)': '0',
    'Closing balance (₦)': '500000',
    'Start date': '2026/01/01',
    'End date': '2030/12/31',
  });
  await savings.choose('Charge', /^Loan Processing Fee/);
  await expect(savings.field('Charge amount (%)')).toHaveValue('1');
  for (const label of [
    'Principal GL',
    'Member balance GL',
    'Interest expense GL',
    'Interest payable GL',
    'Fixed deposit GL',
  ])
    await savings.choose(label, /./);
  await saveScreenshot(page, testInfo, 'setup-savings-form');
  await savings.submit();
  await expect(shell.toast('Savings setup created successfully')).toBeVisible();
  await expect(savings.row(`Festive ${suffix}`)).toContainText('₦500,000.00');

  await page.goto('/setup/loans');
  const loans = new SetupScreenPage(page, { title: 'Loan setups', noun: 'loan setup' });
  await loans.openTab('Add New Setup');
  await loans.submit();
  await expect(loans.errorText('Please select product type')).toBeVisible();
  await loans.choose('Product type', `Car ${suffix} (Loans)`);
  await loans.fill({
    Name: `Car loan ${suffix}`,
    Tenure: '24',
    'Minimum interest rate (%)': '5',
    'Maximum interest rate (%)': '15',
  });
  await loans.choose('Charge', /^Loan Processing Fee/);
  await loans.choose('Calculation method', 'Flat Rate');
  for (const label of ['Principal GL', 'Interest receivable GL', 'Loan write-off GL', 'Source account GL'])
    await loans.choose(label, /./);
  await loans.submit();
  await expect(shell.toast('Loan setup created successfully')).toBeVisible();
  await expect(loans.row(`Car loan ${suffix}`)).toContainText('Flat Rate');
  await expect(loans.row(`Car loan ${suffix}`)).toContainText('5% - 15%');
  await saveScreenshot(page, testInfo, 'setup-loans');
});
