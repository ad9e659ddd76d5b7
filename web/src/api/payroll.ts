import type { QueryClient } from '@tanstack/react-query';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PayrollFilePeriod, PayrollRunView, ReconciliationStatus } from '@coopledger/shared/payroll-views';
import type { PayrollPeriodInput } from '@coopledger/shared/schemas/payroll';
import { useSession } from '../session/use-session';
import { routeData, routeDownload, routeRequest } from './client';

/**
 * Monthly payroll deductions (spec 001 sections 2, 5 and 7; functions/payroll): the payroll file
 * of a period to download, the same file with the amounts deducted to upload, and the runs that
 * upload starts, with their progress, error report, reconciliation and reversal.
 */
export type {
  PayrollFilePeriod,
  PayrollRowError,
  PayrollRunStatus,
  PayrollRunView,
  ReconciliationRowView,
  ReconciliationStatus,
  ReconciliationSummary,
  ReconciliationView,
} from '@coopledger/shared/payroll-views';

/** How often a run that is still working is asked for again. */
export const RUN_POLL_MS = 1000;

/** The active cooperative, part of every key so that switching cooperative never shows another's runs. */
const useCooperative = () => useSession()?.activeCooperativeId ?? null;

export const payrollKeys = {
  all: ['payroll'] as const,
  runs: (cooperative: string | null) => ['payroll', cooperative, 'runs'] as const,
  run: (cooperative: string | null, runId: string | null) => ['payroll', cooperative, 'run', runId] as const,
  reconciliation: (cooperative: string | null) => ['payroll', cooperative, 'reconciliation'] as const,
};

/**
 * Everything a posted or reversed run changes: the runs and reconciliations here, members'
 * savings and loans (and the lists built on them), the ledger's reports and the dashboards.
 */
function invalidateAfterRun(queryClient: QueryClient, cooperative: string | null) {
  const keys = [
    payrollKeys.runs(cooperative),
    payrollKeys.reconciliation(cooperative),
    ['loans'],
    ['loan-offsets'],
    ['savings'],
    ['savings-accounts'],
    ['members'],
    ['members-inactive'],
    ['transaction-orders'],
    ['reports'],
    ['platform-reports'],
    ['dashboard'],
  ];
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export function usePayrollRuns(page: number) {
  const cooperative = useCooperative();
  return useQuery({
    queryKey: [...payrollKeys.runs(cooperative), page],
    queryFn: ({ signal }) => routeData('GET /cooperative/monthly-deduction/runs', { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * One run, asked for every second while it works. When a run that was working is done, the
 * records it changed are read again (once: a done run is not polled).
 */
export function usePayrollRun(runId: string | null) {
  const cooperative = useCooperative();
  const queryClient = useQueryClient();
  const queryKey = payrollKeys.run(cooperative, runId);
  return useQuery({
    queryKey,
    queryFn: async ({ signal }) => {
      const before = queryClient.getQueryData<PayrollRunView>(queryKey);
      const run = await routeData('GET /cooperative/monthly-deduction/single', { query: { run_id: runId }, signal });
      // Not awaited, and never this run's own key: invalidating a query from inside its own fetch
      // would cancel that fetch and start it again.
      if (run.done && before && !before.done) void invalidateAfterRun(queryClient, cooperative);
      return run;
    },
    enabled: runId !== null,
    refetchInterval: (query) => (query.state.data?.done === false ? RUN_POLL_MS : false),
  });
}

/** The run a POST answered with goes straight into the cache, so following it starts from there. */
function useStartedRun() {
  const cooperative = useCooperative();
  const queryClient = useQueryClient();
  return (run: PayrollRunView) => {
    queryClient.setQueryData(payrollKeys.run(cooperative, run.id), run);
    return queryClient.invalidateQueries({ queryKey: payrollKeys.runs(cooperative) });
  };
}

export interface PayrollUploadBody extends PayrollPeriodInput {
  bank_id: string;
  file: File;
}

export function useUploadPayroll() {
  const started = useStartedRun();
  return useMutation({
    mutationFn: (input: PayrollUploadBody) => {
      const body = new FormData();
      body.append('start_date', input.start_date);
      body.append('end_date', input.end_date);
      body.append('repayment_type', input.repayment_type);
      body.append('bank_id', input.bank_id);
      body.append('file', input.file);
      return routeRequest('POST /cooperative/monthly-deduction/upload', { body });
    },
    onSuccess: (envelope) => started(envelope.data),
  });
}

/** What a chosen payroll file says it is (its Run sheet's period and type), before it is uploaded. */
export function inspectPayrollFile(file: File): Promise<PayrollFilePeriod> {
  const body = new FormData();
  body.append('file', file);
  return routeData('POST /cooperative/monthly-deduction/inspect', { body });
}

/** Only a cooperative-admin or a super-admin may (the route refuses accountants with a 403). */
export function useReversePayroll() {
  const started = useStartedRun();
  return useMutation({
    mutationFn: (runId: string) =>
      routeRequest('POST /cooperative/monthly-deduction/reverse', { body: { run_id: runId } }),
    onSuccess: (envelope) => started(envelope.data),
  });
}

export interface ReconciliationParams {
  page: number;
  query?: string;
  status?: ReconciliationStatus;
}

/** Nothing is asked until a run is opened. */
export function useReconciliation(runId: string | null, params: ReconciliationParams) {
  const cooperative = useCooperative();
  return useQuery({
    queryKey: [...payrollKeys.reconciliation(cooperative), runId, params],
    queryFn: ({ signal }) =>
      routeData('GET /cooperative/monthly-deduction/reconciliation', { query: { run_id: runId, ...params }, signal }),
    enabled: runId !== null,
    placeholderData: keepPreviousData,
  });
}

/** '{start}-{end}-monthly-payroll.xlsx', the name the spec gives the payroll file. */
export const payrollFileName = (period: Pick<PayrollPeriodInput, 'start_date' | 'end_date'>) =>
  `${period.start_date}-${period.end_date}-monthly-payroll.xlsx`;

export const errorReportFileName = (runId: string) => `payroll-errors-${runId}.xlsx`;

export const reconciliationFileName = (run: Pick<PayrollRunView, 'start_date' | 'end_date' | 'repayment_type'>) =>
  `payroll-reconciliation-${run.start_date}-${run.end_date}-${run.repayment_type}.xlsx`;

/** The payroll file of a period: each member's savings and loan installments due, to fill in. */
export const downloadPayroll = (period: PayrollPeriodInput) =>
  routeDownload('POST /cooperative/monthly-deduction/download', payrollFileName(period), {
    body: { start_date: period.start_date, end_date: period.end_date, repayment_type: period.repayment_type },
  });

/** The Row, Column, Message report of a refused (INVALID) file. */
export const downloadPayrollErrors = (runId: string) =>
  routeDownload('GET /cooperative/monthly-deduction/report', errorReportFileName(runId), { query: { run_id: runId } });

/** Every row of a run's reconciliation (with the screen's filters) as .xlsx. */
export const downloadReconciliation = (run: PayrollRunView, filters: Omit<ReconciliationParams, 'page'> = {}) =>
  routeDownload('GET /cooperative/monthly-deduction/reconciliation', reconciliationFileName(run), {
    query: { run_id: run.id, ...filters, download: true },
  });
