import type { Locator, Page } from '@playwright/test';

/** /reports/investment-trackers: the investments table, the Add form and the Close modal. */
export class InvestmentsPage {
  readonly page: Page;
  readonly table: Locator;
  readonly addForm: Locator;
  readonly closeForm: Locator;

  constructor(page: Page) {
    this.page = page;
    this.table = page.getByRole('table', { name: 'Investments' });
    this.addForm = page.getByRole('dialog', { name: 'Add investment' });
    this.closeForm = page.getByRole('dialog', { name: 'Close investment' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/reports/investment-trackers');
  }

  async openAdd(): Promise<void> {
    await this.page.getByRole('button', { name: 'Add investment' }).click();
  }

  field(label: string): Locator {
    return this.addForm.getByLabel(label, { exact: true });
  }

  /** A select of the Add form by the start of its label ('Bank account', 'Status', 'GL account'). */
  select(label: string): Locator {
    return this.addForm.getByRole('button', { name: new RegExp(`^${label}`) });
  }

  async choose(label: string, option: string | RegExp): Promise<void> {
    await this.select(label).click();
    await this.page.getByRole('option', { name: option }).first().click();
  }

  async save(): Promise<void> {
    await this.addForm.getByRole('button', { name: 'Save investment' }).click();
  }

  row(investedWith: string): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name: investedWith }) });
  }

  closeButton(investedWith: string): Locator {
    return this.page.getByRole('button', { name: `Close the investment with ${investedWith}`, exact: true });
  }

  async close(investedWith: string, income: string | null): Promise<void> {
    if (!(await this.closeForm.isVisible())) await this.closeButton(investedWith).click();
    if (income !== null) await this.closeForm.getByLabel('Investment income (₦)').fill(income);
    await this.closeForm.getByRole('button', { name: 'Close investment' }).click();
  }
}
