import { expect, test } from '@playwright/test';
import { AppShellPage } from '../pages/app-shell-page';
import { LoginPage } from '../pages/login-page';
import { SetupScreenPage } from '../pages/setup-screen-page';
import { saveScreenshot } from '../support/screenshots';

test.describe('departments', () => {
  test('an admin adds, renames and deletes a department; one with members cannot be deleted', async ({
    page,
  }, testInfo) => {
    const name = `Audit ${Date.now().toString(36).slice(-5)}`;
    await new LoginPage(page).signInAs('coopAdmin');
    const shell = new AppShellPage(page);
    const departments = new SetupScreenPage(page, { title: 'Departments', noun: 'department' });
    await page.goto('/setup/departments');
    await expect(departments.row('Finance')).toBeVisible();

    // The shared schema's message, on blur.
    await departments.field('Department name').focus();
    await departments.field('Department name').blur();
    await expect(departments.errorText('Please enter a department name')).toBeVisible();

    await departments.fill({ 'Department name': name });
    await departments.submit();
    await expect(shell.toast('Department created successfully')).toBeVisible();
    await expect(departments.row(name)).toBeVisible();
    await expect(departments.field('Department name')).toHaveValue('');
    await saveScreenshot(page, testInfo, 'setup-departments');

    await departments.edit(name);
    await departments.fill({ 'Department name': `${name} Unit` });
    await departments.submit();
    await expect(shell.toast('Department updated successfully')).toBeVisible();
    await expect(departments.row(`${name} Unit`)).toBeVisible();

    await departments.delete(`${name} Unit`);
    await expect(shell.toast('Department deleted successfully')).toBeVisible();
    await expect(departments.row(`${name} Unit`)).toHaveCount(0);

    // Members work in Finance, so the server refuses and the reason is shown.
    await departments.delete('Finance');
    await expect(page.getByText(/^Unable to delete item: The department Finance has \d+ member\(s\)/)).toBeVisible();
    await expect(departments.row('Finance')).toBeVisible();
  });
});
