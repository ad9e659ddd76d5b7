import { expect, test } from '@playwright/test';
import { AccessControlPage } from '../pages/access-control-page';
import { AppShellPage } from '../pages/app-shell-page';
import { LoginPage } from '../pages/login-page';
import { saveScreenshot } from '../support/screenshots';

test('a super-admin adds a role and saves its access, which holds after a reload', async ({ page }, testInfo) => {
  const name = `Auditor ${Date.now().toString(36).slice(-5)}`;
  await new LoginPage(page).signInAs('superAdmin');
  const shell = new AppShellPage(page);
  const roles = new AccessControlPage(page);
  await roles.goto();
  await expect(roles.row('Super Admin')).toBeVisible();

  await page.getByRole('button', { name: 'Add role' }).click();
  await roles.fill({ 'Role name': name });
  await roles.choose('Role type', 'COOPERATIVE');
  await roles.submit();
  await expect(shell.toast('Role created successfully')).toBeVisible();
  await expect(roles.row(name)).toContainText('COOPERATIVE');
  await saveScreenshot(page, testInfo, 'setup-roles');

  await roles.openTab('Role Access');
  await roles.chooseRole(`${name} (COOPERATIVE)`);
  const writeMembers = roles.permission('Write', 'Members');
  const wanted = !(await writeMembers.isChecked());
  await writeMembers.setChecked(wanted);
  await roles.permission('Read', 'Setup').setChecked(true);
  await roles.saveAccess.click();
  await expect(shell.toast(`Access of ${name} saved successfully`)).toBeVisible();
  await saveScreenshot(page, testInfo, 'setup-role-access');

  await page.reload();
  await roles.openTab('Role Access');
  await roles.chooseRole(`${name} (COOPERATIVE)`);
  await expect(roles.permission('Write', 'Members')).toBeChecked({ checked: wanted });
  await expect(roles.permission('Read', 'Setup')).toBeChecked();
});
