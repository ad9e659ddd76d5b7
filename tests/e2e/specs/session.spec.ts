import { expect, test } from '@playwright/test';
import { AppShellPage } from '../pages/app-shell-page';
import { LoginPage } from '../pages/login-page';
import { cognitoKeys, expireStoredTokens, storedSession } from '../support/browser-session';

test.describe('session', () => {
  test('signing out ends the session for good', async ({ page }) => {
    // Prepare
    const login = new LoginPage(page);
    await login.signInAs('superAdmin', { remember: true });

    // Act
    await new AppShellPage(page).signOut();

    // Assess
    await expect(page).toHaveURL(/\/login$/);
    await expect.poll(() => storedSession(page)).toEqual({ local: null, session: null });
    await expect.poll(() => cognitoKeys(page)).toEqual({ local: [], session: [] });
    await page.reload();
    await expect(page).toHaveURL(/\/login$/);
    await expect(login.signInButton).toBeVisible();
  });

  test('without Remember me the tokens live only as long as the browser session', async ({ page }) => {
    await new LoginPage(page).signInAs('superAdmin', { remember: false });

    const stored = await storedSession(page);
    expect(stored.local).toBeNull();
    expect(stored.session).toContain('"token"');
    const keys = await cognitoKeys(page);
    expect(keys.local).toEqual([]);
    expect(keys.session.some((key) => key.endsWith('.refreshToken'))).toBe(true);
  });

  test('a tab opened from a signed-in tab is signed in too, without Remember me, and they sign out together', async ({
    page,
    context,
  }) => {
    await new LoginPage(page).signInAs('member', { remember: false });
    // A new tab of the same browser on the Store (as Ctrl+click on the top bar's Store opens it).
    const store = await context.newPage();
    await store.goto('/shop');
    await expect(store).toHaveURL(/\/shop$/);
    await expect(store.getByRole('heading', { level: 1 })).toBeVisible();
    const stored = await storedSession(store);
    expect(stored.local).toBeNull();
    expect(stored.session).toContain('"token"');
    expect((await cognitoKeys(store)).session.some((key) => key.endsWith('.refreshToken'))).toBe(true);

    await new AppShellPage(store).signOut();
    await expect(store).toHaveURL(/\/login$/);
    // The first tab is signed out with it.
    await expect(page).toHaveURL(/\/login$/);
    await expect.poll(() => storedSession(page)).toEqual({ local: null, session: null });
    await store.close();
  });

  test('with Remember me the session survives closing the browser', async ({ page }) => {
    await new LoginPage(page).signInAs('superAdmin', { remember: true });

    const stored = await storedSession(page);
    expect(stored.session).toBeNull();
    expect(stored.local).toContain('"token"');
    const keys = await cognitoKeys(page);
    expect(keys.session).toEqual([]);
    expect(keys.local.some((key) => key.endsWith('.refreshToken'))).toBe(true);
  });

  test('an expired token is refreshed without the user noticing', async ({ page }) => {
    await new LoginPage(page).signInAs('superAdmin', { remember: true });
    const forged = await expireStoredTokens(page);

    const answer = page.waitForResponse((response) => response.url().includes('/api/v1/cooperative/all'));
    await page.reload();

    const response = await answer;
    expect(response.status()).toBe(200);
    expect(await response.request().headerValue('authorization')).not.toBe(`Bearer ${forged}`);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a 401 from the API ends the session and returns to sign-in', async ({ page }) => {
    await new LoginPage(page).signInAs('superAdmin');
    await page.route('**/api/v1/dashboard/tile-data', (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ status: false, message: 'Unauthenticated', data: null }),
      }),
    );

    await page.reload();

    await expect(page).toHaveURL(/\/login$/);
    expect(await storedSession(page)).toEqual({ local: null, session: null });
  });

  test('a 406 ends the session and says why, without navigating', async ({ page }) => {
    await new LoginPage(page).signInAs('coopAdmin');
    await page.route('**/api/v1/cooperative?**', (route) =>
      route.fulfill({
        status: 406,
        contentType: 'application/json',
        body: JSON.stringify({ status: false, message: 'Your cooperative has been deactivated.', data: null }),
      }),
    );

    await page.reload();

    // With the session gone the shell cannot stay; the sign-in card shows the server's reason.
    await expect(new LoginPage(page).alert).toContainText('Your cooperative has been deactivated.');
    expect(await storedSession(page)).toEqual({ local: null, session: null });
  });

  test('a signed-in user who opens /login goes to the dashboard', async ({ page }) => {
    const login = new LoginPage(page);
    await login.signInAs('superAdmin');

    await login.goto();

    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
