import type { InterestRunView } from '@coopledger/shared/savings-views';
import { toNaira } from '@coopledger/shared/money';
import {
  approveOrderSchema,
  changeAmountSchema,
  creditInterestSchema,
  denyOrderSchema,
  savingsPlanSchema,
  transactionOrderSchema,
} from '@coopledger/shared/schemas/savings';
import { AREAS, actingMember, assertMayWithdraw, readablePlan, selfService } from '#core/access';
import { AppError, invalid } from '#core/errors';
import type { RequestContext } from '#core/handler';
import { domainHandler, signedIn } from '#core/handler';
import { ok, wantsDownload } from '#core/http';
import { METRIC, countMetric } from '#core/observability';
import type { ListPage } from '#core/list-page';
import { pageRequest } from '#core/list-page';
import { dateRange, pageMeta, pageParams } from '#core/paging';
import { validate } from '#core/validation';
import { creditInterest } from './interest.ts';
import { orderPage } from './order-entity.ts';
import { approveOrder, createOrder, denyOrder, presentOrder, presentTransaction } from './orders.ts';
import { addPlan, presentPlan, presentScheduleItem } from './plans.ts';
import { cooperativePlanPage, memberPlanPage, schedulePage } from './plan-entity.ts';
import type { MemberTransaction } from './member-transaction-entity.ts';
import { memberTransactionPage, memberTransactionsOf } from './member-transaction-entity.ts';
import { historyWorkbook, matchesTransaction, memberDashboard, staffDashboard } from './reports.ts';
import { importReport, importStatus, startImport } from './import.ts';
import { isSavingsImportType } from './import-rows.ts';
import { savingsImportSample } from './savings-workbooks.ts';
import { setupRecords } from '../setup/setup-entity.ts';
import { approveRequest, denyRequest, presentRequest, requestChange } from './requests.ts';
import { requestPage } from './savings-request-entity.ts';
import { searchedMemberIds } from '../members/member-search-entity.ts';
import { ORDER_STATUS, SAVINGS_PLAN_STATUS, isActive } from '@coopledger/shared/statuses';
import { FIRST_APPROVAL_GIVEN } from '@coopledger/shared/approval-rules';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The members a list's `query` names (searched on the member search items), or undefined without one. */
const searchedMembers = (ctx: RequestContext) =>
  searchedMemberIds(signedIn(ctx).tenant, ctx.query.query, pageRequest(ctx));

const presented = <T, R>(found: ListPage<T>, present: (row: T) => R) => ({
  data: found.data.map(present),
  meta: found.meta,
});

async function orderList(ctx: RequestContext, type: 'DEPOSIT' | 'WITHDRAWAL') {
  const { tenant } = signedIn(ctx);
  const { from, to } = dateRange(ctx.query);
  const found = await orderPage(tenant, type, pageRequest(ctx), { from, to, memberIds: await searchedMembers(ctx) });
  return ok(type === 'DEPOSIT' ? 'Deposits retrieved' : 'Withdrawals retrieved', presented(found, presentOrder));
}

const requestId = (ctx: RequestContext) => {
  const id = ctx.query.request_id ?? ctx.body.request_id ?? ctx.query.id ?? ctx.body.id;
  if (id === undefined || id === null || String(id).trim() === '')
    throw invalid('request_id', 'Please select a request');
  return String(id).trim();
};

export const handler = domainHandler('savings', {
  'POST /cooperative/member/savings/add-plan': async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    const memberId = await actingMember(ctx, ctx.body.coop_id ?? ctx.body.member_id, AREAS.savings, 'write');
    const input = validate(savingsPlanSchema, ctx.body);
    const plan = await addPlan(
      tenant,
      memberId,
      input,
      identity.loginId,
      selfService(ctx) || memberId === identity.loginId,
    );
    return ok(
      plan.is_target ? 'Savings plan added with its payment schedule' : 'Savings plan added',
      presentPlan(plan),
      201,
    );
  },

  'GET /savings': async (ctx) => {
    const { tenant } = signedIn(ctx);
    const memberId = await actingMember(ctx, ctx.query.coop_id ?? ctx.query.member_id, AREAS.savings, 'read');
    const found = await memberPlanPage(tenant, memberId, pageRequest(ctx));
    return ok('Savings accounts retrieved', presented(found, presentPlan));
  },

  'GET /target-savings-schedule': async (ctx) => {
    const { tenant } = signedIn(ctx);
    const plan = await readablePlan(
      ctx,
      ctx.query.target_savings_id ?? ctx.query.savings_id,
      'read',
      'target_savings_id',
    );
    const request = { ...pageRequest(ctx), query: { ...ctx.query, per_page: ctx.query.per_page ?? '100' } };
    if (!plan.is_target) {
      const { page, perPage } = pageParams(request.query);
      return ok('Payment schedule retrieved', { data: [], meta: { ...pageMeta(0, page, perPage), next_cursor: null } });
    }
    const found = await schedulePage(tenant, plan.id, request);
    return ok('Payment schedule retrieved', presented(found, presentScheduleItem));
  },

  'POST /cooperative/member/savings/change-amount': async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    const input = validate(changeAmountSchema, ctx.body);
    const plan = await readablePlan(ctx, input.savings_id, 'write');
    if (plan.status !== SAVINGS_PLAN_STATUS.ACTIVE)
      throw new AppError('CONFLICT', 'This savings account is not active');
    const request = await requestChange(tenant, plan, input.amount, input.comment, identity.loginId);
    return ok('Your request to change the savings amount has been sent', presentRequest(request, true), 201);
  },

  'GET /cooperative/savings/request': async (ctx) => {
    const { tenant } = signedIn(ctx);
    const found = await requestPage(tenant, pageRequest(ctx));
    return ok(
      'Savings requests retrieved',
      presented(found, (r) => presentRequest(r, true)),
    );
  },

  'GET /cooperative/savings/request/member': async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    const found = await requestPage(tenant, pageRequest(ctx), identity.loginId);
    return ok(
      'Savings requests retrieved',
      presented(found, (r) => presentRequest(r, false)),
    );
  },

  'POST /cooperative/savings/request/approve': async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    const request = await approveRequest(tenant, requestId(ctx), identity.loginId);
    return ok('Savings change request approved', presentRequest(request, true));
  },

  'POST /cooperative/savings/request/deny': async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    const request = await denyRequest(tenant, requestId(ctx), identity.loginId);
    return ok('Savings change request denied', presentRequest(request, true));
  },

  'POST /cooperative/transaction-order': async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    const input = validate(transactionOrderSchema, ctx.body);
    if (input.transaction_type === 'DEPOSIT' && !input.date) throw invalid('date', 'This field is required');
    if (input.transaction_type === 'WITHDRAWAL') assertMayWithdraw(ctx);
    const plan = await readablePlan(ctx, input.savings_id, 'write');
    const order = await createOrder(tenant, plan, input, identity.loginId);
    return ok(
      order.transaction_type === 'DEPOSIT' ? 'Deposit submitted for approval' : 'Withdrawal submitted for approval',
      presentOrder(order),
      201,
    );
  },

  'GET /cooperative/transaction-order/deposits': (ctx) => orderList(ctx, 'DEPOSIT'),
  'GET /cooperative/transaction-order/withdrawals': (ctx) => orderList(ctx, 'WITHDRAWAL'),

  'GET /cooperative/transaction-order/savings': async (ctx) => {
    const { tenant } = signedIn(ctx);
    const { from, to } = dateRange(ctx.query);
    const found = await cooperativePlanPage(tenant, pageRequest(ctx), {
      from,
      to,
      memberIds: await searchedMembers(ctx),
    });
    return ok('Savings accounts retrieved', presented(found, presentPlan));
  },

  'POST /cooperative/transaction-order/approve': async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    const input = validate(approveOrderSchema, ctx.body);
    const order = await approveOrder(tenant, input.transaction_id, input.bank_id, identity.loginId);
    const kind = order.transaction_type === 'DEPOSIT' ? 'Deposit' : 'Withdrawal';
    if (order.status === ORDER_STATUS.PENDING) return ok(`${kind}: ${FIRST_APPROVAL_GIVEN}`, presentOrder(order));
    countMetric(METRIC.orderApprovals);
    return ok(`${kind} approved`, presentOrder(order));
  },

  'POST /cooperative/transaction-order/deny': async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    const input = validate(denyOrderSchema, ctx.body);
    const order = await denyOrder(tenant, input.transaction_id, identity.loginId);
    return ok(order.transaction_type === 'DEPOSIT' ? 'Deposit denied' : 'Withdrawal denied', presentOrder(order));
  },

  'GET /cooperative/member/details/transaction-history': async (ctx) => {
    const { tenant } = signedIn(ctx);
    const memberId = await actingMember(ctx, ctx.query.coop_id ?? ctx.query.member_id, AREAS.savings, 'read');
    const { from, to } = dateRange(ctx.query);
    if (wantsDownload(ctx.query)) {
      // The export: every transaction of the one member in the range that the search matches.
      const rows = (await memberTransactionsOf(tenant, memberId, { from, to })).filter((t) =>
        matchesTransaction(t, ctx.query.query),
      );
      const stamp = new Date().toISOString().replaceAll(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');
      return {
        kind: 'file',
        fileName: `transaction-history-${memberId}-${stamp}.xlsx`,
        contentType: XLSX,
        content: await historyWorkbook(memberId, rows),
      };
    }
    const keep = ctx.query.query?.trim() ? (t: MemberTransaction) => matchesTransaction(t, ctx.query.query) : undefined;
    const found = await memberTransactionPage(tenant, memberId, pageRequest(ctx), { from, to, keep });
    return ok('Transactions retrieved', presented(found, presentTransaction));
  },

  'GET /cooperative/dashboard': async (ctx) => {
    const { tenant } = signedIn(ctx);
    return ok('Dashboard retrieved', await staffDashboard(tenant));
  },

  'GET /cooperative/member/single/dashboard': async (ctx) => {
    const { tenant } = signedIn(ctx);
    // Staff name the member by coop_id only here.
    const named = selfService(ctx) ? (ctx.query.coop_id ?? ctx.query.member_id) : ctx.query.coop_id;
    const memberId = await actingMember(ctx, named, AREAS.savings, 'read');
    return ok('Dashboard retrieved', await memberDashboard(tenant, memberId));
  },

  'POST /cooperative/savings/credit-interest': async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    const { month } = validate(creditInterestSchema, { ...ctx.query, ...ctx.body });
    const run = await creditInterest(tenant, month, identity.loginId);
    return ok(`Interest for ${month} credited to ${run.credited} account(s)`, {
      ...run,
      amount: toNaira(run.amount),
    } satisfies InterestRunView);
  },

  'GET /cooperative/member/savings/download-sample': async (ctx) => {
    const { tenant } = signedIn(ctx);
    const type = String(ctx.query.download_type ?? '')
      .trim()
      .toUpperCase();
    if (!isSavingsImportType(type)) throw invalid('download_type', 'Please select a sample type');
    const products = await setupRecords.product.list(tenant);
    const regular = products.find(
      (p) => isActive(p.status) && /savings/i.test(String(p.name)) && String(p.name).toLowerCase() !== 'targeted',
    );
    const content = await savingsImportSample(type, { product: regular ? String(regular.name) : undefined });
    return { kind: 'file', fileName: 'sample-savings-import.xlsx', contentType: XLSX, content };
  },

  'POST /savings/import': async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    const started = await startImport(tenant, ctx.body, ctx.files, identity.loginId);
    return ok('The import has started; follow its progress with the import id', started, 202);
  },

  'GET /savings/import/status': async (ctx) => {
    const { tenant } = signedIn(ctx);
    return ok('Import status retrieved', await importStatus(tenant, ctx.query.import_id));
  },

  'GET /savings/import/report': async (ctx) => {
    const { tenant } = signedIn(ctx);
    const content = await importReport(tenant, ctx.query.import_id);
    return { kind: 'file', fileName: `savings-import-report-${ctx.query.import_id}.xlsx`, contentType: XLSX, content };
  },
});
