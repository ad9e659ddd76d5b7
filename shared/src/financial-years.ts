import { addDays, addMonths, formatDate } from './dates.ts';

/**
 * A cooperative's financial years (docs/decisions.md 2026-11-27 "Year-end close"). A year starts on
 * the first day of the cooperative's start month (1 = January, the default) and ends the day before
 * the next one starts; a year is named by its last day.
 */
export const DEFAULT_YEAR_START_MONTH = 1;

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** A stored start month, or the default when unset or not 1 to 12. */
export function yearStartMonth(value: unknown): number {
  const month = Number(value);
  return Number.isInteger(month) && month >= 1 && month <= 12 ? month : DEFAULT_YEAR_START_MONTH;
}

export interface FinancialYearRange {
  start: string;
  end: string;
}

/** The financial year that holds `date` (YYYY-MM-DD). */
export function financialYearOf(date: string, startMonth: number): FinancialYearRange {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const start = formatDate(month >= startMonth ? year : year - 1, startMonth, 1);
  return { start, end: addDays(addMonths(start, 12), -1) };
}

/** The year after `year`. */
export const nextFinancialYear = (year: FinancialYearRange, startMonth: number): FinancialYearRange =>
  financialYearOf(addDays(year.end, 1), startMonth);

/** The year before `year`. */
export const previousFinancialYear = (year: FinancialYearRange, startMonth: number): FinancialYearRange =>
  financialYearOf(addDays(year.start, -1), startMonth);

/** The message of a posting dated in a closed year (posting-rules.ts postingDateIssue). */
export const closedYearMessage = (closedThrough: string) =>
  `The financial year ending ${closedThrough} is closed; postings dated on or before it are not accepted`;
