import { expect, test } from '@playwright/test';
import { AppShellPage } from '../pages/app-shell-page';
import { LoginPage } from '../pages/login-page';
import { latestResetCode, OUTBOX_DIR } from '../support/outbox';
import { saveScreenshot } from '../support/screenshots';

test.describe('passwords', () => {
  test('forgot password sends a code and refuses a wrong one', async ({ page }, testInfo) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.forgotPassword.click();
    await expect(page).toHaveURL(/\/forgotpassword$/);

    await page.getByLabel('Login ID').fill('DEMO0001');
    await page.getByRole('button', { name: 'Send reset code' }).click();

    await expect(
      page.getByText('If the account exists, a reset code has been sent to its email address'),
    ).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('abc');
    await page.getByLabel('New password', { exact: true }).blur();
    await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
    await page.getByLabel('Reset code').fill('000000');
    await page.getByLabel('New password', { exact: true }).fill('newpass123');
    await page.getByLabel('Confirm new password').fill('newpass124');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText('Passwords must match')).toBeVisible();
    await saveScreenshot(page, testInfo, 'forgot-password');
  });

  test('a staff member sees their profile and is told when the current password is wrong', async ({
    page,
  }, testInfo) => {
    await new LoginPage(page).signInAs('accountant');
    const shell = new AppShellPage(page);
    await shell.accountMenu.click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();

    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('definition').filter({ hasText: 'DEMO-ACCT' })).toBeVisible();
    await page.getByLabel('Current password').fill('not-my-password');
    await page.getByLabel('New password', { exact: true }).fill('password123');
    await page.getByLabel('Confirm new password').fill('password123');
    await page.getByRole('button', { name: 'Change password' }).click();

    await expect(
      page.getByRole('form', { name: 'Change password' }).getByText('Your current password is not correct'),
    ).toBeVisible();
    await saveScreenshot(page, testInfo, 'profile');
  });
});

test.describe('password reset with the emailed code', () => {
  test.skip(!OUTBOX_DIR, 'needs E2E_OUTBOX_DIR, the runtime outbox where Cognito codes are written');

  test('a member resets their password with the code and signs in with it', async ({ page }) => {
    const since = new Date(Date.now() - 1000);
    await page.goto('/forgotpassword');
    await page.getByLabel('Login ID').fill('alpha0001');
    await page.getByRole('button', { name: 'Send reset code' }).click();
    await expect(
      page.getByText('If the account exists, a reset code has been sent to its email address'),
    ).toBeVisible();
    await expect.poll(() => latestResetCode('ALPHA0001', since)).toBeTruthy();

    await page.getByLabel('Reset code').fill(latestResetCode('ALPHA0001', since) ?? '');
    // The same password again, so the demo account stays as documented.
    await page.getByLabel('New password', { exact: true }).fill('password123');
    await page.getByLabel('Confirm new password').fill('password123');
    await page.getByRole('button', { name: 'Set new password' }).click();

    await expect(page.getByText('Your password has been reset. You can now sign in.')).toBeVisible();
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    const login = new LoginPage(page);
    await login.signIn('ALPHA0001', 'password123');
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
