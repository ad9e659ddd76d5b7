import type { Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { chooseOption } from '../support/select';
import { SetupScreenPage } from './setup-screen-page';

/**
 * /e-shop/products: the store's products (tabs Products List and Add Product, on the setup list +
 * form scaffold) and the platform's product categories (tab Product Categories).
 */
export class EshopProductsPage extends SetupScreenPage {
  readonly search: Locator;
  readonly categories: SetupScreenPage;

  constructor(page: Page) {
    super(page, { title: 'Products', noun: 'product' });
    this.search = page.getByRole('searchbox', { name: 'Find products' });
    this.categories = new SetupScreenPage(page, { title: 'Product categories', noun: 'product category' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/e-shop/products');
  }

  /** Picks a filter of the list ('Category', 'Status') by its option. */
  async filterBy(label: string, option: string | RegExp): Promise<void> {
    await chooseOption(this.page.locator('main'), label, option);
  }

  /**
   * Opens a product in the form. Pressed again until the form shows it: a toast fading above the
   * list moves the row, and a press that lands while it moves misses the button.
   */
  override async edit(name: string): Promise<void> {
    const form = this.page.getByRole('tab', { name: 'Edit product', selected: true });
    await expect(async () => {
      if (!(await form.isVisible()))
        await this.page.getByRole('button', { name: `Edit ${name}`, exact: true }).click({ timeout: 5_000 });
      await expect(form).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 30_000 });
  }

  /** Deletes a product through the confirmation; its button is pressed again until the dialog opens (see edit). */
  override async delete(name: string): Promise<void> {
    const confirm = this.page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true });
    await expect(async () => {
      if (!(await confirm.isVisible()))
        await this.page.getByRole('button', { name: `Delete ${name}`, exact: true }).click({ timeout: 5_000 });
      await expect(confirm).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 30_000 });
    await confirm.click();
  }

  /** The texts of a product's row: name, SKU, category, status, prices, quantities. */
  async cells(name: string): Promise<string[]> {
    return (await this.row(name).locator('th, td').allInnerTexts()).map((text) => text.trim());
  }
}
