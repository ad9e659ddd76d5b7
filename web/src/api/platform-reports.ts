import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DayRange } from '../format/date-presets';
import { useSession } from '../session/use-session';
import { routeData, routeDownload } from './client';

/**
 * The consolidated report (every cooperative, for the platform's super-admin) and a cooperative's
 * analysis report (spec 001 sections 2 and 7).
 */
export type { AnalysisReport, ConsolidatedReport, ConsolidatedRow } from '@coopledger/shared/report-views';

export interface ConsolidatedParams extends DayRange {
  page: number;
}

/** A platform report: no cooperative is added, even while the super-admin is viewing one. */
export function useConsolidatedReport(params: ConsolidatedParams, enabled = true) {
  return useQuery({
    queryKey: ['platform-reports', 'consolidated', params],
    queryFn: ({ signal }) => routeData('GET /consolidated-report', { query: { ...params }, signal, scoped: false }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** 'consolidated-report-{timestamp}.xlsx', the name the API gives the download. */
export function consolidatedFileName(now: number = Date.now()): string {
  return `consolidated-report-${now}.xlsx`;
}

export function downloadConsolidatedReport(range: DayRange): Promise<void> {
  return routeDownload('GET /consolidated-report', consolidatedFileName(), {
    query: { ...range, download: true },
    scoped: false,
  });
}

export function useAnalysisReport(range: DayRange) {
  const cooperative = useSession()?.activeCooperativeId ?? null;
  return useQuery({
    queryKey: ['reports', cooperative, 'analysis', range],
    queryFn: ({ signal }) => routeData('GET /cooperative/reports/analysis', { query: { ...range }, signal }),
    placeholderData: keepPreviousData,
  });
}
