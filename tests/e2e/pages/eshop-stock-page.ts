import type { Locator, Page } from '@playwright/test';
import { chooseOption } from '../support/select';

/** The figures of a product's row of the stock table, as the page writes them. */
export interface StockRow {
  onHand: string;
  reserved: string;
  available: string;
  value: string;
  averageCost: string;
}

/** /e-shop/stock: the products with their stock, Receive stock and Adjust count, and the Movements tab. */
export class EshopStockPage {
  readonly table: Locator;
  readonly movements: Locator;
  readonly receiveForm: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByRole('table', { name: 'Stock' });
    this.movements = page.getByRole('table', { name: 'Stock movements' });
    this.receiveForm = page.getByRole('dialog', { name: 'Receive stock' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/e-shop/stock');
  }

  async search(text: string): Promise<void> {
    await this.page.getByRole('searchbox', { name: 'Search the stock by product name or SKU' }).fill(text);
  }

  row(product: string): Locator {
    return this.table
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name: new RegExp(`^${product}`) }) });
  }

  /** The figures of a product's row: Name, SKU, On hand, Reserved, Available, Value, Average cost, Action. */
  async figures(product: string): Promise<StockRow> {
    const cells = (await this.row(product).locator('th, td').allInnerTexts()).map((text) => text.trim());
    const [, , onHand, reserved, available, value, averageCost] = cells;
    return { onHand, reserved, available, value, averageCost };
  }

  /** Opens Receive stock from the page's button, fills it in and receives. */
  async receive(values: {
    product: string;
    quantity: string;
    unitCost: string;
    supplier: string;
    bank: RegExp;
    reference: string;
  }): Promise<void> {
    await this.page.getByRole('button', { name: 'Receive stock', exact: true }).click();
    const form = this.receiveForm;
    await chooseOption(form, 'Product', new RegExp(`^${values.product}`));
    await form.getByLabel('Quantity', { exact: true }).fill(values.quantity);
    await form.getByLabel('Unit cost (₦)').fill(values.unitCost);
    await form.getByLabel('Supplier').fill(values.supplier);
    await chooseOption(form, 'Bank account', values.bank);
    await form.getByLabel('Reference').fill(values.reference);
  }

  async submitReceipt(): Promise<void> {
    await this.receiveForm.getByRole('button', { name: 'Receive stock' }).click();
  }

  async showMovements(kind: string): Promise<void> {
    await this.page.getByRole('tab', { name: 'Movements' }).click();
    await chooseOption(this.page.locator('body'), 'Kind', kind);
  }

  /** The texts of the newest movement shown: Date, Product, Kind, Quantity, Value, Supplier / reason, Recorded. */
  async firstMovement(): Promise<string[]> {
    const row = this.movements.getByRole('row').nth(1);
    return (await row.locator('th, td').allInnerTexts()).map((text) => text.trim());
  }
}

/** /e-shop/damages: the damages written off and the Write off damaged stock form. */
export class EshopDamagesPage {
  readonly table: Locator;
  readonly form: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByRole('table', { name: 'Damages' });
    this.form = page.getByRole('dialog', { name: 'Write off damaged stock' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/e-shop/damages');
  }

  async writeOff(values: { product: string; quantity: string; reason: string }): Promise<void> {
    await this.page.getByRole('button', { name: 'Write off damaged stock' }).click();
    await chooseOption(this.form, 'Product', new RegExp(`^${values.product}`));
    await this.form.getByLabel('Quantity damaged').fill(values.quantity);
    await this.form.getByLabel('Reason').fill(values.reason);
    await this.form.getByRole('button', { name: 'Write off' }).click();
  }

  /** The texts of the damage written off for `reason`: Date, Product, Quantity, Value lost, Reason, Recorded. */
  async row(reason: string): Promise<string[]> {
    const row = this.table.getByRole('row').filter({ hasText: reason });
    return (await row.locator('th, td').allInnerTexts()).map((text) => text.trim());
  }
}
