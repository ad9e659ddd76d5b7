import { MEMBER_ROLES } from '@coopledger/shared/roles';
import type { AccessKind } from '@coopledger/shared/schemas/roles';
import { forbidden, invalid, notFound } from '#core/errors';
import type { RequestContext } from '#core/handler';
import { domainHandler, signedIn } from '#core/handler';
import { ok } from '#core/http';
import { pageParams, paginate } from '#core/paging';
import { assertAccess } from '../roles/access-grid.ts';
import { findCooperative } from '../cooperatives/cooperative-store.ts';
import { getLoanView } from '../loans/loan-store.ts';
import { findMember } from '../members/member-store.ts';
import type { LoanFormRecord } from './form-store.ts';
import { cooperativeForms, findForm, memberForms, presentForm } from './form-store.ts';
import { buildLoanFormPdf, loanFormFileName } from './loan-form-pdf.ts';
import { checkLoanForm, formLink, storeLoanForm } from './uploads.ts';

/**
 * Loan forms: uploaded application forms (one PDF each, kept in the files bucket) and the generated
 * PDF form of a loan. A function of its own, so the PDF library stays out of the loans function
 * (docs/decisions.md "Loan forms"). Members and executives reach only their own forms and loans (and
 * the loans they guarantee); staff need the Loans row of their Role Access grid.
 */

const isMember = (ctx: RequestContext) => MEMBER_ROLES.includes(signedIn(ctx).identity.role);

const text = (v: unknown): string | undefined => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() || undefined : undefined);

/** Staff callers need the grid's Loans access; members are limited to their own records instead. */
async function assertStaffAccess(ctx: RequestContext, kind: AccessKind): Promise<void> {
  const { identity } = signedIn(ctx);
  if (!MEMBER_ROLES.includes(identity.role)) await assertAccess(identity, 'loans', kind);
}

/**
 * The member a call is for: members and executives only themselves (403 when they name someone
 * else); staff the member they name (coop_id), else themselves when they hold a member record.
 */
async function memberFor(ctx: RequestContext, named: string | undefined): Promise<{ id: string; name: string }> {
  const { identity, tenant } = signedIn(ctx);
  const wanted = named?.toUpperCase();
  if (isMember(ctx) && wanted && wanted !== identity.loginId) throw forbidden('You may only upload and see your own loan forms');
  const memberId = wanted ?? identity.loginId;
  const member = await findMember(tenant, memberId);
  if (!member) {
    if (!wanted) throw invalid('coop_id', 'Please select a member');
    throw notFound('Member');
  }
  return { id: member.coop_id, name: [member.firstname, member.middlename, member.lastname].filter(Boolean).join(' ') };
}

async function readableForm(ctx: RequestContext, formId: string): Promise<LoanFormRecord> {
  const { identity, tenant } = signedIn(ctx);
  await assertStaffAccess(ctx, 'read');
  const form = await findForm(tenant, formId);
  if (!form) throw notFound('Loan form');
  if (isMember(ctx) && form.member_id !== identity.loginId) throw forbidden('You may only download your own loan forms');
  return form;
}

/** Member name, member number or file name contains the query (case-insensitive). */
function matches(form: LoanFormRecord, query: string | undefined): boolean {
  const q = query?.trim().toLowerCase();
  if (!q) return true;
  return form.member_name.toLowerCase().includes(q) || form.member_id.toLowerCase().includes(q) || form.file_name.toLowerCase().includes(q);
}

function listed(ctx: RequestContext, forms: LoanFormRecord[]) {
  const { page, perPage } = pageParams(ctx.query);
  const pageOf = paginate(
    forms.filter((f) => matches(f, ctx.query.query)),
    page,
    perPage,
  );
  return { data: pageOf.data.map(presentForm), meta: pageOf.meta };
}

export const handler = domainHandler('loanforms', {
  'POST /cooperative/loans/form/upload-loan-form': async (ctx) => {
    const { identity, tenant } = signedIn(ctx);
    const file = checkLoanForm(ctx.files);
    await assertStaffAccess(ctx, 'write');
    const member = await memberFor(ctx, text(ctx.body.coop_id ?? ctx.query.coop_id));
    const form = await storeLoanForm(tenant, member, file, identity.loginId);
    return ok('Loan form uploaded successfully', presentForm(form), 201);
  },

  'GET /cooperative/loans/form': async (ctx) => {
    const { tenant } = signedIn(ctx);
    return ok('Loan forms retrieved', listed(ctx, await cooperativeForms(tenant)));
  },

  'GET /cooperative/loans/form/member': async (ctx) => {
    const { tenant } = signedIn(ctx);
    await assertStaffAccess(ctx, 'read');
    const member = await memberFor(ctx, text(ctx.query.coop_id));
    return ok('Loan forms retrieved', listed(ctx, await memberForms(tenant, member.id)));
  },

  'GET /cooperative/loans/download-uploaded-form': async (ctx) => {
    const formId = text(ctx.query.form_id ?? ctx.query.id);
    if (!formId) throw invalid('form_id', 'Please select a loan form');
    const form = await readableForm(ctx, formId);
    return ok('Loan form link created', { url: await formLink(form), file_name: form.file_name });
  },

  'GET /cooperative/loans/download-loan-form': async (ctx) => {
    const { identity, tenant } = signedIn(ctx);
    const loanId = text(ctx.query.loan_id);
    if (!loanId) throw invalid('loan_id', 'Please select a loan');
    await assertStaffAccess(ctx, 'read');
    const loan = await getLoanView(tenant, loanId);
    if (!loan) throw notFound('Loan');
    if (isMember(ctx) && loan.member_id !== identity.loginId && !loan.sureties.some((s) => s.member_id === identity.loginId)) {
      throw forbidden('You may only download the forms of your own loans and the loans you guarantee');
    }
    const cooperative = await findCooperative(tenant);
    const content = await buildLoanFormPdf({ cooperativeName: cooperative?.name ?? tenant, loan });
    return { kind: 'file', fileName: loanFormFileName(loan), contentType: 'application/pdf', content };
  },
});
