import type { GlBalanceView } from '@coopledger/shared/accounting-views';
import { koboOf, nairaFigure } from '@coopledger/shared/money';
import { invalid, notFound } from '#core/errors';
import type { RequestContext } from '#core/handler';
import { domainHandler } from '#core/handler';
import { ok } from '#core/http';
import { pageRequest } from '#core/list-page';
import { crudHandlers, entityContext } from '../setup/crud.ts';
import { coaCategories, coaSubCategories, ledgerAccounts, nextGlCode } from './chart-entities.ts';
import type { GlAccountRecord } from './coa-entity.ts';
import { chartRecords } from './coa-entity.ts';
import { glTotalsFor } from './gl-total-entity.ts';

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

  /**
   * The GL accounts list of GL Setup, in code order, with balances from the ledger's all-time running
   * totals: one page of the chart's accounts (the category filter and the code/name search walk the
   * chart from the cursor), then one BatchGet each of the page's totals, categories and sub-categories.
   */
  'GET /cooperative/gl-accounts': async (req) => {
    const ctx = entityContext(req);
    const category = req.query.category_id?.trim();
    const search = req.query.query?.replaceAll('+', ' ').trim().toLowerCase();
    const keep =
      category || search
        ? (a: GlAccountRecord) =>
            (!category || a.category_code === category) &&
            (!search || `${a.code} ${a.name}`.toLowerCase().includes(search))
        : undefined;
    const found = await chartRecords.GL.page(ctx.tenant, pageRequest(req), keep);
    const [totals, categories, subs] = await Promise.all([
      glTotalsFor(
        ctx.tenant,
        found.data.map((a) => a.code),
      ),
      chartRecords.CAT.some(
        ctx.tenant,
        found.data.map((a) => a.category_code),
      ),
      chartRecords.SUB.some(
        ctx.tenant,
        found.data.map((a) => a.subcategory_code),
      ),
    ]);
    const totalOf = new Map(totals.map((t) => [t.gl_code, t]));
    const categoryName = new Map(categories.map((c) => [c.code, c.name]));
    const subName = new Map(subs.map((s) => [s.code, s.name]));
    const data = found.data.map((a): GlBalanceView => {
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
        category_name: categoryName.get(a.category_code) ?? null,
        subcategory_id: a.subcategory_code,
        subcategory_name: subName.get(a.subcategory_code) ?? null,
        status: a.status,
        debit: nairaFigure(debit),
        credit: nairaFigure(credit),
        balance: nairaFigure(balance),
      };
    });
    return ok('GL accounts retrieved', { data, meta: found.meta });
  },
});
