import type { Locator, Page } from '@playwright/test';
import { chooseOption } from '../support/select';

/**
 * Any setup screen built on the list + form scaffold (departments, charges, chart of accounts,
 * savings and loan setups...): a table named by its title and a form named '<Noun> form'.
 */
export class SetupScreenPage {
  readonly page: Page;
  readonly table: Locator;
  readonly form: Locator;

  constructor(page: Page, { title, noun }: { title: string; noun: string }) {
    this.page = page;
    this.table = page.getByRole('table', { name: title });
    this.form = page.getByRole('form', { name: `${noun.charAt(0).toUpperCase()}${noun.slice(1)} form` });
  }

  row(name: string): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name, exact: true }) });
  }

  field(label: string): Locator {
    return this.form.getByLabel(label, { exact: true });
  }

  async fill(values: Record<string, string>): Promise<void> {
    for (const [label, value] of Object.entries(values)) await this.field(label).fill(value);
  }

  /** Picks an option of a Cloudscape select of the form (or of the page, for the category filters). */
  async choose(label: string, option: string | RegExp, scope: Locator = this.form): Promise<void> {
    await chooseOption(scope, label, option);
  }

  async submit(): Promise<void> {
    await this.form.getByRole('button', { name: /^(Add .+|Save changes)$/ }).click();
  }

  async edit(name: string): Promise<void> {
    await this.page.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
  }

  async delete(name: string): Promise<void> {
    await this.page.getByRole('button', { name: `Delete ${name}`, exact: true }).click();
    await this.page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  }

  async openTab(name: string): Promise<void> {
    await this.page.getByRole('tab', { name }).click();
  }

  errorText(message: string): Locator {
    return this.form.getByText(message, { exact: true });
  }
}
