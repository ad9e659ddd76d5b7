import { toNaira } from '@coopledger/shared/money';
import {
  approveLoanSchema,
  loanApplicationSchema,
  loanIdSchema,
  replaceSuretySchema,
  schedulePreviewSchema,
  suretyAnswerSchema,
} from '@coopledger/shared/schemas/loans';
import { invalid } from '#core/errors';
import { AREAS, actingMember, readableLoan, selfService } from '#core/access';
import type { RequestContext } from '#core/handler';
import { domainHandler, signedIn } from '#core/handler';
import { ok } from '#core/http';
import { METRIC, countMetric } from '#core/observability';
import type { ListPage } from '#core/list-page';
import { pageRequest } from '#core/list-page';
import { dateRange } from '#core/paging';
import { validate } from '#core/validation';
import { applyForLoan, feesOf, previewSchedule } from './applications.ts';
import { approveLoan, deleteLoan, denyLoan, markLoan } from './approval.ts';
import type { LoanRecord, PaidStatus } from './loan-store.ts';
import { presentLoan, presentLoans, presentScheduleRow, presentSurety, suretiesByIds } from './loan-store.ts';
import { loanPage, memberLoanPage } from './loan-entity.ts';
import { memberSuretyPage, suretyPage } from './surety-entity.ts';
import { searchedMemberIds } from '../members/member-search-entity.ts';
import { answerSurety, presentSuretyRequest, presentSuretyRequests, releaseSurety, replaceSurety } from './sureties.ts';
import { suretyReleaseSchema } from '@coopledger/shared/schemas/member-exit';
import { offsetRoutes } from './offset-routes.ts';
import { importRoutes } from './import-routes.ts';
import { LOAN_REPAYMENT_STATUS, LOAN_STATUS, SCHEDULE_LINE_STATUS, SURETY_STATUS } from '@coopledger/shared/statuses';
import type { LoanStatus, SuretyStatus } from '@coopledger/shared/statuses';
import { FIRST_APPROVAL_GIVEN } from '@coopledger/shared/approval-rules';

/** A status filter (one of the statuses' values), or none. */
function statusFilter(
  value: string | undefined,
  statuses: typeof LOAN_STATUS | typeof SURETY_STATUS,
): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  const status = Object.values(statuses).find((s) => String(s) === text);
  if (status === undefined) throw invalid('status', 'Select a status');
  return status;
}

async function presentedLoans(ctx: RequestContext, found: ListPage<LoanRecord>) {
  return { data: await presentLoans(signedIn(ctx).tenant, found.data), meta: found.meta };
}

/** The loan named by loan_id (query or body), validated before anything else. */
const loanIdOf = (ctx: RequestContext) => validate(loanIdSchema, { ...ctx.body, ...ctx.query }).loan_id;

const currentSuretyMembers = async (tenant: string, loan: LoanRecord) =>
  (await suretiesByIds(tenant, loan.surety_ids)).map((s) => s.member_id);

async function readable(ctx: RequestContext): Promise<LoanRecord> {
  const { tenant } = signedIn(ctx);
  const loanId = loanIdOf(ctx);
  return readableLoan(ctx, loanId, { guarantors: (loan) => currentSuretyMembers(tenant, loan) });
}

async function view(tenant: string, loan: LoanRecord) {
  return presentLoan(loan, await suretiesByIds(tenant, loan.surety_ids));
}

async function mark(ctx: RequestContext, to: PaidStatus, message: string) {
  const { tenant } = signedIn(ctx);
  const loan = await markLoan(tenant, loanIdOf(ctx), to);
  return ok(message, await view(tenant, loan));
}

async function answer(ctx: RequestContext, to: typeof SURETY_STATUS.APPROVED | typeof SURETY_STATUS.DENIED) {
  const { tenant, identity } = signedIn(ctx);
  const { surety_id: suretyId } = validate(suretyAnswerSchema, { ...ctx.body, ...ctx.query });
  const { surety, loan } = await answerSurety(tenant, suretyId, identity.loginId, to);
  return ok(
    to === SURETY_STATUS.APPROVED ? 'Surety request approved' : 'Surety request denied',
    presentSuretyRequest(surety, loan),
  );
}

export const handler = domainHandler('loans', {
  ...offsetRoutes,
  ...importRoutes,
  'POST /cooperative/loans/schedule-preview': async (ctx) => {
    const { tenant } = signedIn(ctx);
    const input = validate(schedulePreviewSchema, ctx.body);
    const schedule = previewSchedule(input);
    const fees = input.loan_product_id ? await feesOf(tenant, input.loan_product_id, input.loan_amount) : null;
    return ok('Loan schedule', {
      fees,
      rows: schedule.rows.map((row) =>
        presentScheduleRow({ ...row, principal_paid: 0, interest_paid: 0, is_paid: SCHEDULE_LINE_STATUS.NOT_PAID }),
      ),
      totals: {
        principal: toNaira(schedule.totals.principal),
        interest: toNaira(schedule.totals.interest),
        payment: toNaira(schedule.totals.payment),
      },
    });
  },

  'POST /cooperative/member/loans/apply': async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    const input = validate(loanApplicationSchema, ctx.body);
    const applicantId = await actingMember(ctx, input.coop_id, AREAS.loans, 'write');
    const bySelf = selfService(ctx) || applicantId === identity.loginId;
    const { loan, sureties } = await applyForLoan(tenant, applicantId, input, bySelf, identity.loginId);
    return ok('Your loan application has been submitted', presentLoan(loan, sureties), 201);
  },

  'GET /cooperative/loans/list': async (ctx) => {
    const { tenant } = signedIn(ctx);
    const { from, to } = dateRange(ctx.query);
    const status = statusFilter(ctx.query.status, LOAN_STATUS);
    const memberIds = await searchedMemberIds(tenant, ctx.query.query, pageRequest(ctx));
    const found = await loanPage(tenant, pageRequest(ctx), { from, to, status: status as LoanStatus, memberIds });
    return ok('Loans retrieved', await presentedLoans(ctx, found));
  },

  'GET /cooperative/member/loans': async (ctx) => {
    const { tenant } = signedIn(ctx);
    const memberId = await actingMember(ctx, ctx.query.coop_id ?? ctx.query.member_id, AREAS.loans, 'read');
    return ok('Loans retrieved', await presentedLoans(ctx, await memberLoanPage(tenant, memberId, pageRequest(ctx))));
  },

  'GET /cooperative/loans/single': async (ctx) => {
    const { tenant } = signedIn(ctx);
    return ok('Loan retrieved', await view(tenant, await readable(ctx)));
  },

  'GET /cooperative/loans/loan-schedule': async (ctx) => {
    const loan = await readable(ctx);
    return ok('Loan schedule retrieved', loan.schedule.map(presentScheduleRow));
  },

  'GET /cooperative/loans/view-surety': async (ctx) => {
    const { tenant } = signedIn(ctx);
    const loan = await readable(ctx);
    return ok('Sureties retrieved', (await suretiesByIds(tenant, loan.surety_ids)).map(presentSurety));
  },

  'POST /cooperative/member/loans/approve': async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    const input = validate(approveLoanSchema, { ...ctx.query, ...ctx.body });
    const loan = await approveLoan(tenant, input.loan_id, input.bank_id, identity.loginId);
    if (loan.status === LOAN_STATUS.PENDING) return ok(`Loan: ${FIRST_APPROVAL_GIVEN}`, await view(tenant, loan));
    countMetric(METRIC.loanApprovals);
    return ok('Loan approved and disbursed', await view(tenant, loan));
  },

  'GET /cooperative/member/loans/deny': async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    const loan = await denyLoan(tenant, loanIdOf(ctx), identity.loginId);
    return ok('Loan rejected', await view(tenant, loan));
  },

  'GET /cooperative/loans/mark-as-completed': (ctx) =>
    mark(ctx, LOAN_REPAYMENT_STATUS.COMPLETED, 'Loan marked as completed'),
  'GET /cooperative/loans/mark-as-running': (ctx) => mark(ctx, LOAN_REPAYMENT_STATUS.RUNNING, 'Loan marked as running'),
  'GET /cooperative/loans/mark-as-incomplete': (ctx) =>
    mark(ctx, LOAN_REPAYMENT_STATUS.INCOMPLETE, 'Loan marked as incomplete'),

  'DELETE /cooperative/member/loans/delete': async (ctx) => {
    const { tenant } = signedIn(ctx);
    await deleteLoan(tenant, loanIdOf(ctx));
    return ok('Loan deleted', null);
  },

  'POST /cooperative/member/loans/replace-surety': async (ctx) => {
    const { tenant } = signedIn(ctx);
    const input = validate(replaceSuretySchema, { ...ctx.query, ...ctx.body });
    const loan = await readableLoan(ctx, input.loan_id, {
      kind: 'write',
      refusal: "Only the applicant or the cooperative's staff can replace a surety",
    });
    const updated = await replaceSurety(tenant, loan, input.surety_id, input.member_id);
    return ok('Surety replaced; the new surety has been asked to approve', await view(tenant, updated));
  },

  'GET /cooperative/member/surety': async (ctx) => {
    const { tenant } = signedIn(ctx);
    const status = statusFilter(ctx.query.status, SURETY_STATUS) as SuretyStatus | undefined;
    const found = await suretyPage(tenant, pageRequest(ctx), status);
    return ok('Surety requests retrieved', { data: await presentSuretyRequests(tenant, found.data), meta: found.meta });
  },

  'GET /cooperative/member/surety/requests': async (ctx) => {
    const { tenant } = signedIn(ctx);
    const memberId = await actingMember(ctx, ctx.query.coop_id ?? ctx.query.member_id, AREAS.loans, 'read');
    const status = statusFilter(ctx.query.status, SURETY_STATUS) as SuretyStatus | undefined;
    const found = await memberSuretyPage(tenant, memberId, pageRequest(ctx), status);
    return ok('Surety requests retrieved', { data: await presentSuretyRequests(tenant, found.data), meta: found.meta });
  },

  'POST /cooperative/member/surety/approve': (ctx) => answer(ctx, SURETY_STATUS.APPROVED),
  'POST /cooperative/member/surety/deny': (ctx) => answer(ctx, SURETY_STATUS.DENIED),

  'POST /cooperative/member/surety/release': async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    const input = validate(suretyReleaseSchema, ctx.body);
    const { surety, loan } = await releaseSurety(tenant, input.surety_id, identity.loginId, input.reason);
    return ok('Guarantee released', presentSuretyRequest(surety, loan));
  },
});
