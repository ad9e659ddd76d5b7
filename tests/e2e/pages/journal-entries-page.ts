import type { Locator, Page } from '@playwright/test';

export interface JournalLineInput {
  /** The GL code to find in the account select, e.g. '702002'. */
  gl?: string;
  description?: string;
  debit?: string;
  credit?: string;
}

/** /finance-reporting/journal-entry: the entries table and the add/edit modal (web/src/pages/accounting). */
export class JournalEntriesPage {
  readonly page: Page;
  readonly table: Locator;
  readonly dialog: Locator;

  constructor(page: Page) {
    this.page = page;
    // With its entries' lines folding under them, the table is a tree grid.
    this.table = page.getByRole('treegrid', { name: 'Journal entries' });
    this.dialog = page.getByRole('dialog');
  }

  async goto(): Promise<void> {
    await this.page.goto('/finance-reporting/journal-entry');
  }

  async openAdd(): Promise<void> {
    await this.page.getByRole('button', { name: 'Add New' }).first().click();
  }

  /** The GL account selects of the form's lines, in order. */
  glSelects(): Locator {
    return this.dialog.getByRole('button', { name: /^GL account/ });
  }

  /** A line's input by its column label ('Line description', 'Debit', 'Credit'); lines count from 0. */
  lineInput(line: number, label: 'Line description' | 'Debit' | 'Credit'): Locator {
    return this.dialog.getByLabel(label, { exact: true }).nth(line);
  }

  async chooseGl(line: number, code: string): Promise<void> {
    await this.glSelects().nth(line).click();
    await this.page.getByLabel('Find a GL account by code or name').fill(code);
    await this.page.getByRole('option', { name: new RegExp(`^${code} `) }).click();
  }

  async fillLine(line: number, input: JournalLineInput): Promise<void> {
    if (input.gl) await this.chooseGl(line, input.gl);
    if (input.description !== undefined) await this.lineInput(line, 'Line description').fill(input.description);
    if (input.debit !== undefined) await this.lineInput(line, 'Debit').fill(input.debit);
    if (input.credit !== undefined) await this.lineInput(line, 'Credit').fill(input.credit);
  }

  async describe(text: string): Promise<void> {
    await this.dialog.getByLabel('Description', { exact: true }).fill(text);
  }

  async post(): Promise<void> {
    await this.dialog.getByRole('button', { name: /^(Post entry|Save changes)$/ }).click();
  }

  /** The entry row (not its line rows) whose description is `description`. */
  entry(description: string): Locator {
    return this.table
      .getByRole('row')
      .filter({ has: this.page.getByRole('gridcell', { name: description, exact: true }) });
  }

  async transactionCodeOf(description: string): Promise<string> {
    return (await this.entry(description).getByRole('rowheader').innerText()).trim();
  }

  /** The rows of the table that mention `text` (entry or line rows). */
  rows(text: string | RegExp): Locator {
    return this.table.getByRole('row').filter({ hasText: text });
  }

  async edit(code: string): Promise<void> {
    await this.page.getByRole('button', { name: `Edit journal entry ${code}`, exact: true }).click();
  }

  async delete(code: string): Promise<void> {
    await this.page.getByRole('button', { name: `Delete journal entry ${code}`, exact: true }).click();
    await this.page
      .getByRole('dialog', { name: 'Delete journal entry' })
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
  }
}
