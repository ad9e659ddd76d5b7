import { expect, test } from '@playwright/test';
import { LoginPage } from '../pages/login-page';
import { NotificationBellPage } from '../pages/notification-bell-page';
import { dataOf, demoAdminHeaders } from '../support/api';
import { saveScreenshot } from '../support/screenshots';

/**
 * The notifications bell (docs/decisions.md 2026-11-27 "Notifications"). DEMO0012 (a member with a
 * Regular Savings plan) waits on the dashboard; the admin denies a deposit order of hers through the
 * API; the bell counts it without a reload (delivered by the runtime, pushed over the WebSocket),
 * lists it, and Mark all read clears the count. Her profile keeps her e-mail and SMS choices.
 * Amounts are unique per run, so a runtime that lives on between runs is fine.
 */
const MEMBER = { loginId: 'DEMO0012', password: 'password123' };

test.describe('notifications', () => {
  test('the bell shows a notification as it arrives, and marks all read', async ({ page, request }, testInfo) => {
    test.setTimeout(90_000);
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(MEMBER.loginId, MEMBER.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    const bell = new NotificationBellPage(page);
    await expect(bell.button).toBeVisible();

    // Whatever earlier runs left unread is cleared first, through the bell itself.
    if ((await bell.unread()) > 0) {
      await bell.button.click();
      await bell.markAllRead.click();
      await expect(bell.button).toHaveAttribute('aria-label', 'Notifications');
    }

    const headers = await demoAdminHeaders(request);
    const plans = await dataOf<{ data: { id: string }[] }>(
      await request.get('/api/v1/savings', { headers, params: { coop_id: MEMBER.loginId } }),
      'Listing the member plans',
    );
    const plan = plans.data[0];
    if (!plan) throw new Error(`${MEMBER.loginId} has no savings plan`);
    const kobo = 100 + Math.floor(Math.random() * 899);
    const amount = `1${String(kobo).padStart(3, '0')}`;
    const order = await dataOf<{ id: string }>(
      await request.post('/api/v1/cooperative/transaction-order', {
        headers,
        data: {
          savings_id: plan.id,
          amount,
          date: new Date().toISOString().slice(0, 10),
          payment_mode_id: 1,
          comment: 'Bell test',
          description: 'Bell test',
          transaction_type: 'DEPOSIT',
          coop_id: MEMBER.loginId,
        },
      }),
      'Placing a deposit order',
    );
    await dataOf(
      await request.post('/api/v1/cooperative/transaction-order/deny', { headers, data: { transaction_id: order.id } }),
      'Denying the order',
    );

    // No reload: the push brings the count, and the list has the text worked out from the amount.
    await expect(bell.button).toHaveAttribute('aria-label', 'Notifications, 1 unread', { timeout: 20_000 });
    await bell.button.click();
    const naira = `₦${Number(amount).toLocaleString('en-NG')}.00`;
    await expect(bell.item(new RegExp(`Deposit denied.*Your deposit of ${naira.replace('.', '\\.')}`))).toBeVisible();
    await saveScreenshot(page, testInfo, 'notifications-bell');
    await bell.markAllRead.click();
    await expect(bell.button).toHaveAttribute('aria-label', 'Notifications');
  });

  test('the profile keeps the e-mail and SMS choices', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(MEMBER.loginId, MEMBER.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/member/my-profile');
    const form = page.getByRole('form', { name: 'Notification preferences' });
    const sms = form.getByRole('checkbox', { name: 'Receive notifications by SMS' });
    await expect(sms).toBeEnabled();
    const wasOn = await sms.isChecked();
    await sms.click();
    await form.getByRole('button', { name: 'Save preferences' }).click();
    await expect(page.getByText('Notification preferences saved')).toBeVisible();
    await page.reload();
    await expect(form.getByRole('checkbox', { name: 'Receive notifications by SMS' })).toBeChecked({ checked: !wasOn });
    // Put back as it was, for the next run.
    await form.getByRole('checkbox', { name: 'Receive notifications by SMS' }).click();
    await form.getByRole('button', { name: 'Save preferences' }).click();
    await expect(page.getByText('Notification preferences saved')).toBeVisible();
  });
});
