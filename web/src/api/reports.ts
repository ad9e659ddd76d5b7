import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DayRange } from '../format/date-presets';
import { useSession } from '../session/use-session';
import type { Query } from './client';
import { routeData, routeDownload } from './client';

/**
 * The financial reports (spec document 1, sections 2, 3 and 7): trial balance, ledger statement,
 * income statement, balance sheet with its account breakdown, and member balances. Every report
 * is read for the active cooperative, which the client adds as cooperative_id; it is part of each
 * key so that switching cooperative never shows the previous one's figures.
 */
export const REPORT_ROUTES = {
  trialBalance: 'GET /cooperative/reports/trial-balance',
  ledgerStatement: 'GET /cooperative/reports/get-ledger-statement',
  incomeStatement: 'GET /cooperative/reports/income-statement',
  balanceSheet: 'GET /cooperative/reports/balance-sheet',
  accountStatement: 'GET /cooperative/reports/get-account-statement',
  memberBalance: 'GET /cooperative/reports/member-balance',
} as const;

export type ReportRoute = (typeof REPORT_ROUTES)[keyof typeof REPORT_ROUTES];

export interface LedgerStatementParams extends DayRange {
  ledger_code: string;
}

export interface MemberBalanceParams {
  query?: string;
  page: number;
}

function useReportKey(): readonly unknown[] {
  return ['reports', useSession()?.activeCooperativeId ?? null];
}

export function useTrialBalance(range: DayRange) {
  const key = useReportKey();
  return useQuery({
    queryKey: [...key, 'trial-balance', range],
    queryFn: ({ signal }) => routeData(REPORT_ROUTES.trialBalance, { query: { ...range }, signal }),
  });
}

/** Nothing is asked until an account is chosen. */
export function useLedgerStatement(params: LedgerStatementParams | null) {
  const key = useReportKey();
  return useQuery({
    queryKey: [...key, 'ledger-statement', params],
    queryFn: ({ signal }) => routeData(REPORT_ROUTES.ledgerStatement, { query: { ...params }, signal }),
    enabled: params !== null,
  });
}

export function useIncomeStatement(range: DayRange) {
  const key = useReportKey();
  return useQuery({
    queryKey: [...key, 'income-statement', range],
    queryFn: ({ signal }) => routeData(REPORT_ROUTES.incomeStatement, { query: { ...range }, signal }),
  });
}

export function useBalanceSheet(range: DayRange) {
  const key = useReportKey();
  return useQuery({
    queryKey: [...key, 'balance-sheet', range],
    queryFn: ({ signal }) => routeData(REPORT_ROUTES.balanceSheet, { query: { ...range }, signal }),
  });
}

/** The accounts of one sub-category, for the breakdown modal; nothing until a row is opened. */
export function useAccountStatement(subcategoryId: string | null, range: DayRange) {
  const key = useReportKey();
  return useQuery({
    queryKey: [...key, 'account-statement', subcategoryId, range],
    queryFn: ({ signal }) =>
      routeData(REPORT_ROUTES.accountStatement, { query: { subcategory_id: subcategoryId, ...range }, signal }),
    enabled: subcategoryId !== null,
  });
}

export function useMemberBalances(params: MemberBalanceParams) {
  const key = useReportKey();
  return useQuery({
    queryKey: [...key, 'member-balance', params],
    queryFn: ({ signal }) => routeData(REPORT_ROUTES.memberBalance, { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** 'cooperative-report-{timestamp}.xlsx', the name the spec gives every report download. */
export function reportFileName(now: number = Date.now()): string {
  return `cooperative-report-${now}.xlsx`;
}

/** A report as .xlsx, with the same filters the screen shows. */
export function downloadReport(route: ReportRoute, filters: Query): Promise<void> {
  return routeDownload(route, reportFileName(), { query: { ...filters, download: true } });
}
