import { expect, test } from '@playwright/test';
import { AppShellPage } from '../pages/app-shell-page';
import { CooperativesPage } from '../pages/cooperatives-page';
import { LoginPage } from '../pages/login-page';

test.describe('cooperative settings', () => {
  test("a super-admin sets a cooperative's opening date and largest single amount, within the platform's bounds", async ({
    page,
  }) => {
    const code = `SET${Date.now().toString(36).slice(-5).toUpperCase()}`;
    const name = `Riverside Savers ${code}`;
    await new LoginPage(page).signInAs('superAdmin');
    const cooperatives = new CooperativesPage(page);
    const shell = new AppShellPage(page);
    await cooperatives.goto();
    await cooperatives.addButton.click();
    await cooperatives.fill({
      Name: name,
      Code: code,
      Email: 'info@riverside.example',
      Phone: '+234 803 555 0102',
      Address: '2 River Road, Onitsha',
    });
    const opening = cooperatives.field('Opening date - optional');
    const largest = cooperatives.field('Largest single amount (₦) - optional');

    // Above the platform maximum, and a day that has not come yet: the form says so before sending.
    await largest.fill('10000000000.01');
    await opening.fill('2999/01/01');
    await cooperatives.submit();
    await expect(cooperatives.errorText('Enter an amount of at most ₦10,000,000,000.00')).toBeVisible();
    await expect(cooperatives.errorText('The opening date cannot be in the future')).toBeVisible();

    await largest.fill('2500000');
    await opening.fill('2024/07/01');
    await cooperatives.submit();
    await expect(shell.toast('Cooperative created successfully')).toBeVisible();

    // Editing shows what was saved.
    await cooperatives.filter.fill(code);
    await cooperatives.edit(name);
    await expect(opening).toHaveValue('2024/07/01');
    await expect(largest).toHaveValue('2500000');
    await cooperatives.form.getByRole('button', { name: 'Cancel' }).click();

    await cooperatives.delete(name);
    await expect(shell.toast('Cooperative deleted successfully')).toBeVisible();
  });
});
