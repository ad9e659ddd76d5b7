import type { Locator, Page } from '@playwright/test';
import { koboOf } from './dividend-gl-setup-page';

export interface ComputeTerms {
  /** YYYY-MM-DD */
  from: string;
  to: string;
  x: string;
  y: string;
  amount: string;
}

/** One member line of a dividend as the table shows it, amounts in kobo. */
export interface MemberLine {
  memberNo: string;
  name: string;
  savingsBasis: bigint;
  loanBasis: bigint;
  savingsPart: bigint;
  loanPart: bigint;
  dividend: bigint;
}

function lineOf(cells: string[]): MemberLine {
  const [memberNo, name, savingsBasis, loanBasis, savingsPart, loanPart, dividend] = cells.map((cell) => cell.trim());
  return {
    memberNo,
    name,
    savingsBasis: koboOf(savingsBasis),
    loanBasis: koboOf(loanBasis),
    savingsPart: koboOf(savingsPart),
    loanPart: koboOf(loanPart),
    dividend: koboOf(dividend),
  };
}

/**
 * The dividend calculator's Compute dividend page (/dividend-calculator/compute), Saved dividends
 * (/dividend-calculator/saved) and a saved dividend's page (/dividend-calculator/saved/:id).
 */
export class DividendDeclarationsPage {
  readonly page: Page;
  readonly computeForm: Locator;
  readonly members: Locator;
  readonly summary: Locator;
  readonly saved: Locator;
  readonly details: Locator;
  readonly approveDialog: Locator;
  readonly deleteDialog: Locator;
  readonly payDialog: Locator;

  constructor(page: Page) {
    this.page = page;
    this.computeForm = page.getByRole('form', { name: 'Compute dividend form' });
    this.members = page.getByRole('table', { name: 'Dividend members' });
    this.summary = page.getByLabel('Dividend summary');
    this.saved = page.getByRole('table', { name: 'Saved dividends' });
    this.details = page.getByLabel('Dividend details');
    this.approveDialog = page.getByRole('dialog', { name: 'Approve dividend' });
    this.deleteDialog = page.getByRole('dialog', { name: 'Delete dividend' });
    this.payDialog = page.getByRole('dialog', { name: 'Pay dividend' });
  }

  async gotoCompute(): Promise<void> {
    await this.page.goto('/dividend-calculator/compute');
  }

  async gotoSaved(): Promise<void> {
    await this.page.goto('/dividend-calculator/saved');
  }

  field(label: string): Locator {
    return this.computeForm.getByLabel(label, { exact: true });
  }

  button(name: string): Locator {
    return this.computeForm.getByRole('button', { name, exact: true });
  }

  /** Fills the compute form (the date fields take YYYY/MM/DD as typed). */
  async fill(terms: ComputeTerms): Promise<void> {
    await this.field('From').fill(terms.from.replaceAll('-', '/'));
    await this.field('To').fill(terms.to.replaceAll('-', '/'));
    await this.field('X: savings %').fill(terms.x);
    await this.field('Y: loan interest paid %').fill(terms.y);
    await this.field('Dividend amount').fill(terms.amount);
  }

  async compute(): Promise<void> {
    await this.button('Compute').click();
  }

  summaryFigure(id: 'months' | 'amount' | 'x-percent' | 'y-percent' | 'savings-basis' | 'loan-basis'): Locator {
    return this.summary.getByTestId(`dividend-${id}`);
  }

  /** The totals line under the member lines. */
  totalsRow(): Locator {
    return this.members.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name: 'Total' }) });
  }

  async totals(): Promise<MemberLine> {
    return lineOf(await this.totalsRow().locator('th, td').allInnerTexts());
  }

  /** Every member line, page after page of the table (the totals lines left out). */
  async memberLines(): Promise<MemberLine[]> {
    const lines: MemberLine[] = [];
    for (;;) {
      await this.totalsRow().waitFor();
      const rows = this.members.locator('tbody tr');
      for (const row of await rows.all()) {
        const cells = await row.locator('th, td').allInnerTexts();
        if (cells[0]?.trim() !== 'Total') lines.push(lineOf(cells));
      }
      const next = this.page.getByRole('button', { name: 'Next page' });
      if ((await next.count()) === 0 || (await next.isDisabled())) return lines;
      await next.click();
    }
  }

  /** A row of the saved dividends whose text has all of `texts`. */
  savedRow(...texts: (string | RegExp)[]): Locator {
    return texts.reduce((rows, text) => rows.filter({ hasText: text }), this.saved.locator('tbody tr'));
  }

  /** The saved dividend's own page, from its period in the list. */
  async open(row: Locator): Promise<void> {
    await row.getByRole('link').first().click();
  }

  /** The status the saved dividend's page shows. */
  status(): Locator {
    return this.details.getByTestId('declaration-status');
  }

  headerButton(name: 'Approve' | 'Delete' | 'Pay'): Locator {
    return this.page.getByRole('button', { name, exact: true }).first();
  }

  async approve(): Promise<void> {
    await this.headerButton('Approve').click();
    await this.approveDialog.waitFor();
  }

  async confirmApprove(): Promise<void> {
    await this.approveDialog.getByRole('button', { name: 'Approve', exact: true }).click();
  }

  /** The payment's status on the saved dividend's page: Paying, Stopped or Paid. */
  paymentStatus(): Locator {
    return this.page.getByTestId('payment-status');
  }

  async pay(): Promise<void> {
    await this.headerButton('Pay').click();
    await this.payDialog.waitFor();
  }

  async confirmPay(): Promise<void> {
    await this.payDialog.getByRole('button', { name: 'Pay', exact: true }).click();
  }

  async deleteDraft(): Promise<void> {
    await this.headerButton('Delete').click();
    await this.deleteDialog.getByRole('button', { name: 'Delete', exact: true }).click();
  }
}
