import type { HeadOfficeMeasure, HeadOfficeSummaryView } from '../../api/dividends';
import { HEAD_OFFICE_MEASURES } from '@coopledger/shared/dividend-views';
import { FIRST_SUMMARY_YEAR, lastSummaryYear } from '@coopledger/shared/schemas/dividends';
import { formatNaira } from '../../format/money';

/** The measures' names on the screens. */
export const MEASURE_LABELS: Record<HeadOfficeMeasure, string> = {
  savings_mobilised: 'Savings mobilised',
  loans_disbursed: 'Loans disbursed',
  new_members: 'New members',
  surplus: 'Surplus',
};

/** A measure's figure as shown: naira, or the count of members. */
export function measureText(measure: HeadOfficeMeasure, figure: number | string): string {
  return measure === 'new_members' ? Number(figure).toLocaleString('en-NG') : formatNaira(figure);
}

/** A percentage of target as shown; a dash with no target for the measure. */
export const percentText = (percent: number | null): string =>
  percent === null ? '—' : `${percent.toLocaleString('en-NG', { maximumFractionDigits: 2 })}%`;

export interface MeasureRow {
  measure: HeadOfficeMeasure;
  label: string;
  target: string;
  actual: string;
  percent: string;
}

/** The summary's table: a row per measure with its target ('Not set' before any), actual and percentage. */
export function measureRows(summary: HeadOfficeSummaryView): MeasureRow[] {
  return HEAD_OFFICE_MEASURES.map((measure) => ({
    measure,
    label: MEASURE_LABELS[measure],
    target: summary.targets ? measureText(measure, summary.targets[measure]) : 'Not set',
    actual: measureText(measure, summary.actuals[measure]),
    percent: percentText(summary.percent[measure]),
  }));
}

/** A measure in one cell (the platform's table): the actual, and its target and percentage when there is one. */
export function measureCell(summary: HeadOfficeSummaryView, measure: HeadOfficeMeasure): string {
  const actual = measureText(measure, summary.actuals[measure]);
  if (!summary.targets) return actual;
  const target = measureText(measure, summary.targets[measure]);
  const percent = summary.percent[measure];
  return percent === null ? `${actual} (no target)` : `${actual} of ${target} (${percentText(percent)})`;
}

/** The years a summary may be asked for, newest first: next year (to plan it), this one and the ten before it. */
export function summaryYears(): number[] {
  const last = lastSummaryYear();
  const years: number[] = [];
  for (let year = last; year >= Math.max(FIRST_SUMMARY_YEAR, last - 11); year--) years.push(year);
  return years;
}
