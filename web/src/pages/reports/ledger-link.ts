import type { DayRange } from '../../format/date-presets';

export const LEDGER_STATEMENT_PATH = '/reports/ledger-statement';

/** Where an account's ledger statement for a period opens: /reports/ledger-statement?code=&start=&end=. */
export function ledgerStatementHref(code: string, range: DayRange): string {
  const params = new URLSearchParams({ code, start: range.start_date, end: range.end_date });
  return `${LEDGER_STATEMENT_PATH}?${params.toString()}`;
}
