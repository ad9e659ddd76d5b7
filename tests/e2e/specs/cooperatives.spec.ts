import { expect, test } from '@playwright/test';
import { AppShellPage } from '../pages/app-shell-page';
import { CooperativesPage } from '../pages/cooperatives-page';
import { LoginPage } from '../pages/login-page';
import { saveScreenshot } from '../support/screenshots';

// A 1x1 PNG, enough for the server to store and serve a logo.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test.describe('managing cooperatives', () => {
  test('a super-admin creates a cooperative with a logo, edits it and deletes it', async ({ page }, testInfo) => {
    // Codes must be unique across runs against a long-lived runtime.
    const code = `E2E${Date.now().toString(36).slice(-5).toUpperCase()}`;
    const name = `Harbour Fishers ${code}`;
    await new LoginPage(page).signInAs('superAdmin');
    const cooperatives = new CooperativesPage(page);
    const shell = new AppShellPage(page);
    await cooperatives.goto();
    await expect(cooperatives.row('Demo Staff Cooperative')).toBeVisible();
    await saveScreenshot(page, testInfo, 'cooperative-list');

    // The form checks before it sends, with the spec's messages.
    await cooperatives.addButton.click();
    await cooperatives.submit();
    await expect(cooperatives.errorText('Please enter the name')).toBeVisible();
    await expect(cooperatives.errorText('Please enter a code')).toBeVisible();
    await expect(cooperatives.errorText('Please enter a location')).toBeVisible();
    await expect(cooperatives.errorText('Email is required')).toBeVisible();

    // Create, with a logo and colours.
    await cooperatives.fill({
      Name: name,
      Code: code,
      Email: 'info@harbour.example',
      Phone: '+234 803 555 0101',
      Address: '9 Wharf Road, Port Harcourt',
      'Primary colour': '#1E7D5A',
      'Secondary colour': '#145A41',
    });
    await cooperatives.chooseLogo({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await saveScreenshot(page, testInfo, 'cooperative-form');
    await cooperatives.submit();
    await expect(shell.toast('Cooperative created successfully')).toBeVisible();
    await cooperatives.filter.fill(code);
    await expect(cooperatives.row(name)).toContainText(code);
    await expect(cooperatives.row(name).getByRole('img', { name: `${name} logo` })).toBeVisible();

    // Edit: the code is fixed, the rest can change.
    await cooperatives.edit(name);
    await expect(cooperatives.field('Code')).toBeDisabled();
    await cooperatives.fill({ Name: `${name} Ltd` });
    await cooperatives.submit();
    await expect(shell.toast('Cooperative updated successfully')).toBeVisible();
    await expect(cooperatives.row(`${name} Ltd`)).toBeVisible();

    // The change is in the person's Activity.
    await shell.openSettings();
    await page.getByRole('tab', { name: 'Activity' }).click();
    await expect(page.getByRole('list', { name: 'Recent activity' })).toContainText('Changed a cooperative');
    await page.getByRole('button', { name: 'Close the settings' }).click();

    // Delete.
    await cooperatives.delete(`${name} Ltd`);
    await expect(shell.toast('Cooperative deleted successfully')).toBeVisible();
    await expect(cooperatives.row(`${name} Ltd`)).toHaveCount(0);
  });

  test('deleting a cooperative that holds members is refused with the reason', async ({ page }) => {
    await new LoginPage(page).signInAs('superAdmin');
    const cooperatives = new CooperativesPage(page);
    await cooperatives.goto();

    await cooperatives.delete('Demo Staff Cooperative');

    await expect(page.getByText(/^Unable to delete item: /)).toBeVisible();
    await expect(cooperatives.row('Demo Staff Cooperative')).toBeVisible();
  });
});
