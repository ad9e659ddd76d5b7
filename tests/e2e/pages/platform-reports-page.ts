import type { Locator, Page } from '@playwright/test';

/** The period boxes of a report (web/src/components/date-range/date-range-filter.tsx) and its Search. */
class ReportPeriod {
  constructor(readonly page: Page) {}

  async choosePeriod(preset: string): Promise<void> {
    await this.page.getByRole('button', { name: /^Period/ }).click();
    await this.page.getByRole('option', { name: preset, exact: true }).click();
  }

  get startDate(): Locator {
    return this.page.getByLabel('Start date', { exact: true });
  }

  get endDate(): Locator {
    return this.page.getByLabel('End date', { exact: true });
  }

  async search(): Promise<void> {
    await this.page.getByRole('button', { name: 'Search', exact: true }).click();
  }
}

/** /reports/consolidated-report (super-admin). */
export class ConsolidatedReportPage extends ReportPeriod {
  readonly table: Locator;

  constructor(page: Page) {
    super(page);
    this.table = page.getByRole('table', { name: 'Consolidated report' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/reports/consolidated-report');
  }

  /** The row of a cooperative by its code, or the totals row ('Total'). */
  row(code: string): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name: code, exact: true }) });
  }

  /** The texts of a row's cells, in column order (code first). */
  async cells(code: string): Promise<string[]> {
    const row = this.row(code);
    const texts = await row.locator('th, td').allInnerTexts();
    return texts.map((text) => text.trim());
  }

  download(): Locator {
    return this.page.getByRole('button', { name: 'Download', exact: true });
  }
}

/** /reports/analysis-report: the charts and the tables of their figures. */
export class AnalysisReportPage extends ReportPeriod {
  constructor(page: Page) {
    super(page);
  }

  async goto(): Promise<void> {
    await this.page.goto('/reports/analysis-report');
  }

  figures(name: string): Locator {
    return this.page.getByRole('table', { name, exact: true });
  }

  get topSavers(): Locator {
    return this.figures('Top savers');
  }

  /** The charts drawn by Highcharts. */
  get charts(): Locator {
    return this.page.locator('.highcharts-container');
  }
}
