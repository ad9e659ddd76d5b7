import { formatDate, today } from '@coopledger/shared/dates';

/**
 * The one place dates are formatted: one format for a day and one for a moment, wherever they
 * appear (the spec's screens showed several; docs/decisions.md 2026-11-28 "Dates"). Timestamps
 * are shown in the reader's local time; a bare date (YYYY-MM-DD) is a calendar day and is never
 * shifted by a time zone.
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

function hour12(date: Date): { hour: number; meridiem: string } {
  const hours = date.getHours();
  return { hour: hours % 12 === 0 ? 12 : hours % 12, meridiem: hours < 12 ? 'am' : 'pm' };
}

const EMPTY = '—';

function format(input: DateInput, render: (date: Date) => string): string {
  const date = toDate(input);
  return date ? render(date) : EMPTY;
}

/**
 * The app shows a day one way and a moment one way, everywhere (lists, dashboards, statements,
 * chat): a day as 'DD MMM YYYY' (05 Jan 2024), a moment as the day and its time, 'DD MMM YYYY,
 * h:mma' (05 Jan 2024, 9:05am).
 */
export const formatDay = (input: DateInput) =>
  format(input, (d) => `${pad(d.getDate())} ${MONTHS[d.getMonth()]} ${d.getFullYear()}`);

const isCalendarDay = (input: DateInput) => typeof input === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(input);

/** A moment: 05 Jan 2024, 9:05am. A bare date has no time of day, so it is shown as the day alone. */
export const formatDateTime = (input: DateInput) =>
  format(input, (d) => {
    if (isCalendarDay(input)) return formatDay(d);
    const { hour, meridiem } = hour12(d);
    return `${formatDay(d)}, ${hour}:${pad(d.getMinutes())}${meridiem}`;
  });

/** 'h:mma' (chat messages of today): 9:05am */
export const formatTime = (input: DateInput) =>
  format(input, (d) => {
    const { hour, meridiem } = hour12(d);
    return `${hour}:${pad(d.getMinutes())}${meridiem}`;
  });

/** 'YYYY-MM-DD': how dates are sent to the API. */
export const toApiDate = (input: DateInput) =>
  format(input, (d) => formatDate(d.getFullYear(), d.getMonth() + 1, d.getDate()));

/**
 * A date picker's `isDateEnabled` for a date that may not be after today as the server counts it
 * (shared/src/dates.ts today: the business date in Lagos, whatever the reader's time zone).
 */
export const notAfterToday = (day: Date): boolean => toApiDate(day) <= today();
