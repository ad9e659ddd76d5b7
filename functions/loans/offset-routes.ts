import { postingDate } from '@coopledger/shared/schemas/posting-date';
import { LOAN_OFFSET_MODES, LOAN_OFFSET_TYPES } from '@coopledger/shared/lookups';
import { toNaira } from '@coopledger/shared/money';
import { today } from '@coopledger/shared/dates';
import { loanOffsetSchema } from '@coopledger/shared/schemas/loan-offsets';
import { AREAS, actingMember, assertStaffAccess, readableLoan, selfService } from '#core/access';
import { invalid } from '#core/errors';
import type { RequestContext, RouteHandlers } from '#core/handler';
import { signedIn } from '#core/handler';
import { ok } from '#core/http';
import { pageRequest } from '#core/list-page';
import { validate } from '#core/validation';
import { memberLoans } from './loan-entity.ts';
import { offsetPage } from './offset-entity.ts';
import { assertOffsettable, isOffsettable, offsetDate, offsetDetail, postOffset, presentOffset } from './offsets.ts';

/**
 * The loan offset routes (spec 000 section 7, "Loan offset"; functions/loans/offsets.ts does the
 * work). Staff post offsets (the member detail's Loan Offset Form); members and executives read
 * their own loans' figures and their offset history (/member/loan-offset-history).
 */

const idText = (v: unknown): string | undefined =>
  typeof v === 'string' || typeof v === 'number' ? String(v).trim() || undefined : undefined;

/** The id of a record named in the query or body, or a 422 on the field. */
function idFrom(ctx: RequestContext, field: string, message: string): string {
  const id = idText(ctx.query[field]) ?? idText(ctx.body[field]);
  if (!id) throw invalid(field, message);
  return id;
}

const dateSchema = postingDate('Use the date format YYYY-MM-DD');

/** The `date` of a query (today when left out), checked by the posting-date rule before anything is read. */
function queryDate(ctx: RequestContext): string | undefined {
  const text = ctx.query.date?.trim();
  if (!text) return undefined;
  const parsed = dateSchema.safeParse(text);
  if (!parsed.success) throw invalid('date', parsed.error.issues[0]?.message ?? 'Use the date format YYYY-MM-DD');
  return parsed.data;
}

const lookup = (rows: readonly { id: number; name: string }[]) => rows.map(({ id, name }) => ({ id, name }));

export const offsetRoutes: RouteHandlers = {
  'GET /cooperative/loan-offset/mode': async () => ok('Loan offset modes retrieved', lookup(LOAN_OFFSET_MODES)),

  'GET /cooperative/loan-offset/type': async () => ok('Loan offset types retrieved', lookup(LOAN_OFFSET_TYPES)),

  'GET /cooperative/loan-offset/member': async (ctx) => {
    const { tenant } = signedIn(ctx);
    const memberId = await actingMember(ctx, ctx.query.coop_id ?? ctx.query.member_id, AREAS.loans, 'read');
    const loans = (await memberLoans(tenant, memberId)).filter(isOffsettable);
    return ok(
      'Loans retrieved',
      loans.map((loan) => ({
        id: loan.id,
        name: loan.product_name,
        product: { id: loan.product_id, name: loan.product_name },
        loan_amount: toNaira(loan.loan_amount),
        loan_balance: toNaira(loan.loan_balance),
        date: loan.date,
      })),
    );
  },

  'GET /cooperative/loan-offset/loan-detail': async (ctx) => {
    const loanId = idFrom(ctx, 'loan_id', 'Please select loan');
    const date = queryDate(ctx);
    // Members reach only their own loans here (not the ones they guarantee).
    const loan = await readableLoan(ctx, loanId);
    assertOffsettable(loan);
    return ok('Loan offset details retrieved', offsetDetail(loan, offsetDate(loan, date ?? today())));
  },

  'GET /cooperative/loan-offset/history': async (ctx) => {
    const { tenant } = signedIn(ctx);
    const named = ctx.query.coop_id ?? ctx.query.member_id;
    let memberId: string | undefined;
    if (selfService(ctx) || named?.trim()) memberId = await actingMember(ctx, named, AREAS.loans, 'read');
    else await assertStaffAccess(ctx, AREAS.loans, 'read');
    const found = await offsetPage(tenant, pageRequest(ctx), memberId);
    return ok('Loan offsets retrieved', { data: found.data.map(presentOffset), meta: found.meta });
  },

  'POST /cooperative/loan-offset': async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    const input = validate(loanOffsetSchema, { ...ctx.query, ...ctx.body });
    const named = typeof ctx.body.coop_id === 'string' ? ctx.body.coop_id.trim() : ctx.query.coop_id?.trim();
    const { offset, duplicate } = await postOffset(tenant, input, identity.loginId, named || undefined);
    return ok(
      duplicate ? 'This loan offset had already been posted' : 'Loan offset posted',
      presentOffset(offset),
      duplicate ? 200 : 201,
    );
  },
};
