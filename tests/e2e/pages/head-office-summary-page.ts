import type { Locator, Page } from '@playwright/test';

/** /dividend-calculator/head-office-summary: one cooperative's year against its targets. */
export class HeadOfficeSummaryPage {
  readonly table: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByRole('table', { name: 'Targets against performance' });
  }

  async goto(year?: number): Promise<void> {
    await this.page.goto(`/dividend-calculator/head-office-summary${year ? `?year=${year}` : ''}`);
  }

  /** The texts of a measure's row: measure, target, actual, % of target. */
  async cells(measure: string): Promise<string[]> {
    const row = this.table
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name: measure, exact: true }) });
    return (await row.locator('th, td').allInnerTexts()).map((text) => text.trim());
  }

  targetsButton(): Locator {
    return this.page.getByRole('button', { name: /^(Set|Change) targets$/ });
  }

  /** Opens Set targets, types the four targets and saves them. */
  async setTargets(values: Record<string, string>): Promise<void> {
    await this.targetsButton().click();
    const dialog = this.page.getByRole('dialog');
    for (const [label, value] of Object.entries(values)) await dialog.getByLabel(label, { exact: true }).fill(value);
    await dialog.getByRole('button', { name: 'Save targets' }).click();
  }
}

/** /reports/head-office-summary (super-admin): every cooperative's summary of a year. */
export class HeadOfficeSummariesPage {
  readonly table: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByRole('table', { name: 'Head office summary of every cooperative' });
  }

  async goto(year: number): Promise<void> {
    await this.page.goto(`/reports/head-office-summary?year=${year}`);
  }

  row(code: string): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name: code, exact: true }) });
  }
}
