import { routeDownload } from './client';

/** What a statement is asked for: the period, the file kind, and the member (staff only: members get their own). */
export interface StatementRequest {
  start_date: string;
  end_date: string;
  format: 'pdf' | 'xlsx';
  /** The member staff download a statement of; left out, the signed-in member's own. */
  memberId?: string;
}

/** 'statement-DEMO0001-2026-01-01-to-2026-11-27.pdf', as the API names it. */
export const statementFileName = (memberId: string, request: StatementRequest) =>
  `statement-${memberId}-${request.start_date}-to-${request.end_date}.${request.format}`;

/**
 * Downloads a member statement (functions/members/statement.ts): staff name the member
 * (GET /cooperative/member/statement), a member downloads their own (GET /member/statement).
 */
export function downloadStatement(request: StatementRequest, ownMemberId: string): Promise<void> {
  const query = { start_date: request.start_date, end_date: request.end_date, format: request.format };
  return request.memberId
    ? routeDownload('GET /cooperative/member/statement', statementFileName(request.memberId, request), {
        query: { ...query, member_id: request.memberId },
      })
    : routeDownload('GET /member/statement', statementFileName(ownMemberId, request), { query });
}
