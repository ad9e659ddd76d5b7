import { addYears, dateIssue } from './dates.ts';

/**
 * The period of a member statement (docs/decisions.md 2026-11-27 "Member statements"): `start_date`
 * and `end_date` (YYYY-MM-DD, both inclusive), both required, the end not before the start nor after
 * today, and shorter than STATEMENT_MAX_YEARS years. The API and the web's statement dialog check a
 * period with this one rule.
 */
export const STATEMENT_MAX_YEARS = 5;

export interface StatementPeriodQuery {
  start_date?: string;
  end_date?: string;
}

/** What is wrong with a period, on the field to mark; undefined when a statement may be made of it. */
export function statementPeriodIssue(
  period: StatementPeriodQuery,
  today: string,
): { field: 'start_date' | 'end_date'; message: string } | undefined {
  const start = period.start_date?.trim() ?? '';
  const end = period.end_date?.trim() ?? '';
  if (!start) return { field: 'start_date', message: 'This field is required' };
  const startIssue = dateIssue(start);
  if (startIssue) return { field: 'start_date', message: startIssue };
  if (!end) return { field: 'end_date', message: 'This field is required' };
  const endIssue = dateIssue(end);
  if (endIssue) return { field: 'end_date', message: endIssue };
  if (end < start) return { field: 'end_date', message: 'The end date must not be before the start date' };
  if (end > today) return { field: 'end_date', message: 'The end date must not be after today' };
  if (end >= addYears(start, STATEMENT_MAX_YEARS))
    return { field: 'end_date', message: `A statement covers at most ${STATEMENT_MAX_YEARS} years` };
  return undefined;
}
