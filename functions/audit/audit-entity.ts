import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { Entity } from 'dynamodb-toolbox/entity';
import { any } from 'dynamodb-toolbox/schema/any';
import { item } from 'dynamodb-toolbox/schema/item';
import { string } from 'dynamodb-toolbox/schema/string';
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS } from '@coopledger/shared/audit';
import type { AuditChangeView, AuditRecordView } from '@coopledger/shared/audit';
import type { AuditQuery } from '@coopledger/shared/schemas/audit';
import { dateRange, entityDefaults } from '#core/entity';
import { keys } from '#core/keys';
import type { ListPage, PageRequest } from '#core/list-page';
import { openEnded } from '#core/list-page';
import { entityFilteredPage, filteredWalk } from '#core/filtered-page';
import { partitionQuery } from '#core/list-page';

/**
 * An audit record (core/audit.ts writes it in the change's own transaction; docs/data-model.md
 * "Audit trail"). Read only: no route changes or deletes one.
 */
export const AuditEntity = new Entity({
  ...entityDefaults,
  name: 'AUDIT',
  schema: item({
    pk: string().key().hidden(),
    sk: string().key().hidden(),
    at: string(),
    request_id: string(),
    user: string(),
    role: string(),
    user_tenant: string(),
    ip: string(),
    user_agent: string(),
    route: string(),
    subject: string(),
    subject_id: string(),
    action: string().enum(...AUDIT_ACTIONS),
    ids: any(),
    changes: any(),
    entity: string().const('AUDIT').hidden(),
    gsi1pk: string().hidden(),
    gsi1sk: string().hidden(),
    gsi2pk: string().hidden(),
    gsi2sk: string().hidden(),
  }),
});
export type AuditRecord = FormattedItem<typeof AuditEntity>;

export function presentAudit(record: AuditRecord): AuditRecordView {
  const action = record.action;
  return {
    id: record.request_id,
    at: record.at,
    user: record.user,
    role: record.role,
    ip: record.ip,
    user_agent: record.user_agent,
    route: record.route,
    entity: record.subject,
    entity_id: record.subject_id,
    action,
    action_label: AUDIT_ACTION_LABELS[action],
    ids: (record.ids ?? {}) as Record<string, string>,
    changes: (Array.isArray(record.changes) ? record.changes : []) as AuditChangeView[],
  };
}

/** Where a filter reads: one entity's records (gsi2), one person's (gsi1), or the whole trail, newest first. */
function partitionOf(tenant: string, filters: AuditQuery) {
  if (filters.entity && filters.entity_id)
    return { partition: keys.auditSubjectPartition(tenant, filters.entity, filters.entity_id), index: 'gsi2' as const };
  if (filters.user) return { partition: keys.auditUserPartition(tenant, filters.user), index: 'gsi1' as const };
  return { partition: keys.auditPartition(tenant), index: undefined };
}

const kept = (filters: AuditQuery) => (record: AuditRecord) =>
  (!filters.user || record.user.toUpperCase() === filters.user.toUpperCase()) &&
  (!filters.entity || record.subject === filters.entity) &&
  (!filters.action || record.action === filters.action);

/**
 * One page of the audit trail, newest first, in the date range: a Query of the partition the
 * narrowest filter names, the other filters checked on each record read (docs/decisions.md
 * 2026-11-27 "Audit trail"). Open-ended: the total is what was seen plus one while there is more.
 */
export async function auditPage(
  tenant: string,
  request: PageRequest,
  filters: AuditQuery,
): Promise<ListPage<AuditRecordView>> {
  const { partition, index } = partitionOf(tenant, filters);
  const found = await entityFilteredPage(AuditEntity, partition, request, {
    index,
    reverse: true,
    range: dateRange(filters.start_date, filters.end_date),
    keep: kept(filters),
  });
  return openEnded({ data: found.data.map(presentAudit), meta: found.meta });
}

/** Every record of the filters, newest first, up to `limit` (+1 to tell there are more): the download. */
export async function auditRecords(tenant: string, filters: AuditQuery, limit: number): Promise<AuditRecordView[]> {
  const { partition, index } = partitionOf(tenant, filters);
  const query = partitionQuery(AuditEntity, partition, {
    index,
    reverse: true,
    range: dateRange(filters.start_date, filters.end_date),
  });
  const found = await filteredWalk(AuditEntity, query, undefined, limit + 1, kept(filters));
  return found.map((f) => presentAudit(f.record));
}
