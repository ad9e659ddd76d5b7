import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditAction } from '@coopledger/shared/audit';
import type { DayRange } from '../format/date-presets';
import { useSession } from '../session/use-session';
import { routeData, routeDownload } from './client';

/**
 * The audit trail (docs/decisions.md 2026-11-27 "Audit trail"): the Audit log of a cooperative (its
 * admins, and a super-admin switched into it) or of the platform (a super-admin at the platform), and
 * one record's History tab.
 */
export type { AuditChangeView as AuditChange, AuditRecordView as AuditRecord } from '@coopledger/shared/audit';

export interface AuditFilters {
  user?: string;
  entity?: string;
  action?: AuditAction;
  range: DayRange;
}

const auditQuery = ({ user, entity, action, range }: AuditFilters) => ({
  user: user || undefined,
  entity,
  action,
  start_date: range.start_date,
  end_date: range.end_date,
});

/** A cooperative's trail once one is chosen; the platform's for a super-admin at the platform. */
function useTrail() {
  const cooperative = useSession()?.activeCooperativeId ?? null;
  return {
    cooperative,
    route: cooperative === null ? ('GET /platform/audit-log' as const) : ('GET /cooperative/audit-log' as const),
  };
}

export function useAuditLog(filters: AuditFilters, page: number) {
  const { cooperative, route } = useTrail();
  return useQuery({
    queryKey: ['audit', cooperative, filters, page],
    queryFn: ({ signal }) => routeData(route, { query: { ...auditQuery(filters), page }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The same filters' records (at most 10,000) as .xlsx. */
export function useAuditDownload() {
  const { route } = useTrail();
  return (filters: AuditFilters) =>
    routeDownload(route, `audit-log-${new Date().toISOString().slice(0, 10)}.xlsx`, {
      query: { ...auditQuery(filters), download: true },
    });
}

/** One record's history, newest first: `entity` as the audit trail names it ('member', 'loans', …). */
export function useEntityHistory(entity: string, entityId: string, page: number) {
  const cooperative = useSession()?.activeCooperativeId ?? null;
  return useQuery({
    queryKey: ['audit', cooperative, 'history', entity, entityId, page],
    queryFn: ({ signal }) =>
      routeData('GET /cooperative/audit-log/history', { query: { entity, entity_id: entityId, page }, signal }),
    placeholderData: keepPreviousData,
    enabled: entityId !== '',
  });
}
