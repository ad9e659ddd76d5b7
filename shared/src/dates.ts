/**
 * Calendar dates, the one place (docs/decisions.md, 2026-11-26). A date is ISO text, YYYY-MM-DD
 * (a month YYYY-MM): it names a day, not an instant, so no time zone shifts it. The arithmetic
 * reads and writes that text; a Date is used only inside, on its UTC fields, through utcDay (not
 * Date.UTC, which reads the years 0 to 99 as 1900 to 1999).
 */

/** Cooperatives work in Nigerian time (UTC+1, no daylight saving): "today" is the date there. */
export const BUSINESS_TIME_ZONE = 'Africa/Lagos';

const businessFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar date (YYYY-MM-DD) in the business time zone at an instant (now by default). */
export function businessDate(at: Date | string = new Date()): string {
  return businessFormat.format(typeof at === 'string' ? new Date(at) : at);
}

/**
 * Today: the business date now. The one "today" of the platform: the server's default dates, date
 * rules and election days, the web's form defaults and date bounds, the local seed.
 */
export const today = (): string => businessDate();

/** The UTC calendar date of an instant (an Excel cell's date is its UTC midnight). */
export const utcDate = (at: Date): string => formatDate(at.getUTCFullYear(), at.getUTCMonth() + 1, at.getUTCDate());

const pad2 = (value: number) => String(value).padStart(2, '0');

/** YYYY-MM-DD of a year, a month (1 to 12) and a day. */
export const formatDate = (year: number, month: number, day: number): string =>
  `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`;

const DATE_SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH_SHAPE = /^\d{4}-(0[1-9]|1[0-2])$/;

const isLeapYear = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** The number of days of a month (1 to 12) of a year. */
export function daysInMonth(year: number, month: number): number {
  return month === 2 ? (isLeapYear(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** A real calendar date written YYYY-MM-DD: 2024-02-29 is one, 2026-02-30 and 2100-02-29 are not. */
export function isCalendarDate(value: unknown): boolean {
  const match = typeof value === 'string' ? DATE_SHAPE.exec(value) : null;
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** A month written YYYY-MM (01 to 12). */
export const isCalendarMonth = (value: unknown): boolean => typeof value === 'string' && MONTH_SHAPE.test(value);

const DATE_FORMAT_MESSAGE = 'Use the date format YYYY-MM-DD';
const INVALID_DATE_MESSAGE = 'This is not a valid date';

/** The field message for text that is not a calendar date: the shape first, then the day itself. */
export function dateIssue(value: string): string | undefined {
  if (!DATE_SHAPE.test(value)) return DATE_FORMAT_MESSAGE;
  return isCalendarDate(value) ? undefined : INVALID_DATE_MESSAGE;
}

/** The year, month (1 to 12) and day of a YYYY-MM-DD date (or of a YYYY-MM month, day 1). */
function dateParts(date: string): { year: number; month: number; day: number } {
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)), day: Number(date.slice(8, 10)) || 1 };
}

/** A UTC Date of a year, month and day that may overflow (day 0, month 13): it rolls over. */
function utcDay(year: number, month: number, day: number): Date {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date;
}

/** `days` days after `date` (before it when negative). */
export function addDays(date: string, days: number): string {
  const { year, month, day } = dateParts(date);
  return utcDate(utcDay(year, month, day + days));
}

/** Days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const a = dateParts(from);
  const b = dateParts(to);
  return Math.round((utcDay(b.year, b.month, b.day).getTime() - utcDay(a.year, a.month, a.day).getTime()) / 86_400_000);
}

/**
 * The date `months` months after `date` (before it when negative), on the same day of the month,
 * clamped to the month's end: 31 January plus one month is 28 (or 29) February. Adding to the first
 * date each time, never to the previous result, keeps the 31st: 31 January plus two months is 31 March.
 */
export function addMonths(date: string, months: number): string {
  const { year, month, day } = dateParts(date);
  const index = month - 1 + months;
  const y = year + Math.floor(index / 12);
  const m = (((index % 12) + 12) % 12) + 1;
  return formatDate(y, m, Math.min(day, daysInMonth(y, m)));
}

/** The same day `years` years after `date` (before it when negative); 29 February becomes 28 February. */
export const addYears = (date: string, years: number): string => addMonths(date, years * 12);

/** The same calendar day a year earlier (29 February becomes 28 February). */
export const yearBefore = (date: string): string => addYears(date, -1);

/** The last day (YYYY-MM-DD) of the month of a YYYY-MM month or a YYYY-MM-DD date. */
export function lastDayOfMonth(monthOrDate: string): string {
  const { year, month } = dateParts(monthOrDate);
  return formatDate(year, month, daysInMonth(year, month));
}

/** The month (YYYY-MM) after a YYYY-MM month. */
export const nextMonth = (month: string): string => addMonths(month, 1).slice(0, 7);

/** The month (YYYY-MM) before a YYYY-MM month. */
export const previousMonth = (month: string): string => addMonths(month, -1).slice(0, 7);
