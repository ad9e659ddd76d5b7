import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { AppShellPage } from '../pages/app-shell-page';
import { LoginPage } from '../pages/login-page';
import { createMember, MemberDetailPage } from '../pages/member-detail-page';

/** The session's ID token as the web keeps it (sessionStorage without Remember me). */
const sessionToken = (page: Page) =>
  page.evaluate<string | undefined>("JSON.parse(sessionStorage.getItem('coopledger.session') ?? '{}').token");

test.describe('sessions after a password change', () => {
  test('a member who changes their own password stays signed in with a new sign-in', async ({ page, request }) => {
    const member = await createMember(request);
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(member.coopId, member.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    const before = await sessionToken(page);

    await page.goto('/member/change-password');
    const form = new MemberDetailPage(page).form('Change password');
    await form.getByLabel('New password', { exact: true }).fill('fresh-pass1');
    await form.getByLabel('Confirm new password', { exact: true }).fill('fresh-pass1');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(new AppShellPage(page).toast('Password changed successfully')).toBeVisible();

    // The API refuses the earlier sign-in's tokens; the web signed in again with the new password.
    await expect.poll(() => sessionToken(page)).not.toBe(before);
    await page.goto('/member/my-profile');
    await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
    await expect(new MemberDetailPage(page).sideCard).toContainText(member.coopId);
    await expect(page).toHaveURL(/\/member\/my-profile$/);
  });
});
