import { today } from '@coopledger/shared/dates';
import { FIRST_APPROVAL_GIVEN } from '@coopledger/shared/approval-rules';
import { INVESTMENT_STATUS, JOURNAL_ENTRY_STATUS } from '@coopledger/shared/statuses';
import type { InvestmentStatus } from '@coopledger/shared/statuses';
import {
  investmentCloseSchema,
  investmentSchema,
  journalEntryApproveSchema,
  journalEntryDenySchema,
  journalEntrySchema,
  journalEntryUpdateSchema,
  yearCloseSchema,
  yearReopenSchema,
} from '@coopledger/shared/schemas/accounting';
import { invalid } from '#core/errors';
import type { RequestContext } from '#core/handler';
import { domainHandler, signedIn } from '#core/handler';
import { ok } from '#core/http';
import { pageRequest } from '#core/list-page';
import { dateRange } from '#core/paging';
import { validate } from '#core/validation';
import { loadChartTree } from '../reports/chart-tree.ts';
import { closeYear, financialYears, reopenYear } from './financial-years.ts';
import { investmentPage } from './investment-entity.ts';
import { bankAccounts, closeInvestment, openInvestment, presentInvestment } from './investments.ts';
import { awaitingEntriesPage, postedEntriesPage } from './journal-entry-entity.ts';
import {
  approveEntry,
  createEntry,
  deleteEntry,
  denyEntry,
  entryToShow,
  presentEntry,
  updateEntry,
} from './journal-entries.ts';

/**
 * The journal list's range: start_date/end_date (or the spec's startDate/endDate), by default the start of the month to
 * today.
 */
function journalRange(ctx: RequestContext): { from: string; to: string } {
  const { from, to } = dateRange({
    start_date: ctx.query.start_date ?? ctx.query.startDate,
    end_date: ctx.query.end_date ?? ctx.query.endDate,
  });
  const end = to ?? today();
  return { from: from ?? `${end.slice(0, 7)}-01`, to: end };
}

/** The tracker's status filter: open (1) or closed (2); empty for all. */
function investmentStatus(value: string | undefined): InvestmentStatus | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  const status = Number(text);
  if (status !== INVESTMENT_STATUS.OPEN && status !== INVESTMENT_STATUS.CLOSED)
    throw invalid('status', 'Status must be 1 (open) or 2 (closed)');
  return status;
}

const codeOf = (value: unknown, field: string) => {
  const code = typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
  if (!code) throw invalid(field, 'Select a journal entry');
  return code;
};

export const handler = domainHandler('accounting', {
  'GET /cooperative/journal-entry': async (ctx) => {
    const { tenant } = signedIn(ctx);
    const { from, to } = journalRange(ctx);
    const [found, tree] = await Promise.all([
      postedEntriesPage(tenant, from, to, pageRequest(ctx)),
      loadChartTree(tenant),
    ]);
    return ok('Journal entries retrieved', { data: found.data.map((e) => presentEntry(e, tree)), meta: found.meta });
  },

  'GET /cooperative/journal-entry/single': async (ctx) => {
    const { tenant } = signedIn(ctx);
    const code = codeOf(ctx.query.transaction_code ?? ctx.query.id, 'transaction_code');
    const [entry, tree] = await Promise.all([entryToShow(tenant, code), loadChartTree(tenant)]);
    return ok('Journal entry retrieved', presentEntry(entry, tree));
  },

  'GET /cooperative/journal-entry/awaiting': async (ctx) => {
    const { tenant } = signedIn(ctx);
    const [found, tree] = await Promise.all([awaitingEntriesPage(tenant, pageRequest(ctx)), loadChartTree(tenant)]);
    return ok('Journal entries awaiting approval retrieved', {
      data: found.data.map((e) => presentEntry(e, tree)),
      meta: found.meta,
    });
  },

  'POST /cooperative/journal-entry/approve': async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    const input = validate(journalEntryApproveSchema, ctx.body);
    const { entry, posted } = await approveEntry(tenant, input.transaction_code, identity.loginId);
    const tree = await loadChartTree(tenant);
    return ok(
      posted
        ? `Journal entry ${entry.transaction_code} approved and posted`
        : `Journal entry ${entry.transaction_code}: ${FIRST_APPROVAL_GIVEN}`,
      presentEntry(entry, tree),
    );
  },

  'POST /cooperative/journal-entry/deny': async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    const input = validate(journalEntryDenySchema, ctx.body);
    const entry = await denyEntry(tenant, input.transaction_code, identity.loginId, input.reason);
    return ok(
      `Journal entry ${entry.transaction_code} denied: nothing was posted`,
      presentEntry(entry, await loadChartTree(tenant)),
    );
  },

  'POST /cooperative/journal-entry': async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    const input = validate(journalEntrySchema, ctx.body);
    const tree = await loadChartTree(tenant);
    const entry = await createEntry(tenant, tree, input, identity.loginId);
    const awaits = entry.status === JOURNAL_ENTRY_STATUS.AWAITING_APPROVAL;
    return ok(
      awaits
        ? `Journal entry ${entry.transaction_code} saved: it awaits two approvals before it is posted`
        : `Journal entry ${entry.transaction_code} posted`,
      presentEntry(entry, tree),
      201,
    );
  },

  'POST /cooperative/journal-entry/update': async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    const code = codeOf(
      ctx.body.transaction_code ?? ctx.query.transaction_code ?? ctx.body.id ?? ctx.query.id,
      'transaction_code',
    );
    const input = validate(journalEntryUpdateSchema, { ...ctx.body, transaction_code: code });
    const tree = await loadChartTree(tenant);
    const { entry, changed } = await updateEntry(tenant, tree, code, input, identity.loginId);
    return ok(
      changed
        ? `Journal entry ${entry.transaction_code} updated: the old lines were reversed and the new ones posted`
        : `Journal entry ${entry.transaction_code} already says this: nothing was posted`,
      presentEntry(entry, tree),
    );
  },

  'DELETE /cooperative/journal-entry': async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    const code = codeOf(ctx.query.id ?? ctx.query.transaction_code, 'id');
    const entry = await deleteEntry(tenant, code, identity.loginId);
    return ok(`Journal entry ${entry.transaction_code} deleted: its posting was reversed`);
  },

  'GET /cooperative/investment-tracker': async (ctx) => {
    const { tenant } = signedIn(ctx);
    const status = investmentStatus(ctx.query.status);
    const [found, tree] = await Promise.all([investmentPage(tenant, pageRequest(ctx), status), loadChartTree(tenant)]);
    const banks = await bankAccounts(
      tenant,
      found.data.map((i) => i.bank_id),
    );
    return ok('Investments retrieved', {
      data: found.data.map((i) => presentInvestment(i, tree, banks)),
      meta: found.meta,
    });
  },

  'POST /cooperative/investment-tracker': async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    const input = validate(investmentSchema, ctx.body);
    const tree = await loadChartTree(tenant);
    const record = await openInvestment(tenant, tree, input, identity.loginId);
    return ok(
      'Investment saved and posted',
      presentInvestment(record, tree, await bankAccounts(tenant, [record.bank_id])),
      201,
    );
  },

  'POST /cooperative/investment-tracker/close': async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    const input = validate(investmentCloseSchema, ctx.body);
    const { record, duplicate } = await closeInvestment(tenant, input, identity.loginId);
    const tree = await loadChartTree(tenant);
    return ok(
      duplicate ? 'This investment had already been closed' : 'Investment closed and its income posted',
      presentInvestment(record, tree, await bankAccounts(tenant, [record.bank_id])),
    );
  },

  'GET /cooperative/financial-years': async (ctx) => {
    const { tenant } = signedIn(ctx);
    return ok('Financial years retrieved', await financialYears(tenant));
  },

  'POST /cooperative/financial-years/close': async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    const input = validate(yearCloseSchema, ctx.body);
    const { year, already } = await closeYear(tenant, input.year_end, identity.loginId);
    return ok(`The financial year ending ${year.end} ${already ? 'was already' : 'is'} closed`, year);
  },

  'POST /cooperative/financial-years/reopen': async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    const input = validate(yearReopenSchema, ctx.body);
    const year = await reopenYear(tenant, input.year_end, input.reason, identity.loginId);
    return ok(`The financial year ending ${year.end} is reopened`, year);
  },
});
