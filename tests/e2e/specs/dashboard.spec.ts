import { expect, test } from '@playwright/test';
import { LoginPage } from '../pages/login-page';

test.describe('dashboard outside the platform home', () => {
  test('a member is greeted inside their own cooperative', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();

    await login.signIn('DEMO0001', 'password123');

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome,/ })).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: 'Cooperative Member' })).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: 'Demo Staff Cooperative' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Cooperative List' })).toHaveCount(0);
  });
});
