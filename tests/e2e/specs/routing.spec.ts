import { expect, test } from '@playwright/test';

test.describe('routing while signed out', () => {
  test('an unknown path goes to sign-in', async ({ page }) => {
    await page.goto('/some/unknown/path');

    await expect(page).toHaveURL(/\/login$/);
  });

  test('the root goes to sign-in', async ({ page }) => {
    await page.goto('/');

    await expect(page).toHaveURL(/\/login$/);
  });

  test('the 404 page explains and leads back', async ({ page }) => {
    await page.goto('/notfound');
    await expect(page.getByText('We are sorry but our service is currently not available…')).toBeVisible();

    await page.getByRole('link', { name: 'Go back' }).click();

    await expect(page).toHaveURL(/\/login$/);
  });

  test('the 500 page explains and leads back', async ({ page }) => {
    await page.goto('/internalserver');

    await expect(
      page.getByText('We are sorry but your request contains bad syntax and cannot be fulfilled…'),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go back' })).toHaveAttribute('href', '/');
  });
});
