import type { GlBalanceView } from '@coopledger/shared/accounting-views';
import { koboOf, nairaFigure } from '@coopledger/shared/money';
import { invalid, notFound } from '#core/errors';
import type { RequestContext } from '#core/handler';
import { domainHandler } from '#core/handler';
import { ok } from '#core/http';
import { pageParams, paginate } from '#core/paging';
import { crudHandlers, entityContext } from '../setup/crud.ts';
import { coaCategories, coaSubCategories, ledgerAccounts, nextGlCode } from './chart-entities.ts';
import { glTotalsOf } from './gl-total-entity.ts';

async function generateCode(req: RequestContext) {
  const ctx = entityContext(req);
  const subId = req.query.subcategory_id?.trim();
  if (!subId) throw invalid('subcategory_id', 'Select Coa Category');
  const sub = (await ctx.related.subCategories()).get(subId);
  if (!sub) throw notFound('COA sub-category');
  const code = nextGlCode(sub, (await ctx.related.glAccounts()).values());
  return ok('GL code generated', { code });
}

export const handler = domainHandler('chart', {
  ...crudHandlers(coaCategories, { base: '/cooperative/coa/categories' }),
  ...crudHandlers(coaCategories, { base: '/coa/categories' }),
  ...crudHandlers(coaSubCategories, { base: '/cooperative/coa/sub_categories' }),
  ...crudHandlers(coaSubCategories, { base: '/coa/sub_categories' }),
  ...crudHandlers(ledgerAccounts, { base: '/cooperative/coa' }),
  ...crudHandlers(ledgerAccounts, { base: '/coa' }),
  'GET /cooperative/coa/generate-code': generateCode,
  'GET /coa/generate-code': generateCode,

  /** The GL accounts list of GL Setup, with balances from the ledger's all-time running totals. */
  'GET /cooperative/gl-accounts': async (req) => {
    const ctx = entityContext(req);
    const [accounts, totals, categories, subs] = await Promise.all([
      ctx.related.glAccounts(),
      glTotalsOf(ctx.tenant),
      ctx.related.categories(),
      ctx.related.subCategories(),
    ]);
    const totalOf = new Map(totals.map((t) => [t.gl_code, t]));
    const search = req.query.query?.replaceAll('+', ' ').trim().toLowerCase();
    const rows = [...accounts.values()]
      .filter((a) => !req.query.category_id || a.category_code === req.query.category_id)
      .filter((a) => !search || `${a.code} ${a.name}`.toLowerCase().includes(search))
      .map((a): GlBalanceView => {
        const total = totalOf.get(a.code);
        const debit = koboOf(total?.debit);
        const credit = koboOf(total?.credit);
        // The balance is shown on the account's normal side.
        const balance = a.type === 'D' ? debit - credit : credit - debit;
        return {
          id: a.code,
          code: a.code,
          name: a.name,
          type: a.type,
          category_id: a.category_code,
          category_name: categories.get(a.category_code)?.name ?? null,
          subcategory_id: a.subcategory_code,
          subcategory_name: subs.get(a.subcategory_code)?.name ?? null,
          status: a.status,
          debit: nairaFigure(debit),
          credit: nairaFigure(credit),
          balance: nairaFigure(balance),
        };
      });
    const { page, perPage } = pageParams(req.query);
    return ok('GL accounts retrieved', paginate(rows, page, perPage));
  },
});
