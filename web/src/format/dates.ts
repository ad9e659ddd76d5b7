import { formatDate, today } from '@coopledger/shared/dates';

/**
 * The one place dates are formatted, in the spec's formats (document 1 section 9, document 2
 * section 9). Timestamps are shown in the reader's local time; a bare date (YYYY-MM-DD) is a
 * calendar day and is never shifted by a time zone.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export type DateInput = Date | string | number | null | undefined;

const pad = (value: number) => String(value).padStart(2, '0');

export function toDate(input: DateInput): Date | null {
  if (input === null || input === undefined || input === '') return null;
  if (input instanceof Date) return Number.isNaN(input.getTime()) ? null : input;
  if (typeof input === 'string') {
    const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(input);
    if (day) return new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3]));
  }
  const date = new Date(input);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 1st, 2nd, 3rd, 4th ... 11th, 12th, 13th ... 21st */
export function ordinal(day: number): string {
  const teen = day % 100 >= 11 && day % 100 <= 13;
  const suffix = teen ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th');
  return `${day}${suffix}`;
}

function hour12(date: Date): { hour: number; meridiem: string } {
  const hours = date.getHours();
  return { hour: hours % 12 === 0 ? 12 : hours % 12, meridiem: hours < 12 ? 'am' : 'pm' };
}

const EMPTY = '—';

function format(input: DateInput, render: (date: Date) => string): string {
  const date = toDate(input);
  return date ? render(date) : EMPTY;
}

/** 'DD MMM, YYYY' (dashboards): 05 Jan, 2024 */
export const formatDashboardDate = (input: DateInput) =>
  format(input, (d) => `${pad(d.getDate())} ${MONTHS[d.getMonth()]}, ${d.getFullYear()}`);

/** 'DD MMM YYYY' (elections, lists): 05 Jan 2024 */
export const formatDay = (input: DateInput) =>
  format(input, (d) => `${pad(d.getDate())} ${MONTHS[d.getMonth()]} ${d.getFullYear()}`);

const isCalendarDay = (input: DateInput) => typeof input === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(input);
const ordinalDay = (d: Date) => `${ordinal(d.getDate())} ${MONTHS[d.getMonth()]} ${d.getFullYear()}`;

/**
 * 'Do MMM YYYY, h:mma' (created and transaction dates): 1st Jan 2024, 9:05am. A bare date has no
 * time of day, so it is shown as the day alone (1st Jan 2024) rather than as midnight.
 */
export const formatDateTime = (input: DateInput) =>
  format(input, (d) => {
    if (isCalendarDay(input)) return ordinalDay(d);
    const { hour, meridiem } = hour12(d);
    return `${ordinalDay(d)}, ${hour}:${pad(d.getMinutes())}${meridiem}`;
  });

/** 'h:mma' (chat messages of today): 9:05am */
export const formatTime = (input: DateInput) =>
  format(input, (d) => {
    const { hour, meridiem } = hour12(d);
    return `${hour}:${pad(d.getMinutes())}${meridiem}`;
  });

/** '1st Jan 2024, hh:mma' (member transactions): 1st Jan 2024, 09:05am; a bare date as the day alone. */
export const formatTransactionDate = (input: DateInput) =>
  format(input, (d) => {
    if (isCalendarDay(input)) return ordinalDay(d);
    const { hour, meridiem } = hour12(d);
    return `${ordinalDay(d)}, ${pad(hour)}:${pad(d.getMinutes())}${meridiem}`;
  });

/** 'DD/MM/YYYY' (ledger) */
export const formatLedgerDate = (input: DateInput) =>
  format(input, (d) => `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`);

/** 'YYYY-MM-DD': how dates are sent to the API. */
export const toApiDate = (input: DateInput) =>
  format(input, (d) => formatDate(d.getFullYear(), d.getMonth() + 1, d.getDate()));

/**
 * A date picker's `isDateEnabled` for a date that may not be after today as the server counts it
 * (shared/src/dates.ts today: the business date in Lagos, whatever the reader's time zone).
 */
export const notAfterToday = (day: Date): boolean => toApiDate(day) <= today();
