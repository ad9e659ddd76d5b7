import type { NairaFigure } from '@coopledger/shared/money';
import { figureKobo, nairaFigure, sumKobo } from '@coopledger/shared/money';
import { addDays, today, yearBefore } from '@coopledger/shared/dates';
import type { ConsolidatedRow } from '@coopledger/shared/report-views';
import { reportPeriodSchema } from '@coopledger/shared/schemas/accounting';
import { AppError, invalid, notFound } from '#core/errors';
import { totalsAsAt } from '#core/gl-balances';
import type { RequestContext } from '#core/handler';
import { domainHandler, signedIn } from '#core/handler';
import type { RouteResult } from '#core/http';
import { ok, wantsDownload } from '#core/http';
import { pageRequest } from '#core/list-page';
import { validate } from '#core/validation';
import { listCooperatives, statsOf } from '../cooperatives/cooperative-store.ts';
import { cooperativePage } from '../cooperatives/cooperative-entity.ts';
import { membersCounted, statsOfCooperative } from '../cooperatives/cooperative-stats-entity.ts';
import type { CooperativeRecord } from '../cooperatives/cooperative-store.ts';
import { memberPage } from '../members/member-entity.ts';
import { searchWords } from '#core/search-tokens';
import { memberTokens, searchMembers } from '../members/member-search-entity.ts';
import { listMembers } from '../members/member-store.ts';
import { analysisReport } from './analysis.ts';
import { loadChartTree } from './chart-tree.ts';
import { consolidatedRow } from './consolidated.ts';
import { ledgerStatement } from './ledger-statement.ts';
import { equitySetupIds, memberBalanceRows } from './member-balances.ts';
import { portfolioAccounts } from './portfolio-accounts.ts';
import {
  balanceSheetWorkbook,
  consolidatedWorkbook,
  incomeStatementWorkbook,
  ledgerStatementWorkbook,
  memberBalancesWorkbook,
  reportFileName,
  trialBalanceWorkbook,
} from './report-workbooks.ts';
import { accountStatement, balanceSheet, incomeStatement, trialBalance } from './statements.ts';
import { movementsBeforeClosing } from '../accounting/financial-years.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** The longest range a report covers; longer ones would read too many month partitions. */
const MAX_YEARS = 10;

const file = async (content: Promise<Buffer>, prefix?: string): Promise<RouteResult> => ({
  kind: 'file',
  fileName: reportFileName(prefix),
  contentType: XLSX,
  content: await content,
});

/** start_date and end_date (or the spec's start and end); the start of the year to today when left out. */
function period(ctx: RequestContext): { start: string; end: string } {
  const end = ctx.query.end_date || ctx.query.end || ctx.query.endDate || today();
  const start = ctx.query.start_date || ctx.query.start || ctx.query.startDate || `${end.slice(0, 4)}-01-01`;
  const checked = validate(reportPeriodSchema, { start_date: start, end_date: end });
  if (Number(checked.end_date.slice(0, 4)) - Number(checked.start_date.slice(0, 4)) > MAX_YEARS) {
    throw invalid('start_date', `Choose a range of at most ${MAX_YEARS} years`);
  }
  return { start: checked.start_date, end: checked.end_date };
}

/**
 * The member balances report: a page of the members by name (the members list's index and count),
 * or of those found by search items, each row's balances read for the page's members only. The
 * download is the whole report, so it reads every member and keeps those the words find.
 */
async function memberBalances(ctx: RequestContext): Promise<RouteResult> {
  const { tenant } = signedIn(ctx);
  const words = searchWords(ctx.query.query);
  const equityOf = async () => equitySetupIds(tenant, await loadChartTree(tenant));
  if (wantsDownload(ctx.query)) {
    const found = (await listMembers(tenant)).filter((m) => {
      const tokens = memberTokens(m);
      return words.every((word) => tokens.some((token) => token.startsWith(word)));
    });
    return file(memberBalancesWorkbook(await memberBalanceRows(tenant, found, await equityOf())));
  }
  const request = pageRequest(ctx);
  const counted = async () => {
    const stats = await statsOfCooperative(tenant);
    return membersCounted(stats);
  };
  const [found, equity] = await Promise.all([
    words.length > 0 ? searchMembers(tenant, ctx.query.query ?? '', request) : memberPage(tenant, request, counted),
    equityOf(),
  ]);
  return ok('Member balances retrieved', {
    data: await memberBalanceRows(tenant, found.data, equity),
    meta: found.meta,
  });
}

/**
 * The consolidated report: a page of the platform's cooperatives (code order, counted), each row's
 * figures computed for the period, and the totals of the page's rows. The download is the whole
 * report, so it reads every cooperative (docs/decisions.md 2026-11-26 "Paging the books' lists").
 */
async function consolidated(ctx: RequestContext): Promise<RouteResult> {
  const { start, end } = period(ctx);
  if (wantsDownload(ctx.query))
    return file(
      consolidatedWorkbook(await consolidatedRows(await listCooperatives(), start, end)),
      'consolidated-report',
    );
  const found = await cooperativePage(pageRequest(ctx));
  const rows = await consolidatedRows(found.data, start, end);
  const count = (pick: (r: ConsolidatedRow['meta']) => number) => rows.reduce((s, r) => s + pick(r.meta), 0);
  const money = (pick: (r: ConsolidatedRow['meta']) => NairaFigure) =>
    nairaFigure(sumKobo(rows.map((r) => figureKobo(pick(r.meta)))));
  return ok('Consolidated report retrieved', {
    start_date: start,
    end_date: end,
    data: rows,
    meta: found.meta,
    totals: {
      activeMembers: count((m) => m.activeMembers),
      inactiveMembers: count((m) => m.inactiveMembers),
      totalSavings: money((m) => m.totalSavings),
      totalLoans: money((m) => m.totalLoans),
      loansPaid: money((m) => m.loansPaid),
    },
  });
}

/** The consolidated rows of some cooperatives for a period, 8 cooperatives at a time. */
async function consolidatedRows(chosen: CooperativeRecord[], start: string, end: string): Promise<ConsolidatedRow[]> {
  const stats = await statsOf(chosen.map((c) => c.id));
  const rows: ConsolidatedRow[] = [];
  for (let i = 0; i < chosen.length; i += 8) {
    rows.push(
      ...(await Promise.all(chosen.slice(i, i + 8).map((c) => consolidatedRow(c, stats.get(c.id), start, end)))),
    );
  }
  return rows;
}

export const handler = domainHandler('reports', {
  'GET /cooperative/reports/trial-balance': async (ctx) => {
    const { tenant } = signedIn(ctx);
    const { start, end } = period(ctx);
    const [tree, opening, moved] = await Promise.all([
      loadChartTree(tenant),
      totalsAsAt(tenant, addDays(start, -1)),
      movementsBeforeClosing(tenant, start, end),
    ]);
    const report = trialBalance(tree, opening, moved, { start, end });
    return wantsDownload(ctx.query) ? file(trialBalanceWorkbook(report)) : ok('Trial balance retrieved', report);
  },

  'GET /cooperative/reports/get-ledger-statement': async (ctx) => {
    const { tenant } = signedIn(ctx);
    const code = (ctx.query.ledger_code ?? ctx.query.code ?? '').trim();
    if (!code) throw invalid('ledger_code', 'Select GL account');
    const { start, end } = period(ctx);
    const statement = await ledgerStatement(tenant, await loadChartTree(tenant), code, start, end);
    return wantsDownload(ctx.query)
      ? file(ledgerStatementWorkbook(statement))
      : ok('Ledger statement retrieved', statement);
  },

  'GET /cooperative/reports/income-statement': async (ctx) => {
    const { tenant } = signedIn(ctx);
    const { start, end } = period(ctx);
    const before = { start: yearBefore(start), end: yearBefore(end) };
    const [tree, current, previous] = await Promise.all([
      loadChartTree(tenant),
      movementsBeforeClosing(tenant, start, end),
      movementsBeforeClosing(tenant, before.start, before.end),
    ]);
    const report = incomeStatement(tree, current, previous, { previous_year: before, current_year: { start, end } });
    return wantsDownload(ctx.query) ? file(incomeStatementWorkbook(report)) : ok('Income statement retrieved', report);
  },

  'GET /cooperative/reports/balance-sheet': async (ctx) => {
    const { tenant } = signedIn(ctx);
    const { start, end } = period(ctx);
    const [tree, current, previous, periodNow, periodBefore] = await Promise.all([
      loadChartTree(tenant),
      totalsAsAt(tenant, end),
      totalsAsAt(tenant, yearBefore(end)),
      movementsBeforeClosing(tenant, start, end),
      movementsBeforeClosing(tenant, yearBefore(start), yearBefore(end)),
    ]);
    const report = balanceSheet(
      tree,
      current,
      previous,
      { current: periodNow, previous: periodBefore },
      { previous_year: yearBefore(end), current_year: end },
    );
    return wantsDownload(ctx.query) ? file(balanceSheetWorkbook(report)) : ok('Balance sheet retrieved', report);
  },

  'GET /cooperative/reports/get-account-statement': async (ctx) => {
    const { tenant } = signedIn(ctx);
    const subCode = (ctx.query.subcategory_id ?? ctx.query.id ?? '').trim();
    if (!subCode) throw invalid('subcategory_id', 'Select a sub-category');
    const { start, end } = period(ctx);
    const tree = await loadChartTree(tenant);
    const sub = tree.subCategories.get(subCode);
    if (!sub) throw notFound('COA sub-category');
    // Income and expense accounts show what moved in the period; balance sheet accounts their balance at the end date.
    const byMovement = ['income', 'direct_expense', 'operating_expense'].includes(sub.category.class);
    const [current, previous] = await Promise.all(
      byMovement
        ? [
            movementsBeforeClosing(tenant, start, end),
            movementsBeforeClosing(tenant, yearBefore(start), yearBefore(end)),
          ]
        : [totalsAsAt(tenant, end), totalsAsAt(tenant, yearBefore(end))],
    );
    const statement = accountStatement(tree, subCode, current, previous, {
      current_year: end.slice(0, 4),
      previous_year: yearBefore(end).slice(0, 4),
    });
    if (!statement) throw new AppError('NOT_FOUND', 'COA sub-category not found');
    return ok('Account statement retrieved', statement);
  },

  'GET /cooperative/reports/member-balance': memberBalances,

  'GET /cooperative/reports/analysis': async (ctx) => {
    const { tenant } = signedIn(ctx);
    const { start, end } = period(ctx);
    const accounts = await portfolioAccounts(tenant, await loadChartTree(tenant));
    return ok('Analysis report retrieved', await analysisReport(tenant, accounts, start, end));
  },

  'GET /consolidated-report': consolidated,
});
