import type { DayRange } from '../../format/date-presets';
import { toApiDate } from '../../format/dates';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'Mar 2026' for the API's YYYY-MM month; anything else as it came. */
export function monthLabel(month: string): string {
  const match = /^(\d{4})-(\d{2})/.exec(month);
  if (!match) return month;
  return `${MONTHS[Number(match[2]) - 1] ?? match[2]} ${match[1]}`;
}

/** '1-30 days', '90+ days': how late the oldest unpaid installment is. */
export const bucketLabel = (bucket: string) => `${bucket} days`;

/** 'Running', 'Paid off': a loan status as the API names it, readable. */
export function statusLabel(status: string): string {
  const words = status.replace(/[_-]+/g, ' ').trim().toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : status;
}

/** The analysis report opens on the last twelve months: the first day of the month 11 months ago to today. */
export function lastTwelveMonths(today: Date = new Date()): DayRange {
  return { start_date: toApiDate(new Date(today.getFullYear(), today.getMonth() - 11, 1)), end_date: toApiDate(today) };
}

export const percent = (value: number) => `${value.toLocaleString('en-NG', { maximumFractionDigits: 2 })}%`;
