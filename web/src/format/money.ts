import type { NairaFigure } from '@coopledger/shared/money';
import { figureKobo, nairaFigure, sumKobo } from '@coopledger/shared/money';

const NAIRA = '\u20A6';

const twoDecimals = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** A decimal string as it is (Intl formats numeric strings exactly); anything else as a number. */
const exactly = (value: number | string) => (typeof value === 'string' ? (value.trim() as `${number}`) : value);

/**
 * The one way an amount in naira is shown: '₦1,234.50', and '₦0' for zero (spec section 9).
 * The API sends naira as numbers or, for totals too large for a number to hold exactly, as decimal
 * text (shared/src/money.ts `NairaFigure`), shown to the kobo; a missing amount is shown as zero
 * because the server omits totals that have nothing in them.
 */
export function formatNaira(amount: number | string | null | undefined): string {
  const value = amount ?? 0;
  if (typeof value === 'string' ? !/^\s*-?\d+(\.\d+)?\s*$/.test(value) : !Number.isFinite(value)) return '\u2014';
  const negative = typeof value === 'string' ? value.trim().startsWith('-') : value < 0;
  const magnitude = typeof value === 'string' ? value.trim().replace(/^-/, '') : Math.abs(value);
  const text = twoDecimals.format(exactly(magnitude));
  // Anything that rounds to 0.00 is zero for the reader, so it gets the zero form.
  if (text === '0.00') return `${NAIRA}0`;
  return negative ? `-${NAIRA}${text}` : `${NAIRA}${text}`;
}

/** Naira figures added up to the kobo, however large (the reports' group rows and totals). */
export const addFigures = (figures: readonly NairaFigure[]): NairaFigure =>
  nairaFigure(sumKobo(figures.map((f) => figureKobo(f) ?? 0n)));

/** a − b to the kobo. */
export const subtractFigures = (a: NairaFigure, b: NairaFigure): NairaFigure =>
  nairaFigure((figureKobo(a) ?? 0n) - (figureKobo(b) ?? 0n));

/** A figure as a number, for charts and comparisons where a kobo does not matter. */
export const figureNumber = (figure: NairaFigure | null | undefined): number => Number(figure ?? 0);
