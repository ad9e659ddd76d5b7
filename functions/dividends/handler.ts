import {
  dividendComputeSchema,
  dividendGlSetupSchema,
  dividendPaySchema,
  dividendRefSchema,
  headOfficeTargetsSchema,
  headOfficeYearSchema,
  revenueSharingSchema,
} from '@coopledger/shared/schemas/dividends';
import type { HeadOfficeRowView, HeadOfficeSummaries } from '@coopledger/shared/dividend-views';
import { nowIso } from '#core/db';
import { domainHandler, signedIn } from '#core/handler';
import { ok, wantsDownload } from '#core/http';
import { XLSX_CONTENT_TYPE } from '#core/import-files';
import { pageRequest } from '#core/list-page';
import { validate } from '#core/validation';
import { loadChartTree } from '../reports/chart-tree.ts';
import { findDividendGlSetup, saveDividendGlSetup } from './gl-setup-entity.ts';
import { checkGlSetup, presentGlSetup, revenueSharing } from './revenue-sharing.ts';
import { computeDividend } from './compute.ts';
import { declarationMemberPage, declarationMembers, declarationPage, deleteDraft } from './declaration-entity.ts';
import { dividendReportFileName, dividendWorkbook } from './report.ts';
import { dividendUploadSample, uploadDividend } from './upload.ts';
import {
  approveDeclaration,
  overlapMessage,
  overlappingApproved,
  presentComputation,
  presentDeclaration,
  presentDeclarationMember,
  requireDeclaration,
  saveComputation,
} from './declarations.ts';
import { conflict } from '#core/errors';
import { DIVIDEND_STATUS } from '@coopledger/shared/statuses';
import { startPayment } from './payment.ts';
import { cooperativePage } from '../cooperatives/cooperative-entity.ts';
import { findHeadOfficeTargets, saveHeadOfficeTargets, targetsOfCooperatives } from './head-office-target-entity.ts';
import { headOfficeSummary } from './head-office.ts';
import { memberDividends } from './member-dividends.ts';

/**
 * Dividends (issue 21): the GL setup, revenue sharing, declarations, their payment and report, and
 * the head office summary (docs/decisions.md 2026-11-26 and 2026-11-27 entries on dividends).
 */
export const handler = domainHandler('dividends', {
  'GET /cooperative/dividend/gl-setup': async (ctx) => {
    const { tenant } = signedIn(ctx);
    const [record, tree] = await Promise.all([findDividendGlSetup(tenant), loadChartTree(tenant)]);
    return ok('Dividend GL setup retrieved', presentGlSetup(record, tree));
  },

  'POST /cooperative/dividend/gl-setup': async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    const input = validate(dividendGlSetupSchema, ctx.body);
    const tree = await loadChartTree(tenant);
    checkGlSetup(tree, input);
    const record = await saveDividendGlSetup(tenant, input, identity.loginId, nowIso());
    return ok('Dividend GL setup saved', presentGlSetup(record, tree));
  },

  'GET /cooperative/dividend/revenue-sharing': async (ctx) => {
    const { tenant } = signedIn(ctx);
    const input = validate(revenueSharingSchema, ctx.query);
    const tree = await loadChartTree(tenant);
    return ok('Revenue sharing computed', await revenueSharing(tenant, tree, input));
  },

  'POST /cooperative/dividend/compute': async (ctx) => {
    const { tenant } = signedIn(ctx);
    const input = validate(dividendComputeSchema, ctx.body);
    const computation = await computeDividend(tenant, await loadChartTree(tenant), input);
    return ok('Dividend computed', presentComputation(computation));
  },

  'GET /cooperative/dividend/declarations': async (ctx) => {
    const { tenant } = signedIn(ctx);
    const found = await declarationPage(tenant, pageRequest(ctx));
    return ok('Dividends retrieved', { data: found.data.map(presentDeclaration), meta: found.meta });
  },

  'POST /cooperative/dividend/declarations': async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    const input = validate(dividendComputeSchema, ctx.body);
    const { overlap } = await overlappingApproved(tenant, input.from, input.to);
    if (overlap) throw conflict(overlapMessage(overlap));
    const computation = await computeDividend(tenant, await loadChartTree(tenant), input);
    const record = await saveComputation(tenant, computation, identity.loginId);
    return ok('Dividend saved as a Draft', presentDeclaration(record), 201);
  },

  'POST /cooperative/dividend/declarations/upload': async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    const record = await uploadDividend(tenant, ctx.files, identity.loginId);
    return ok('Dividend saved as a Draft', presentDeclaration(record), 201);
  },

  'GET /cooperative/dividend/declarations/download-sample': async () => ({
    kind: 'file',
    fileName: 'sample-dividend-upload.xlsx',
    contentType: XLSX_CONTENT_TYPE,
    content: await dividendUploadSample(),
  }),

  'GET /cooperative/dividend/declarations/single': async (ctx) => {
    const { tenant } = signedIn(ctx);
    const { id } = validate(dividendRefSchema, ctx.query);
    return ok('Dividend retrieved', presentDeclaration(await requireDeclaration(tenant, id)));
  },

  'GET /cooperative/dividend/declarations/members': async (ctx) => {
    const { tenant } = signedIn(ctx);
    const { id } = validate(dividendRefSchema, ctx.query);
    const declaration = await requireDeclaration(tenant, id);
    if (wantsDownload(ctx.query)) {
      const lines = await declarationMembers(tenant, id);
      return {
        kind: 'file',
        fileName: dividendReportFileName(declaration),
        contentType: XLSX_CONTENT_TYPE,
        content: await dividendWorkbook(declaration, lines),
      };
    }
    const found = await declarationMemberPage(tenant, declaration, pageRequest(ctx));
    return ok('Dividend members retrieved', { data: found.data.map(presentDeclarationMember), meta: found.meta });
  },

  'DELETE /cooperative/dividend/declarations': async (ctx) => {
    const { tenant } = signedIn(ctx);
    const { id } = validate(dividendRefSchema, ctx.query);
    await requireDeclaration(tenant, id);
    await deleteDraft(tenant, id);
    return ok('Dividend deleted');
  },

  'POST /cooperative/dividend/declarations/approve': async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    const { id } = validate(dividendRefSchema, { ...ctx.body, ...ctx.query });
    const record = await approveDeclaration(tenant, id, identity.loginId);
    return ok('Dividend approved', presentDeclaration(record));
  },

  'POST /cooperative/dividend/declarations/pay': async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    const { id } = validate(dividendRefSchema, { ...ctx.body, ...ctx.query });
    const input = validate(dividendPaySchema, ctx.body);
    const record = await startPayment(tenant, id, input, identity.loginId);
    return record.status === DIVIDEND_STATUS.PAID
      ? ok('Dividend paid', presentDeclaration(record))
      : ok('Dividend payment started', presentDeclaration(record), 202);
  },

  'GET /cooperative/dividend/head-office-summary': async (ctx) => {
    const { tenant } = signedIn(ctx);
    const { year } = validate(headOfficeYearSchema, ctx.query);
    const targets = await findHeadOfficeTargets(tenant, year);
    return ok('Head office summary retrieved', await headOfficeSummary(tenant, year, targets));
  },

  'POST /cooperative/dividend/head-office-summary/targets': async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    const input = validate(headOfficeTargetsSchema, ctx.body);
    const targets = await saveHeadOfficeTargets(tenant, input, identity.loginId, nowIso());
    return ok('Targets saved', await headOfficeSummary(tenant, input.year, targets));
  },

  'GET /head-office-summary': async (ctx) => {
    const { year } = validate(headOfficeYearSchema, ctx.query);
    const found = await cooperativePage(pageRequest(ctx));
    const targets = await targetsOfCooperatives(
      found.data.map((c) => c.id),
      year,
    );
    const rows: HeadOfficeRowView[] = [];
    // Eight cooperatives at a time, as the consolidated report reads them.
    for (let i = 0; i < found.data.length; i += 8) {
      rows.push(
        ...(await Promise.all(
          found.data.slice(i, i + 8).map(async (c) => ({
            cooperative: { id: c.id, code: c.code, name: c.name },
            ...(await headOfficeSummary(c.id, year, targets.get(c.id))),
          })),
        )),
      );
    }
    const page: HeadOfficeSummaries = { year, data: rows, meta: found.meta };
    return ok('Head office summaries retrieved', page);
  },

  // The member is the caller: their member number is the token's login, never a request's.
  'GET /member/dividends': async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    return ok('Your dividends retrieved', await memberDividends(tenant, identity.loginId));
  },
});
