import type { NairaFigure } from './money.ts';
import type { AdminFeeType, DividendGlField } from './schemas/dividends.ts';

/** A GL account as the dividend screens name it. */
export interface DividendGlRef {
  code: string;
  name: string;
}

/** GET /cooperative/dividend/gl-setup: the saved setup (null until saved) and the accounts each field may take. */
export interface DividendGlSetupView {
  setup:
    | (Record<DividendGlField, DividendGlRef> & {
        updated_at: string;
        updated_by: string;
      })
    | null;
  /** The active accounts of the classes each field allows, by code. */
  choices: Record<DividendGlField, DividendGlRef[]>;
}

/** GET /cooperative/dividend/revenue-sharing: a period's surplus and how it would be shared (nothing is saved). */
export interface RevenueSharingView {
  from: string;
  to: string;
  reserve_percent: number;
  admin_fee_type: AdminFeeType;
  /** The admin fee as given: naira for an amount, the percentage for a percent. */
  admin_fee_given: NairaFigure;
  ratios: { savings: number; loan: number; other: number };
  /** Income of the period (the income statement's income). */
  total_revenue: NairaFigure;
  /** Direct and operating expenses of the period. */
  total_expenses: NairaFigure;
  /** Revenue less expenses (negative for a loss). */
  surplus: NairaFigure;
  statutory_reserve: NairaFigure;
  admin_fee: NairaFigure;
  /** What is left to share (the spec's net revenue). */
  distributable: NairaFigure;
  pools: { savings: NairaFigure; loan: NairaFigure; other: NairaFigure };
  /** The period has no surplus: nothing is shared. */
  no_surplus: boolean;
}
