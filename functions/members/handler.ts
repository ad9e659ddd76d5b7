import {
  detailEditSchema,
  memberCreateSchema,
  memberPasswordSchema,
  pendingMemberSchema,
} from '@coopledger/shared/schemas/members';
import { AREAS, actingMember, selfService } from '#core/access';
import { AppError, invalid, notFound } from '#core/errors';
import type { RequestContext } from '#core/handler';
import { domainHandler, signedIn } from '#core/handler';
import { exitRoutes } from './exit-routes.ts';
import { ok } from '#core/http';
import { setupRecords } from '../setup/setup-entity.ts';
import { validate } from '#core/validation';
import { accessKindOf, assertAccess } from '../roles/access-grid.ts';
import { findCooperative } from '../cooperatives/cooperative-store.ts';
import { savingsOfMembers } from '../savings/member-savings-entity.ts';
import { importReport, importStatus, startImport } from './member-import.ts';
import { listMembers } from './member-store.ts';
import { memberPage } from './member-entity.ts';
import { searchWords } from '#core/search-tokens';
import { searchMembers } from './member-search-entity.ts';
import { membersCounted, statsOfCooperative } from '../cooperatives/cooperative-stats-entity.ts';
import { pageRequest } from '#core/list-page';
import { pendingPage } from './pending-member-entity.ts';
import { searchRegistrations } from './pending-search-entity.ts';
import { createMember, memberCounts, setMemberStatus } from './member-service.ts';
import {
  changeMemberPassword,
  editDetails,
  memberDetail,
  memberRow,
  requireMember,
  uploadDocuments,
} from './member-profile.ts';
import { membersReport, importSample } from './member-workbooks.ts';
import { memberStatement, statementRequest } from './statement.ts';
import { PDF, statementFileName, statementPdf, statementWorkbook } from './statement-files.ts';
import { activeCooperativeByCode, approve, deny, findPending, presentPending, register } from './pending-service.ts';
import { MEMBER_STATUS, PENDING_MEMBER_STATUS, isActive } from '@coopledger/shared/statuses';
import type { MemberStatus, PendingMemberStatus } from '@coopledger/shared/statuses';
import type { ApprovedMemberView, MemberStatusView, RegistrationView } from '@coopledger/shared/member-views';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function cooperativeOf(id: string) {
  const coop = await findCooperative(id);
  if (!coop) throw notFound('Cooperative');
  return coop;
}

async function departmentNames(cooperativeId: string): Promise<Map<string, string>> {
  const rows = await setupRecords.department.list(cooperativeId);
  return new Map(rows.map((d) => [String(d.id), String(d.name)]));
}

/**
 * A page of the members list: the cooperative's members by name (or those of one status), or, with
 * a `query`, the members found by search items (member-search-entity.ts); totals from the
 * cooperative's counts. Leg./Avl. balance and Monthly Sav. come from one BatchGet of the page's
 * members' savings totals.
 */
async function memberList(ctx: RequestContext, status?: MemberStatus) {
  const { tenant } = signedIn(ctx);
  const request = pageRequest(ctx);
  const counted = async () => {
    const stats = await statsOfCooperative(tenant);
    if (status === MEMBER_STATUS.INACTIVE) return stats.members_inactive ?? 0;
    return membersCounted(stats);
  };
  const [found, departments] = await Promise.all([
    searchWords(ctx.query.query).length > 0
      ? searchMembers(tenant, ctx.query.query, request, (m) => status === undefined || m.status === status)
      : memberPage(tenant, request, counted, status),
    departmentNames(tenant),
  ]);
  const totals = await savingsOfMembers(
    tenant,
    found.data.map((m) => m.id),
  );
  return ok('Members retrieved', {
    data: found.data.map((m) => memberRow(m, departments, totals.get(m.id))),
    meta: found.meta,
  });
}

/**
 * The surety search of the loan form (every role of the cooperative may read it): approved members
 * found by name or member number, names only.
 */
async function memberDirectory(ctx: RequestContext) {
  const { tenant } = signedIn(ctx);
  const request = pageRequest(ctx);
  const found =
    searchWords(ctx.query.query).length > 0
      ? await searchMembers(tenant, ctx.query.query, request, (m) => m.status === MEMBER_STATUS.APPROVED)
      : await memberPage(
          tenant,
          request,
          async () => (await statsOfCooperative(tenant)).members_active ?? 0,
          MEMBER_STATUS.APPROVED,
        );
  return ok('Members retrieved', {
    data: found.data.map((m) => ({
      id: m.id,
      name: [m.firstname, m.middlename, m.lastname].filter(Boolean).join(' '),
      firstname: m.firstname,
      lastname: m.lastname,
    })),
    meta: found.meta,
  });
}

const idText = (v: unknown): string | undefined =>
  typeof v === 'string' || typeof v === 'number' ? String(v).trim() || undefined : undefined;

/** The member a self-service route names (coop_id, id or member_id). */
function namedMember(source: Record<string, unknown>): string {
  const value = idText(source.coop_id ?? source.id ?? source.member_id);
  if (!value) throw invalid('coop_id', 'Please select a member');
  return value.toUpperCase();
}

const statusTarget = (ctx: RequestContext) => namedMember(ctx.query);

const PENDING_STATUSES: readonly PendingMemberStatus[] = [
  PENDING_MEMBER_STATUS.PENDING,
  PENDING_MEMBER_STATUS.APPROVED,
  PENDING_MEMBER_STATUS.DENIED,
];

/** The registrations list's `status` (pending when not given). */
function pendingStatusOf(raw: string | undefined): PendingMemberStatus {
  if (raw === undefined || raw.trim() === '') return PENDING_MEMBER_STATUS.PENDING;
  const status = PENDING_STATUSES.find((s) => String(s) === raw.trim());
  if (status === undefined) throw invalid('status', 'Please choose pending (0), approved (1) or denied (2)');
  return status;
}

/**
 * A member's statement file of the period the query names (functions/members/statement.ts): the PDF
 * or the .xlsx workbook. The period is checked before anything is read.
 */
async function statementFile(tenant: string, memberId: string, query: Record<string, string | undefined>) {
  const { format, ...period } = statementRequest(query);
  const statement = await memberStatement(tenant, memberId, period);
  const fileName = statementFileName(statement, format);
  return format === 'pdf'
    ? { kind: 'file' as const, fileName, contentType: PDF, content: await statementPdf(statement) }
    : { kind: 'file' as const, fileName, contentType: XLSX, content: await statementWorkbook(statement) };
}

export const handler = domainHandler('members', {
  ...exitRoutes,
  'GET /cooperative/member': (ctx) => memberList(ctx),
  'GET /cooperative/member/directory': memberDirectory,
  'GET /cooperative/member/get-deactivated-members': (ctx) => memberList(ctx, MEMBER_STATUS.INACTIVE),
  'GET /cooperative/member/statement': async (ctx) => {
    const { tenant } = signedIn(ctx);
    const memberId = ctx.query.member_id?.trim().toUpperCase();
    if (!memberId) throw invalid('member_id', 'Please select a member');
    return statementFile(tenant, memberId, ctx.query);
  },
  'GET /member/statement': async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    return statementFile(tenant, identity.loginId, ctx.query);
  },

  'GET /cooperative/member/statistics': async (ctx) => {
    const { tenant } = signedIn(ctx);
    return ok('Member statistics retrieved', await memberCounts(tenant));
  },

  'GET /cooperative/member/download-report': async (ctx) => {
    const { tenant } = signedIn(ctx);
    const [coop, members, departments] = await Promise.all([
      cooperativeOf(tenant),
      listMembers(tenant),
      departmentNames(tenant),
    ]);
    const content = await membersReport(
      coop.name,
      members.filter((m) => m.status === MEMBER_STATUS.APPROVED),
      departments,
    );
    return { kind: 'file', fileName: `members-report-${coop.name}.xlsx`, contentType: XLSX, content };
  },

  'GET /cooperative/member/download-sample': async (ctx) => {
    const { tenant } = signedIn(ctx);
    const departments = await departmentNames(tenant);
    const content = await importSample([...departments.values()][0] ?? 'Administration');
    return { kind: 'file', fileName: 'sample-member-import.xlsx', contentType: XLSX, content };
  },

  'POST /cooperative/member': async (ctx) => {
    const { tenant } = signedIn(ctx);
    const input = validate(memberCreateSchema, ctx.body);
    const { member, mailed } = await createMember(await cooperativeOf(tenant), input);
    const created = `Member created successfully: member number ${member.id}`;
    const message = mailed ? `${created}; the sign-in details were sent to ${member.email}` : created;
    return ok(message, await memberDetail({ ...member }), 201);
  },

  'GET /cooperative/member/single': async (ctx) => {
    const { tenant } = signedIn(ctx);
    const memberId = await actingMember(ctx, namedMember(ctx.query), AREAS.profile, 'read');
    return ok('Member retrieved', await memberDetail(await requireMember(tenant, memberId)));
  },

  'POST /cooperative/member/details/edit': async (ctx) => {
    const { tenant } = signedIn(ctx);
    const { detail_type: detailType, coop_id: coopId } = validate(detailEditSchema, ctx.body);
    await actingMember(ctx, coopId, AREAS.profile, 'write');
    const self = selfService(ctx);
    const member = await editDetails(tenant, coopId, detailType, ctx.body, self);
    return ok('Profile updated successfully', await memberDetail(member));
  },

  'POST /cooperative/member/details/update-document': async (ctx) => {
    const { tenant } = signedIn(ctx);
    const memberId = await actingMember(ctx, namedMember(ctx.body), AREAS.profile, 'write');
    const member = await uploadDocuments(tenant, memberId, ctx.files);
    return ok('Documents uploaded successfully', (await memberDetail(member)).documents);
  },

  'POST /cooperative/member/details/change-password': async (ctx) => {
    const { tenant } = signedIn(ctx);
    const input = validate(memberPasswordSchema, ctx.body);
    await actingMember(ctx, input.coop_id, AREAS.profile, 'write');
    await changeMemberPassword(tenant, input.coop_id, input.password);
    return ok('Password changed successfully');
  },

  'GET /cooperative/member/activate': async (ctx) => {
    const { identity, tenant } = signedIn(ctx);
    const memberId = statusTarget(ctx);
    // A GET that changes state: the grid's Write governs it, not Read.
    await assertAccess(identity, 'members', accessKindOf('POST'));
    const member = await setMemberStatus(tenant, memberId, MEMBER_STATUS.APPROVED);
    return ok('Member activated successfully', {
      coop_id: member.coop_id,
      status: member.status,
    } satisfies MemberStatusView);
  },

  'GET /cooperative/member/deactivate': async (ctx) => {
    const { identity, tenant } = signedIn(ctx);
    const memberId = statusTarget(ctx);
    await assertAccess(identity, 'members', accessKindOf('POST'));
    const member = await setMemberStatus(tenant, memberId, MEMBER_STATUS.INACTIVE);
    return ok('Member deactivated successfully', {
      coop_id: member.coop_id,
      status: member.status,
    } satisfies MemberStatusView);
  },

  'POST /cooperative/member/import': async (ctx) => {
    const { identity, tenant } = signedIn(ctx);
    const started = await startImport(tenant, ctx.files, identity.loginId);
    return ok('The import has started; follow its progress with the import id', started, 202);
  },

  'GET /cooperative/member/import/status': async (ctx) => {
    const { tenant } = signedIn(ctx);
    return ok('Import status retrieved', await importStatus(tenant, ctx.query.import_id));
  },

  'GET /cooperative/member/import/report': async (ctx) => {
    const { tenant } = signedIn(ctx);
    const content = await importReport(tenant, ctx.query.import_id);
    return { kind: 'file', fileName: `member-import-report-${ctx.query.import_id}.xlsx`, contentType: XLSX, content };
  },

  'GET /cooperative/pending_members': async (ctx) => {
    const { tenant } = signedIn(ctx);
    const status = pendingStatusOf(ctx.query.status);
    const search = ctx.query.query;
    const found =
      searchWords(search).length > 0
        ? await searchRegistrations(tenant, status, search ?? '', pageRequest(ctx))
        : await pendingPage(tenant, status, pageRequest(ctx));
    return ok('Pending members retrieved', { data: found.data.map(presentPending), meta: found.meta });
  },

  'GET /cooperative/pending_members/single': async (ctx) => {
    const { tenant } = signedIn(ctx);
    const id = ctx.query.id ?? ctx.query.member_id;
    if (!id) throw invalid('member_id', 'Please select a pending member');
    const pending = await findPending(tenant, id);
    if (!pending) throw notFound('Pending member');
    return ok('Pending member retrieved', presentPending(pending));
  },

  'GET /cooperative/pending_members/deny': async (ctx) => {
    const { identity, tenant } = signedIn(ctx);
    const id = ctx.query.member_id ?? ctx.query.id;
    if (!id) throw invalid('member_id', 'Please select a pending member');
    await assertAccess(identity, 'members', accessKindOf('POST'));
    await deny(tenant, id);
    return ok('The registration has been denied');
  },

  'POST /cooperative/pending_members/approve': async (ctx) => {
    const { tenant } = signedIn(ctx);
    const id = idText(ctx.body.member_id ?? ctx.body.id);
    if (!id) throw invalid('member_id', 'Please select a pending member');
    const { member, mailed } = await approve(await cooperativeOf(tenant), id);
    const message = mailed ? `Member approved; the sign-in details were sent to ${member.email}` : 'Member approved';
    return ok(message, { coop_id: member.coop_id, id: member.id } satisfies ApprovedMemberView);
  },

  'GET /cooperative/pending_members/get-cooperative': async (ctx) => {
    const coop = await activeCooperativeByCode(ctx.query.cooperative_code);
    return ok('Cooperative retrieved', { id: coop.id, name: coop.name, code: coop.code, status: coop.status });
  },

  'GET /cooperative/pending_members/get-department': async (ctx) => {
    const coop = await activeCooperativeByCode(ctx.query.cooperative_code);
    const rows = await setupRecords.department.list(coop.id);
    const data = rows.filter((d) => isActive(d.status)).map((d) => ({ id: String(d.id), name: String(d.name) }));
    return ok('Departments retrieved', data);
  },

  'POST /cooperative/pending_members': async (ctx) => {
    if (ctx.body.type !== undefined && ctx.body.type !== 'pending')
      throw new AppError('VALIDATION', "The registration type must be 'pending'", {
        type: "The registration type must be 'pending'",
      });
    const input = validate(pendingMemberSchema, ctx.body);
    const pending = await register(input, ctx.sourceIp);
    return ok(
      "Success - We received your membership request; we'll be in touch shortly!",
      { id: pending.id } satisfies RegistrationView,
      201,
    );
  },
});
