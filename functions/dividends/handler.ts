import { dividendGlSetupSchema, revenueSharingSchema } from '@coopledger/shared/schemas/dividends';
import { nowIso } from '#core/db';
import { domainHandler, signedIn } from '#core/handler';
import { ok } from '#core/http';
import { validate } from '#core/validation';
import { loadChartTree } from '../reports/chart-tree.ts';
import { findDividendGlSetup, saveDividendGlSetup } from './gl-setup-entity.ts';
import { checkGlSetup, presentGlSetup, revenueSharing } from './revenue-sharing.ts';

/**
 * Dividends (issue 21): the GL setup and revenue sharing. docs/decisions.md 2026-11-26 "Dividends:
 * GL setup and revenue sharing".
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
});
