import type { Locator, Page } from '@playwright/test';
import { chooseOption } from '../support/select';

/** The figures the revenue sharing shows, by their test ids (web/src/pages/dividends). */
export const SHARING_FIGURES = [
  'total-revenue',
  'total-expenses',
  'surplus',
  'statutory-reserve',
  'admin-fee',
  'net-revenue',
  'savings-pool',
  'loan-pool',
  'other-pool',
] as const;
export type SharingFigure = (typeof SHARING_FIGURES)[number];

export interface SharingTerms {
  /** YYYY-MM-DD */
  from: string;
  to: string;
  reserve: string;
  feeType: 'Amount' | 'Percent';
  fee: string;
  ratios: [string, string, string];
}

/** '₦1,234.50', '-₦12.00' or '₦0' as kobo. */
export function koboOf(text: string): bigint {
  const match = /^(-?)₦([\d,]+)(?:\.(\d{2}))?$/.exec(text.trim());
  if (!match) throw new Error(`Not a naira amount: ${text}`);
  const kobo = BigInt(match[2].replaceAll(',', '')) * 100n + BigInt(match[3] ?? '0');
  return match[1] ? -kobo : kobo;
}

/** /dividend-calculator/gl-setup: the GL setup form (or its read-only view) and the revenue sharing form. */
export class DividendGlSetupPage {
  readonly page: Page;
  readonly glForm: Locator;
  readonly glAccounts: Locator;
  readonly sharingForm: Locator;
  readonly sharing: Locator;

  constructor(page: Page) {
    this.page = page;
    this.glForm = page.getByRole('form', { name: 'GL setup form' });
    // The accountant's read-only view of the four accounts.
    this.glAccounts = page.getByLabel('Dividend GL accounts');
    this.sharingForm = page.getByRole('form', { name: 'Revenue sharing form' });
    this.sharing = page.getByLabel('Revenue sharing', { exact: true });
  }

  async goto(): Promise<void> {
    await this.page.goto('/dividend-calculator/gl-setup');
  }

  /** The select of a GL field by its label ('Provision for dividend GL'...). */
  glSelect(label: string): Locator {
    return this.glForm.getByRole('button', { name: new RegExp(`^${label}\\b`) });
  }

  async chooseGl(label: string, code: string): Promise<void> {
    await chooseOption(this.glForm, label, new RegExp(`^${code} `));
  }

  /** The options a GL select offers, as shown ('302002 Other Payables'). */
  async glOptions(label: string): Promise<string[]> {
    await this.glSelect(label).click();
    const options = this.page.getByRole('option');
    await options.first().waitFor();
    const texts = await options.allInnerTexts();
    await this.page.keyboard.press('Escape');
    // The selected option (a setup saved before) repeats its label on a second line for screen readers.
    return texts.map((text) => text.split('\n')[0].trim());
  }

  async save(): Promise<void> {
    await this.glForm.getByRole('button', { name: 'Save' }).click();
  }

  sharingField(label: string): Locator {
    return this.sharingForm.getByLabel(label, { exact: true });
  }

  /** Fills the revenue sharing form and presses Calculate. */
  async calculate(terms: SharingTerms): Promise<void> {
    await this.sharingField('From').fill(terms.from.replaceAll('-', '/'));
    await this.sharingField('To').fill(terms.to.replaceAll('-', '/'));
    await this.sharingField('Statutory reserve %').fill(terms.reserve);
    await chooseOption(this.sharingForm, 'Admin fee type', terms.feeType);
    await this.sharingField('Admin fee').fill(terms.fee);
    await this.sharingField('Savings ratio %').fill(terms.ratios[0]);
    await this.sharingField('Loan ratio %').fill(terms.ratios[1]);
    await this.sharingField('Other ratio %').fill(terms.ratios[2]);
    await this.sharingForm.getByRole('button', { name: 'Calculate' }).click();
  }

  figure(name: SharingFigure): Locator {
    return this.sharing.getByTestId(`sharing-${name}`);
  }

  /** Every figure shown, in kobo. */
  async figures(): Promise<Record<SharingFigure, bigint>> {
    const entries = await Promise.all(
      SHARING_FIGURES.map(async (name) => [name, koboOf(await this.figure(name).innerText())] as const),
    );
    return Object.fromEntries(entries) as Record<SharingFigure, bigint>;
  }
}
