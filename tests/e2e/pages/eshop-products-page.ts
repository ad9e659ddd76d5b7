import type { Locator, Page } from '@playwright/test';
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

  /** The texts of a product's row: name, SKU, category, status, prices, quantities. */
  async cells(name: string): Promise<string[]> {
    return (await this.row(name).locator('th, td').allInnerTexts()).map((text) => text.trim());
  }
}
