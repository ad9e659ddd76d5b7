import { auditHistorySchema, auditQuerySchema } from '@coopledger/shared/schemas/audit';
import type { AuditRecordView } from '@coopledger/shared/audit';
import type { RequestContext } from '#core/handler';
import { domainHandler, signedIn } from '#core/handler';
import type { RouteResult } from '#core/http';
import { ok, wantsDownload } from '#core/http';
import { invalid } from '#core/errors';
import { XLSX_CONTENT_TYPE } from '#core/import-files';
import { pageRequest } from '#core/list-page';
import { tableWorkbook } from '#core/workbook';
import type { TableColumn } from '#core/workbook';
import { validate } from '#core/validation';
import { auditPage, auditRecords } from './audit-entity.ts';

/** The most records one download holds; a longer trail is downloaded a shorter period at a time. */
const MAX_DOWNLOAD_ROWS = 10_000;

/** A change as one line of text: `MEMBER status: 1 → 0; phone: 080… → 081…`. */
const changeText = (record: AuditRecordView) =>
  record.changes
    .map((change) => {
      const fields = [...new Set([...Object.keys(change.before), ...Object.keys(change.after)])];
      const shown = (value: unknown) => (value === undefined ? '—' : JSON.stringify(value));
      return `${change.kind} ${fields.map((f) => `${f}: ${shown(change.before[f])} → ${shown(change.after[f])}`).join('; ')}`;
    })
    .join('\n');

const COLUMNS: TableColumn<AuditRecordView>[] = [
  { header: 'When (UTC)', width: 22, value: (r) => r.at.replace('T', ' ').slice(0, 19) },
  { header: 'User', width: 18, value: (r) => r.user },
  { header: 'Role', width: 22, value: (r) => r.role },
  { header: 'Action', width: 14, value: (r) => r.action_label },
  { header: 'Entity', width: 24, value: (r) => r.entity },
  { header: 'Id', width: 28, value: (r) => r.entity_id },
  { header: 'Changes', width: 80, value: changeText },
  { header: 'IP address', width: 18, value: (r) => r.ip },
  { header: 'User agent', width: 40, value: (r) => r.user_agent },
  { header: 'Request', width: 38, value: (r) => r.id },
];

async function auditLog(ctx: RequestContext): Promise<RouteResult> {
  const { tenant } = signedIn(ctx);
  const filters = validate(auditQuerySchema, ctx.query);
  if (wantsDownload(ctx.query)) {
    const records = await auditRecords(tenant, filters, MAX_DOWNLOAD_ROWS);
    if (records.length > MAX_DOWNLOAD_ROWS)
      throw invalid(
        'start_date',
        `These filters hold more than ${MAX_DOWNLOAD_ROWS.toLocaleString('en-US')} records; choose a shorter period to download them`,
      );
    return {
      kind: 'file',
      fileName: `audit-log-${new Date().toISOString().slice(0, 10)}.xlsx`,
      contentType: XLSX_CONTENT_TYPE,
      content: await tableWorkbook('Audit log', COLUMNS, records, { title: 'Audit log' }),
    };
  }
  const found = await auditPage(tenant, pageRequest(ctx), filters);
  return ok('Audit log retrieved', { data: found.data, meta: found.meta });
}

/**
 * The audit trail: read only. Every change route writes its record in its own transaction
 * (core/audit.ts); these routes list them.
 */
export const handler = domainHandler('audit', {
  'GET /cooperative/audit-log': auditLog,
  'GET /platform/audit-log': auditLog,
  'GET /cooperative/audit-log/history': async (ctx) => {
    const { tenant } = signedIn(ctx);
    const { entity, entity_id } = validate(auditHistorySchema, ctx.query);
    const found = await auditPage(tenant, pageRequest(ctx), { entity, entity_id });
    return ok('History retrieved', { data: found.data, meta: found.meta });
  },
});
