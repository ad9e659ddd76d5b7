import { expect, test } from '@playwright/test';
import { AppShellPage } from '../pages/app-shell-page';
import { LoginPage } from '../pages/login-page';
import { SetupScreenPage } from '../pages/setup-screen-page';
import { dataOf, signedInHeaders } from '../support/api';
import { saveScreenshot } from '../support/screenshots';

// A 1x1 PNG, enough for a template image.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('a super-admin adds a system user and finds them with the search box, and a store keeper to a cooperative', async ({
  page,
  request,
}, testInfo) => {
  // Two screens, two forms and a switch of cooperative.
  test.setTimeout(90_000);
  const coopId = `ops.${Date.now().toString(36).slice(-5)}`;
  await new LoginPage(page).signInAs('superAdmin');
  const shell = new AppShellPage(page);
  const users = new SetupScreenPage(page, { title: 'System users', noun: 'system user' });
  await page.goto('/setup/users');
  await users.openTab('Add New');
  await users.submit();
  await expect(users.errorText('Please enter a COOP ID')).toBeVisible();
  await expect(users.errorText('First name is required')).toBeVisible();
  await expect(users.errorText('Please elect the user role')).toBeVisible();
  await users.fill({
    'COOP ID': coopId,
    Email: `${coopId}@coopledger.example`,
    'First name': 'Tolu',
    'Last name': 'Bankole',
    Password: 'secret12',
    'Confirm password': 'secret13',
  });
  await users.choose('Role', 'Super Admin');
  await users.submit();
  await expect(users.errorText('Passwords must match')).toBeVisible();
  await users.fill({ 'Confirm password': 'secret12' });
  await users.submit();
  await expect(shell.toast(/created successfully/)).toBeVisible();
  // Dismissed, so that the store keeper's toast below is the only one (a toast stays for 6 s).
  await page.getByRole('button', { name: 'Dismiss message' }).click();
  await expect(shell.toast(/created successfully/)).toBeHidden();
  await page.getByRole('searchbox', { name: 'Find system users' }).fill(coopId);
  await expect(users.table.getByRole('row')).toHaveCount(2);
  await expect(users.row('Tolu Bankole')).toContainText(coopId);
  await saveScreenshot(page, testInfo, 'setup-users');

  // Inside a cooperative, Setup's Users are its staff and store keepers; the store keeper signs in as one.
  const keeperId = `KEEP${Date.now().toString(36).slice(-5).toUpperCase()}`;
  await shell.switchTo('Demo Staff Cooperative');
  await shell.followMenu('Setup', 'Users');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await users.openTab('Add New');
  await users.fill({
    'COOP ID': keeperId,
    Email: `${keeperId.toLowerCase()}@coopledger.example`,
    'First name': 'Bisi',
    'Last name': 'Storekeeper',
    Password: 'secret12',
    'Confirm password': 'secret12',
  });
  await users.choose('Role', 'Store keeper');
  await users.submit();
  await expect(shell.toast(/created successfully/)).toBeVisible();
  // Other specs add the cooperative's users too: each is found with the search box, not on page 1.
  const find = page.getByRole('searchbox', { name: 'Find system users' });
  await find.fill(keeperId);
  await expect(users.row('Bisi Storekeeper')).toContainText('Store keeper');
  await find.fill('DEMO-STORE');
  await expect(users.table).toContainText('DEMO-STORE');
  const me = await dataOf<{ user: { role_name: string } }>(
    await request.get('/api/v1/auth/me', { headers: await signedInHeaders(request, keeperId, 'secret12') }),
    'Reading the store keeper',
  );
  expect(me.user.role_name).toBe('eshop');
  await shell.switchTo('Back to Admin');

  await page.goto('/setup/client');
  await expect(page.getByRole('form', { name: 'Client form' }).getByLabel('Name', { exact: true })).not.toHaveValue('');
  await saveScreenshot(page, testInfo, 'setup-client');
});

test('an admin uploads a birthday template and deletes it, and reads the GL balances', async ({ page }, testInfo) => {
  await new LoginPage(page).signInAs('coopAdmin');
  const shell = new AppShellPage(page);
  await page.goto('/setup/birthday-cards');
  const form = page.getByRole('form', { name: 'Template upload' });
  await form.getByRole('button', { name: 'Upload template' }).click();
  await expect(form.getByText('Please select file', { exact: true })).toBeVisible();
  await form.locator('input[type="file"]').setInputFiles({ name: 'card.png', mimeType: 'image/png', buffer: PNG });
  await form.getByRole('button', { name: 'Upload template' }).click();
  await expect(shell.toast('Template uploaded successfully')).toBeVisible();
  const latest = page.getByRole('button', { name: /^Delete Template \d+$/ }).last();
  await expect(latest).toBeVisible();
  await saveScreenshot(page, testInfo, 'setup-birthday-templates');
  const label = (await latest.getAttribute('aria-label')) ?? '';
  await latest.click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(shell.toast('Template deleted successfully')).toBeVisible();
  await expect(page.getByRole('button', { name: label, exact: true })).toHaveCount(0);

  await page.goto('/setup/gl-accounts');
  await expect(page.getByRole('table', { name: 'GL accounts' }).getByRole('row').nth(1)).toBeVisible();
  await saveScreenshot(page, testInfo, 'setup-gl-accounts');
});
