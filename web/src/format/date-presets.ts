/**
 * The period presets of the transaction lists (spec document 1, section 2: Current Month, Last
 * Month, Last 30 Days, Current Year, Last Year). A preset is a pair of calendar days, both
 * included, in the reader's local calendar; the API takes them as start_date and end_date.
 */
import { toApiDate } from './dates';

export const DATE_PRESETS = [
  { id: 'current-month', label: 'Current Month' },
  { id: 'last-month', label: 'Last Month' },
  { id: 'last-30-days', label: 'Last 30 Days' },
  { id: 'current-year', label: 'Current Year' },
  { id: 'last-year', label: 'Last Year' },
] as const;

export type DatePresetId = (typeof DATE_PRESETS)[number]['id'];

/** A period as the API takes it: YYYY-MM-DD days, both included. */
export interface DayRange {
  start_date: string;
  end_date: string;
}

const day = (year: number, month: number, date: number) => toApiDate(new Date(year, month, date));

export function presetRange(preset: DatePresetId, today: Date = new Date()): DayRange {
  const year = today.getFullYear();
  const month = today.getMonth();
  switch (preset) {
    case 'current-month':
      return { start_date: day(year, month, 1), end_date: day(year, month + 1, 0) };
    case 'last-month':
      return { start_date: day(year, month - 1, 1), end_date: day(year, month, 0) };
    case 'last-30-days':
      return { start_date: day(year, month, today.getDate() - 29), end_date: day(year, month, today.getDate()) };
    case 'current-year':
      return { start_date: day(year, 0, 1), end_date: day(year, 11, 31) };
    case 'last-year':
      return { start_date: day(year - 1, 0, 1), end_date: day(year - 1, 11, 31) };
  }
}

/** The preset a range equals today, if any (a custom range shows no preset). */
export function presetOf(range: DayRange, today: Date = new Date()): DatePresetId | null {
  const match = DATE_PRESETS.find(({ id }) => {
    const candidate = presetRange(id, today);
    return candidate.start_date === range.start_date && candidate.end_date === range.end_date;
  });
  return match ? match.id : null;
}
