import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { LoginPage } from '../pages/login-page';
import type { TestMember } from '../pages/member-detail-page';
import { MemberDetailPage, createMember } from '../pages/member-detail-page';
import { LoansApi, naira } from '../pages/loans-page';
import { ACCOUNTS } from '../support/demo-accounts';
import { saveScreenshot } from '../support/screenshots';
import { chooseOption } from '../support/select';

/**
 * Member exit end to end on the seeded DEMO cooperative (exit charge 0): a fresh member with 40,000
 * in a Regular Savings plan asks to leave from their own profile; DEMO-ADMIN sees the settlement on
 * the member's Exit tab and approves it with the bank account; the member is then shown as Exited
 * and can no longer sign in.
 */
let request: APIRequestContext;
let admin: LoansApi;
let member: TestMember;

test.beforeAll(async ({ playwright }) => {
  request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  admin = await LoansApi.signIn(request, ACCOUNTS.coopAdmin.loginId, ACCOUNTS.coopAdmin.password);
  member = await createMember(request);
  await admin.fundedRegularPlan(member.coopId, '40000', await admin.activeBankId());
});

test.afterAll(async () => {
  await request?.dispose();
});

test.describe('member exit', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a member asks to leave, an admin approves the settlement, and the member is exited', async ({
    browser,
  }, testInfo) => {
    const memberPage = await browser.newPage();
    await test.step('the member sees their settlement and asks to leave', async () => {
      const login = new LoginPage(memberPage);
      await login.goto();
      await login.signIn(member.coopId, member.password);
      await expect(memberPage).toHaveURL(/\/dashboard$/);
      await memberPage.goto('/member/edit-profile');
      await memberPage.getByRole('tab', { name: 'Leave the cooperative', exact: true }).click();
      // 40,000 saved, no loans, no charge: 40,000 to pay out.
      await expect(memberPage.getByText('Savings (all plans)')).toBeVisible();
      await expect(memberPage.getByText(naira(40000)).first()).toBeVisible();
      await memberPage.getByRole('button', { name: 'Leave the cooperative', exact: true }).click();
      await expect(memberPage.getByText('Pending', { exact: true })).toBeVisible();
      await saveScreenshot(memberPage, testInfo, 'member-exit-request');
    });

    const page = await browser.newPage();
    await test.step('the admin approves it with the bank account on the Exit tab', async () => {
      const login = new LoginPage(page);
      await login.signInAs('coopAdmin');
      const detail = new MemberDetailPage(page);
      await detail.open(member.coopId);
      await detail.tab('Exit').click();
      await expect(page.getByText('Settlement', { exact: true })).toBeVisible();
      await page.getByRole('button', { name: 'Approve exit', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Approve exit' });
      await chooseOption(dialog, 'Bank account', /1020304050/);
      await saveScreenshot(page, testInfo, 'member-exit-approve');
      await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
      await expect(page.getByText(/left the cooperative; their records stay readable/)).toBeVisible();
      await expect(page.getByText(`paid out ${naira(40000)}`, { exact: false })).toBeVisible();
    });

    await test.step('the member is listed as Exited and can no longer sign in', async () => {
      await page.goto(`/members`);
      await page.getByRole('searchbox').first().fill(member.coopId);
      await expect(page.getByRole('row').filter({ hasText: member.coopId })).toContainText('Exited');
      const again = await browser.newPage();
      const login = new LoginPage(again);
      await login.goto();
      await login.signIn(member.coopId, member.password);
      await expect(again).not.toHaveURL(/\/dashboard$/);
    });
  });
});
