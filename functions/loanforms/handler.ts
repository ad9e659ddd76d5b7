import { AREAS, actingMember, assertCanReach, assertStaffAccess, readableLoanForm } from '#core/access';
import { invalid, notFound } from '#core/errors';
import type { RequestContext } from '#core/handler';
import { domainHandler, signedIn } from '#core/handler';
import { ok } from '#core/http';
import { pageRequest } from '#core/list-page';
import { findCooperative } from '../cooperatives/cooperative-store.ts';
import { getLoanView } from '../loans/loan-store.ts';
import { findMember } from '../members/member-store.ts';
import { presentForm } from './form-store.ts';
import { formPage } from './loan-form-entity.ts';
import { searchedMemberIds } from '../members/member-search-entity.ts';
import { buildLoanFormPdf, loanFormFileName } from './loan-form-pdf.ts';
import { checkLoanForm, formLink, storeLoanForm } from './uploads.ts';

/**
 * Loan forms: uploaded application forms (one PDF each, kept in the files bucket) and the generated
 * PDF form of a loan. A function of its own, so the PDF library stays out of the loans function
 * (docs/decisions.md "Loan forms"). Members and executives reach only their own forms and loans (and
 * the loans they guarantee); staff need the Loans row of their Role Access grid.
 */

const text = (v: unknown): string | undefined =>
  typeof v === 'string' || typeof v === 'number' ? String(v).trim() || undefined : undefined;

/**
 * The member a call is for (core/access.ts `actingMember`): members and executives only themselves;
 * staff the member they name (coop_id), else themselves when they hold a member record.
 */
async function memberFor(
  ctx: RequestContext,
  named: string | undefined,
  kind: 'read' | 'write',
): Promise<{ id: string; name: string }> {
  const { tenant } = signedIn(ctx);
  const memberId = await actingMember(ctx, named, AREAS.loanForms, kind, { orSelf: true });
  const member = await findMember(tenant, memberId);
  if (!member) {
    if (!named) throw invalid('coop_id', 'Please select a member');
    throw notFound('Member');
  }
  return { id: member.coop_id, name: [member.firstname, member.middlename, member.lastname].filter(Boolean).join(' ') };
}

/**
 * A page of loan forms: one member's, or the archive, whose `query` names members on the member
 * search items (docs/decisions.md 2026-11-26 "Money lists in DynamoDB": a file name is not searched).
 */
async function listed(ctx: RequestContext, memberId?: string) {
  const { tenant } = signedIn(ctx);
  const memberIds =
    memberId === undefined ? await searchedMemberIds(tenant, ctx.query.query, pageRequest(ctx)) : undefined;
  const found = await formPage(tenant, pageRequest(ctx), { memberId, memberIds });
  return { data: found.data.map(presentForm), meta: found.meta };
}

export const handler = domainHandler('loanforms', {
  'POST /cooperative/loans/form/upload-loan-form': async (ctx) => {
    const { identity, tenant } = signedIn(ctx);
    const file = checkLoanForm(ctx.files);
    const member = await memberFor(ctx, text(ctx.body.coop_id ?? ctx.query.coop_id), 'write');
    const form = await storeLoanForm(tenant, member, file, identity.loginId);
    return ok('Loan form uploaded successfully', presentForm(form), 201);
  },

  'GET /cooperative/loans/form': async (ctx) => {
    return ok('Loan forms retrieved', await listed(ctx));
  },

  'GET /cooperative/loans/form/member': async (ctx) => {
    const member = await memberFor(ctx, text(ctx.query.coop_id), 'read');
    return ok('Loan forms retrieved', await listed(ctx, member.id));
  },

  'GET /cooperative/loans/download-uploaded-form': async (ctx) => {
    const formId = text(ctx.query.form_id ?? ctx.query.id);
    if (!formId) throw invalid('form_id', 'Please select a loan form');
    const form = await readableLoanForm(ctx, formId);
    return ok('Loan form link created', { url: await formLink(form), file_name: form.file_name });
  },

  'GET /cooperative/loans/download-loan-form': async (ctx) => {
    const { tenant } = signedIn(ctx);
    const loanId = text(ctx.query.loan_id);
    if (!loanId) throw invalid('loan_id', 'Please select a loan');
    await assertStaffAccess(ctx, AREAS.loanForms, 'read');
    const loan = await getLoanView(tenant, loanId);
    if (!loan) throw notFound('Loan');
    const refusal = 'You may only download the forms of your own loans and the loans you guarantee';
    await assertCanReach(ctx, loan.member_id, refusal, () => loan.sureties.map((s) => s.member_id));
    const cooperative = await findCooperative(tenant);
    const content = await buildLoanFormPdf({ cooperativeName: cooperative?.name ?? tenant, loan });
    return { kind: 'file', fileName: loanFormFileName(loan), contentType: 'application/pdf', content };
  },
});
