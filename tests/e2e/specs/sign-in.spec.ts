import { expect, test } from '@playwright/test';
import { LoginPage } from '../pages/login-page';
import { PlatformHomePage } from '../pages/platform-home-page';
import { saveScreenshot } from '../support/screenshots';

test.describe('sign-in', () => {
  test('a super-admin signs in and sees the platform home', async ({ page }, testInfo) => {
    // Prepare
    const login = new LoginPage(page);
    await login.goto();
    await expect(login.signInButton).toBeVisible();
    await saveScreenshot(page, testInfo, 'login-page');

    // Act
    await login.signIn('superadmin', 'superadmin123');

    // Assess
    await expect(page).toHaveURL(/\/dashboard$/);
    const home = new PlatformHomePage(page);
    await expect(home.cooperativeRow('DEMO')).toContainText('Demo Staff Cooperative');
    await expect(home.cooperativeRow('ALPHA')).toBeVisible();
    await expect(home.cooperativeRow('DEMO')).toContainText(/Active|Inactive/);
    await expect(home.cooperativeRow('DEMO')).toContainText('₦');
    await expect(home.usersCount).toHaveText(/^\d+$/);
    await expect(home.storeCount).toHaveText(/^\d+$/);
    for (const tile of ['Users', 'Votings', 'Store', 'GL Accounts', 'Report', 'Settings'])
      await expect(home.tile(tile)).toBeVisible();
    await expect(home.tile('Settings')).toHaveAttribute('href', '/setup/cooperatives');
    await saveScreenshot(page, testInfo, 'platform-home');
  });

  test("a wrong password shows Cognito's refusal on the card", async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    const refusal = page.waitForResponse(
      (response) => response.url().includes('/cognito') && response.status() === 400,
    );

    await login.signIn('superadmin', 'not-the-password');

    await refusal;
    await expect(login.alert).toContainText('Invalid login ID or password');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('login IDs are case-insensitive', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();

    await login.signIn('demo-admin', 'password123');

    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('the form asks for both fields before calling the server', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();

    await login.loginId.focus();
    await login.loginId.blur();
    await login.signInButton.click();

    await expect(login.card).toContainText('Please enter your login ID');
    await expect(login.card).toContainText('Please enter your password');
  });

  test('the background changes every 3 seconds', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await expect(login.background).toHaveAttribute('data-active-slide', '0');

    await expect(login.background).toHaveAttribute('data-active-slide', '1', { timeout: 4_500 });
  });
});
