import { expect, test } from '@playwright/test';
import { AppShellPage } from '../pages/app-shell-page';
import { LoginPage } from '../pages/login-page';
import { PlatformHomePage } from '../pages/platform-home-page';
import { saveScreenshot } from '../support/screenshots';

// ALPHA's saved colours in the demo seed: primary #6B4C9A, secondary #4A3470.
const ALPHA_PRIMARY = 'rgb(107, 76, 154)';
const ALPHA_SECONDARY = 'rgb(74, 52, 112)';
const DEFAULT_PRIMARY = 'rgb(66, 118, 164)';

test.describe('switching cooperative', () => {
  test('View Members scopes the app to the cooperative, as its admin, in its colours', async ({ page }, testInfo) => {
    // Prepare
    await new LoginPage(page).signInAs('superAdmin');
    const shell = new AppShellPage(page);
    await expect(shell.header).toHaveCSS('background-color', DEFAULT_PRIMARY);

    // Act
    await new PlatformHomePage(page).viewMembers('Alpha Teachers Cooperative');

    // Assess
    await expect(page).toHaveURL(/\/members$/);
    await expect(shell.toast('You are now viewing data for Alpha Teachers Cooperative.')).toBeVisible();
    await expect(shell.header).toHaveCSS('background-color', ALPHA_PRIMARY);
    await expect(shell.cooperativeBand).toHaveCSS('background-color', ALPHA_SECONDARY);
    await expect(shell.cooperativeBand).toContainText('Alpha Teachers Cooperative');
    await expect.poll(() => shell.menuEntries()).toContain('Loans manager');
    await expect(shell.header.getByRole('link', { name: 'Members' })).toBeVisible();
    await saveScreenshot(page, testInfo, 'viewing-alpha');
  });

  test('the switcher moves between cooperatives and Back to Admin returns', async ({ page }) => {
    await new LoginPage(page).signInAs('superAdmin');
    const shell = new AppShellPage(page);

    await shell.switchTo('Alpha Teachers Cooperative');

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(shell.toast('You are now viewing data for Alpha Teachers Cooperative.')).toBeVisible();
    await expect(shell.header).toHaveCSS('background-color', ALPHA_PRIMARY);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Alpha Teachers Cooperative' })).toBeVisible();

    await shell.switchTo('Back to Admin');

    await expect(shell.toast('You are now viewing data for Admin.')).toBeVisible();
    await expect(shell.header).toHaveCSS('background-color', DEFAULT_PRIMARY);
    await expect(new PlatformHomePage(page).cooperativeTable).toBeVisible();
    await expect.poll(() => shell.menuEntries()).toContain('Cooperatives');
  });
});
