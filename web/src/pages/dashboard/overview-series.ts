import type { NairaFigure } from '@coopledger/shared/money';
import type { MonthFigures } from '../../api/dashboard';
import { addFigures } from '../../format/money';

/** The chart's months, January to December (spec 000 section 2: Transactions Overview). */
export const MONTH_NAMES = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

export interface OverviewSeries {
  categories: string[];
  /** Naira per month, index 0 is January. */
  deposits: number[];
  withdrawals: number[];
}

const amountOf = (value: number | string | undefined): number => {
  const n = typeof value === 'string' ? Number(value) : (value ?? 0);
  return Number.isFinite(n) ? n : 0;
};

/** The month (0 to 11) a figure is for: its YYYY-MM period, else its short name. */
function monthIndex(figure: MonthFigures): number {
  const period = /^\d{4}-(\d{2})$/.exec(figure.period ?? '');
  if (period) return Number(period[1]) - 1;
  return MONTH_NAMES.findIndex((name) => name.toLowerCase() === String(figure.month).slice(0, 3).toLowerCase());
}

/**
 * The two bar series of the Transactions Overview from the API's monthly figures: always twelve
 * months in calendar order, a month the API left out is zero, and amounts sent as text are read
 * as numbers.
 */
export function overviewSeries(overview: readonly MonthFigures[] | undefined): OverviewSeries {
  const deposits = MONTH_NAMES.map(() => 0);
  const withdrawals = MONTH_NAMES.map(() => 0);
  for (const figure of overview ?? []) {
    const index = monthIndex(figure);
    if (index < 0 || index > 11) continue;
    deposits[index] = amountOf(figure.deposits);
    withdrawals[index] = amountOf(figure.withdrawals);
  }
  return { categories: [...MONTH_NAMES], deposits, withdrawals };
}

/**
 * The year's deposits and withdrawals, added to the kobo from the API's figures however large
 * (addFigures), for the months the chart shows: the chart's own numbers may round.
 */
export function overviewTotals(overview: readonly MonthFigures[] | undefined): {
  deposits: NairaFigure;
  withdrawals: NairaFigure;
} {
  const byMonth = new Map<number, MonthFigures>();
  for (const figure of overview ?? []) {
    const index = monthIndex(figure);
    if (index >= 0 && index <= 11) byMonth.set(index, figure);
  }
  const months = [...byMonth.values()];
  return {
    deposits: addFigures(months.map((m) => m.deposits)),
    withdrawals: addFigures(months.map((m) => m.withdrawals)),
  };
}

const NAIRA = '\u20A6';
const UNITS: [number, string][] = [
  [1e12, 'T'],
  [1e9, 'B'],
  [1e6, 'M'],
  [1e3, 'K'],
];

/** A naira axis tick, short enough for the axis: ₦0, ₦750, ₦1.5K, ₦2.25M. */
export function formatNairaTick(value: number | null): string {
  if (value === null || !Number.isFinite(value)) return '';
  const abs = Math.abs(value);
  const sign = value < 0 ? '-' : '';
  for (const [size, unit] of UNITS) {
    // Rounded first, so 999,999 reads ₦1M and not ₦1000K.
    const scaled = Number((abs / size).toFixed(2));
    if (scaled >= 1) return `${sign}${NAIRA}${scaled}${unit}`;
  }
  return `${sign}${NAIRA}${Number(abs.toFixed(2))}`;
}
