import { expect, test } from '@playwright/test';
import { AppShellPage } from '../pages/app-shell-page';
import { EshopProductsPage } from '../pages/eshop-products-page';
import { LoginPage } from '../pages/login-page';
import { activeEshopCategory, dataOf, demoAdminHeaders } from '../support/api';
import { saveScreenshot } from '../support/screenshots';

// The smallest valid PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test.describe("the store's products", () => {
  test.describe.configure({ timeout: 180_000 });

  let category: { id: string; name: string };

  test.beforeAll(async ({ request }) => {
    category = await activeEshopCategory(request);
  });

  test('an admin adds a product, finds it, changes its selling price and deletes it', async ({
    page,
    request,
  }, testInfo) => {
    const suffix = Date.now().toString(36).slice(-6).toUpperCase();
    const name = `Rice 50kg ${suffix}`;
    const sku = `RICE-${suffix}`;
    await new LoginPage(page).signInAs('coopAdmin');
    const shell = new AppShellPage(page);
    const screen = new EshopProductsPage(page);
    await screen.goto();
    await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
    await expect(shell.breadcrumbs).toContainText('E-shop');
    await expect(page.getByRole('tab')).toHaveText(['Products List', 'Add Product', 'Product Categories']);

    // The platform's categories: the admin reads them, and has nothing to change them with.
    await screen.openTab('Product Categories');
    await expect(screen.categories.row(category.name)).toContainText('Active');
    await expect(screen.categories.form).toHaveCount(0);
    await expect(page.getByRole('button', { name: `Edit ${category.name}`, exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: `Delete ${category.name}`, exact: true })).toHaveCount(0);

    // An empty form names every missing field, and no image slot is offered yet.
    await screen.openTab('Add Product');
    await screen.submit();
    for (const message of [
      'Please enter the product name',
      'Please enter the SKU',
      'Please select a product category',
      'Please enter the buying price',
      'Please enter the selling price',
      'Please enter the maximum purchase quantity',
      'Please enter the low stock warning quantity',
    ])
      await expect(screen.errorText(message)).toBeVisible();
    await expect(screen.form.locator('input[type="file"]')).toHaveCount(0);

    await screen.fill({
      Name: name,
      SKU: sku,
      'Buying price (₦)': '45000.50',
      'Selling price (₦)': '52000',
      'Maximum purchase quantity': '2',
      'Low stock quantity warning': '5',
      'Description - optional': 'Long grain parboiled rice',
    });
    await screen.choose('Category', new RegExp(`^${escaped(category.name)}$`));
    await saveScreenshot(page, testInfo, 'eshop-add-product');
    await screen.submit();
    await expect(shell.toast(`${name} added to the store`)).toBeVisible();

    // Back on the list: found by its SKU, with what was typed.
    await expect(page.getByRole('tab', { name: 'Products List', selected: true })).toBeVisible();
    // Polled: until the search has settled, the table may still show the list before it.
    await screen.search.fill(sku);
    await expect(screen.table.getByRole('row')).toHaveCount(2);
    await expect
      .poll(() => screen.cells(name))
      .toEqual(['—', name, sku, category.name, 'Active', '₦45,000.50', '₦52,000.00', '2', '5', '']);
    // The status filter: the new product is not among the Inactive ones.
    await screen.filterBy('Status', 'Inactive');
    await expect(screen.row(name)).toHaveCount(0);
    await expect(screen.table).toContainText('No product matches this search.');
    await screen.filterBy('Status', 'Active');
    await expect(screen.row(name)).toBeVisible();
    await saveScreenshot(page, testInfo, 'eshop-products-list');

    // Edit opens the form filled in; the new selling price is saved through /update.
    await screen.edit(name);
    await expect(screen.field('SKU')).toHaveValue(sku);
    await expect(screen.field('Buying price (₦)')).toHaveValue('45000.5');
    await expect(screen.field('Selling price (₦)')).toHaveValue('52000');
    await expect(screen.form.getByRole('button', { name: /^Category\b/ })).toContainText(category.name);
    await screen.field('Selling price (₦)').fill('54999.99');
    await screen.submit();
    await expect(shell.toast(`${name} updated`)).toBeVisible();
    // Polled: the search's earlier answer (₦52,000.00) shows until it is read again.
    await screen.search.fill(sku);
    await expect.poll(async () => (await screen.cells(name)).slice(5, 7)).toEqual(['₦45,000.50', '₦54,999.99']);

    // Its page takes a picture (a PNG by its bytes), which the list then shows beside its name.
    await screen.row(name).getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await page.locator('input[type="file"]').setInputFiles({ name: 'rice.png', mimeType: 'image/png', buffer: PNG });
    await expect(shell.toast(`Picture added to ${name}`)).toBeVisible();
    await expect(page.getByRole('img', { name: `Picture 1 of ${name}` })).toBeVisible();
    await saveScreenshot(page, testInfo, 'eshop-product-pictures');
    await page.getByRole('link', { name: 'All products' }).click();
    await screen.search.fill(sku);
    await expect(screen.row(name).getByRole('img', { name: `Picture of ${name}` })).toBeVisible();

    await screen.delete(name);
    await expect(shell.toast(`${name} deleted`)).toBeVisible();
    await expect(screen.row(name)).toHaveCount(0);
    await expect(screen.table).toContainText('No product matches this search.');
    // Gone from the store, not only from the page.
    const left = await dataOf<{ data: { sku: string }[] }>(
      await request.get('/api/v1/cooperative/e-shop/product', {
        headers: await demoAdminHeaders(request),
        params: { query: sku },
      }),
      'Searching the products',
    );
    expect(left.data.map((product) => product.sku)).toEqual([]);
  });
});
