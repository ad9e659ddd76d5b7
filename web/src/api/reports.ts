import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page } from '@coopledger/shared/envelope';
import type {
  AccountStatement,
  BalanceSheet,
  IncomeStatement,
  LedgerStatement,
  MemberBalanceRow,
  TrialBalanceReport,
} from '@coopledger/shared/report-views';
import type { DayRange } from '../format/date-presets';
import { useSession } from '../session/use-session';
import type { Query } from './client';
import { apiData, apiDownload } from './client';

/**
 * The financial reports (spec document 1, sections 2, 3 and 7): trial balance, ledger statement,
 * income statement, balance sheet with its account breakdown, and member balances. Every report
 * is read for the active cooperative, which the client adds as cooperative_id; it is part of each
 * key so that switching cooperative never shows the previous one's figures.
 */
export const REPORT_PATHS = {
  trialBalance: '/cooperative/reports/trial-balance',
  ledgerStatement: '/cooperative/reports/get-ledger-statement',
  incomeStatement: '/cooperative/reports/income-statement',
  balanceSheet: '/cooperative/reports/balance-sheet',
  accountStatement: '/cooperative/reports/get-account-statement',
  memberBalance: '/cooperative/reports/member-balance',
} as const;

export type ReportPath = (typeof REPORT_PATHS)[keyof typeof REPORT_PATHS];

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
    queryFn: ({ signal }) => apiData<TrialBalanceReport>(REPORT_PATHS.trialBalance, { query: { ...range }, signal }),
  });
}

/** Nothing is asked until an account is chosen. */
export function useLedgerStatement(params: LedgerStatementParams | null) {
  const key = useReportKey();
  return useQuery({
    queryKey: [...key, 'ledger-statement', params],
    queryFn: ({ signal }) => apiData<LedgerStatement>(REPORT_PATHS.ledgerStatement, { query: { ...params }, signal }),
    enabled: params !== null,
  });
}

export function useIncomeStatement(range: DayRange) {
  const key = useReportKey();
  return useQuery({
    queryKey: [...key, 'income-statement', range],
    queryFn: ({ signal }) => apiData<IncomeStatement>(REPORT_PATHS.incomeStatement, { query: { ...range }, signal }),
  });
}

export function useBalanceSheet(range: DayRange) {
  const key = useReportKey();
  return useQuery({
    queryKey: [...key, 'balance-sheet', range],
    queryFn: ({ signal }) => apiData<BalanceSheet>(REPORT_PATHS.balanceSheet, { query: { ...range }, signal }),
  });
}

/** The accounts of one sub-category, for the breakdown modal; nothing until a row is opened. */
export function useAccountStatement(subcategoryId: string | null, range: DayRange) {
  const key = useReportKey();
  return useQuery({
    queryKey: [...key, 'account-statement', subcategoryId, range],
    queryFn: ({ signal }) =>
      apiData<AccountStatement>(REPORT_PATHS.accountStatement, { query: { subcategory_id: subcategoryId, ...range }, signal }),
    enabled: subcategoryId !== null,
  });
}

export function useMemberBalances(params: MemberBalanceParams) {
  const key = useReportKey();
  return useQuery({
    queryKey: [...key, 'member-balance', params],
    queryFn: ({ signal }) => apiData<Page<MemberBalanceRow>>(REPORT_PATHS.memberBalance, { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** 'cooperative-report-{timestamp}.xlsx', the name the spec gives every report download. */
export function reportFileName(now: number = Date.now()): string {
  return `cooperative-report-${now}.xlsx`;
}

/** A report as .xlsx, with the same filters the screen shows. */
export function downloadReport(path: ReportPath, filters: Query): Promise<void> {
  return apiDownload(path, reportFileName(), { query: { ...filters, download: true } });
}
