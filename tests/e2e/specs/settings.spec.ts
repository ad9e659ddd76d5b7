import { expect, test } from '@playwright/test';
import { AppShellPage } from '../pages/app-shell-page';
import { LoginPage } from '../pages/login-page';
import { saveScreenshot } from '../support/screenshots';

test.describe('settings drawer', () => {
  test('night mode survives a reload', async ({ page }, testInfo) => {
    await new LoginPage(page).signInAs('superAdmin', { remember: true });
    const shell = new AppShellPage(page);
    await shell.openSettings();

    await shell.toggle('Night Mode').check();

    await expect(page.locator('body')).toHaveClass(/awsui-dark-mode/);
    await saveScreenshot(page, testInfo, 'night-mode');
    await page.reload();
    await expect(page.locator('body')).toHaveClass(/awsui-dark-mode/);
    await shell.openSettings();
    await expect(shell.toggle('Night Mode')).toBeChecked();
    await shell.toggle('Night Mode').uncheck();
    await expect(page.locator('body')).not.toHaveClass(/awsui-dark-mode/);
  });

  test('each switch has a visible effect', async ({ page }) => {
    await new LoginPage(page).signInAs('coopAdmin');
    const shell = new AppShellPage(page);
    await shell.openSettings();

    await shell.toggle('RTL Support').check();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await shell.toggle('RTL Support').uncheck();
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');

    await shell.toggle('Header Dark').check();
    await expect(shell.header).toHaveCSS('background-color', 'rgb(15, 20, 26)');
    await shell.toggle('Header Dark').uncheck();

    await shell.toggle('Gradient Color').check();
    await expect(shell.header).toHaveCSS('background-image', /linear-gradient/);
    await shell.toggle('Gradient Color').uncheck();

    await shell.toggle('Sidebar Dark', true).check();
    await expect(page.locator('[data-sidebar-dark="true"]')).toHaveClass(/awsui-dark-mode/);
    await shell.toggle('Sidebar Dark', true).uncheck();

    await shell.toggle('Fix Navbar top').uncheck();
    await expect(shell.header).toHaveCSS('position', 'relative');
    await shell.toggle('Fix Navbar top').check();
    await expect(shell.header).toHaveCSS('position', 'sticky');

    const firstIcon = shell.sidebar.locator('ul svg').first();
    const styleA = await firstIcon.innerHTML();
    await page
      .getByRole('toolbar', { name: 'Menu icon style', exact: true })
      .getByRole('button', { name: 'C' })
      .click();
    await expect.poll(() => firstIcon.innerHTML()).not.toBe(styleA);
    await page
      .getByRole('toolbar', { name: 'Menu icon style', exact: true })
      .getByRole('button', { name: 'A' })
      .click();
  });

  test('a cooperative admin sends the registration email from the drawer', async ({ page }) => {
    await new LoginPage(page).signInAs('coopAdmin');
    const shell = new AppShellPage(page);
    await shell.openSettings();

    await page.getByRole('button', { name: 'Send Registration Email' }).click();

    await expect(shell.toast('The registration link has been sent to info@demo.coop.example')).toBeVisible();
  });
});
