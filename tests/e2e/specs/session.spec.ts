import { expect, test } from '@playwright/test';
import { AppShellPage } from '../pages/app-shell-page';
import { LoginPage } from '../pages/login-page';
import { storedSession } from '../support/browser-session';

test.describe('session', () => {
  test('signing out ends the session for good', async ({ page }) => {
    // Prepare
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn('superadmin', 'superadmin123', { remember: true });
    await expect(page).toHaveURL(/\/dashboard$/);

    // Act
    await new AppShellPage(page).signOut();

    // Assess
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedSession(page)).toEqual({ local: null, session: null });
    await page.reload();
    await expect(page).toHaveURL(/\/login$/);
    await expect(login.signInButton).toBeVisible();
  });

  test('without Remember me the token lives only as long as the browser session', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();

    await login.signIn('superadmin', 'superadmin123', { remember: false });
    await expect(page).toHaveURL(/\/dashboard$/);

    const stored = await storedSession(page);
    expect(stored.local).toBeNull();
    expect(stored.session).toContain('"token"');
  });

  test('with Remember me the session survives closing the browser', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();

    await login.signIn('superadmin', 'superadmin123', { remember: true });
    await expect(page).toHaveURL(/\/dashboard$/);

    const stored = await storedSession(page);
    expect(stored.session).toBeNull();
    expect(stored.local).toContain('"token"');
  });

  test('a signed-in user who opens /login goes to the dashboard', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn('superadmin', 'superadmin123');
    await expect(page).toHaveURL(/\/dashboard$/);

    await login.goto();

    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
