import type { Locator, Page } from '@playwright/test';

/** /setup/cooperatives: the Cooperative List and Cooperative Form tabs. */
export class CooperativesPage {
  readonly page: Page;
  readonly table: Locator;
  readonly filter: Locator;
  readonly addButton: Locator;
  readonly form: Locator;

  constructor(page: Page) {
    this.page = page;
    this.table = page.getByRole('table', { name: 'Cooperatives' });
    this.filter = page.getByRole('searchbox', { name: 'Find cooperatives by name or code' });
    this.addButton = page.getByRole('button', { name: 'Add cooperative' });
    this.form = page.getByRole('form', { name: 'Cooperative Form' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/setup/cooperatives');
  }

  row(name: string): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name, exact: true }) });
  }

  field(label: string): Locator {
    return this.form.getByLabel(label, { exact: true });
  }

  async fill(
    values: Partial<
      Record<
        'Name' | 'Code' | 'Email' | 'Phone' | 'Address' | 'Website - optional' | 'Primary colour' | 'Secondary colour',
        string
      >
    >,
  ): Promise<void> {
    for (const [label, value] of Object.entries(values)) await this.field(label).fill(value);
  }

  async chooseLogo(file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
    await this.form.locator('input[type="file"]').setInputFiles(file);
  }

  async submit(): Promise<void> {
    await this.form.getByRole('button', { name: /^(Create cooperative|Save changes)$/ }).click();
  }

  async edit(name: string): Promise<void> {
    await this.page.getByRole('button', { name: `Edit ${name}` }).click();
  }

  async delete(name: string): Promise<void> {
    await this.page.getByRole('button', { name: `Delete ${name}` }).click();
    await this.page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  }

  errorText(message: string): Locator {
    return this.form.getByText(message, { exact: true });
  }
}
