import { clientProfileSchema } from '@coopledger/shared/schemas/client';
import { invalid } from '#core/errors';
import { domainHandler, signedIn } from '#core/handler';
import type { RequestContext } from '#core/handler';
import { ok } from '#core/http';
import { validate } from '#core/validation';
import { readClientProfile, saveClientProfile } from './client-profile.ts';
import { crudHandlers, entityContext, listRecords } from './crud.ts';
import {
  bankAccounts,
  charges,
  departments,
  presentProduct,
  productCategories,
  products,
  staffCategories,
} from './entities.ts';
import { loanSetups, savingsSetups } from './product-setups.ts';
import { addTemplate, listTemplates, removeTemplate } from './templates.ts';
import { SETUP_STATUS } from '@coopledger/shared/statuses';

/** Active products of a category, named by id or by name ('Savings', 'Loans'), for the setup and member forms. */
async function productsByCategory(req: RequestContext) {
  const ctx = entityContext(req);
  const categories = await listRecords(productCategories, { ...ctx, query: {} });
  const byId = req.query.category_id?.trim();
  const byName = req.query.category_name?.trim().toLowerCase();
  if (!byId && !byName) throw invalid('category_id', 'Please select a category');
  const category = categories.find((c) => (byId ? c.id === byId : c.name.toLowerCase() === byName));
  if (!category) return ok('Products retrieved', []);
  const all = await listRecords(products, { ...ctx, query: { category_id: category.id } });
  return ok(
    'Products retrieved',
    await Promise.all(
      all
        .filter((p) => p.status === SETUP_STATUS.ACTIVE)
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((p) => presentProduct(p, ctx)),
    ),
  );
}

export const handler = domainHandler('setup', {
  ...crudHandlers(departments, { base: '/cooperative/department', deletePath: '/cooperative/department/delete' }),
  ...crudHandlers(staffCategories, { base: '/staff-category' }),
  ...crudHandlers(charges, { base: '/cooperative/charge' }),
  ...crudHandlers(charges, { base: '/charge' }),
  ...crudHandlers(bankAccounts, { base: '/cooperative/bank-account' }),
  ...crudHandlers(productCategories, { base: '/cooperative/product/category' }),
  ...crudHandlers(productCategories, { base: '/product/category' }),
  ...crudHandlers(products, { base: '/cooperative/product' }),
  ...crudHandlers(products, { base: '/product' }),
  'GET /cooperative/product/by-category': productsByCategory,
  'GET /product/by-category': productsByCategory,
  ...crudHandlers(savingsSetups, { base: '/cooperative/product-setup/savings' }),
  ...crudHandlers(savingsSetups, { base: '/product-setup/savings' }),
  ...crudHandlers(loanSetups, { base: '/cooperative/product-setup/loans' }),
  ...crudHandlers(loanSetups, { base: '/product-setup/loans' }),

  'GET /cooperative/templates': async (req) => {
    const { tenant } = signedIn(req);
    const templates = await listTemplates(tenant);
    return ok(templates.length ? 'Templates retrieved' : 'No templates yet', templates);
  },
  'POST /cooperative/templates': async (req) => {
    const { tenant } = signedIn(req);
    await addTemplate(tenant, req.files.image_url);
    return ok('Template uploaded successfully', await listTemplates(tenant), 201);
  },
  'DELETE /cooperative/templates': async (req) => {
    const { tenant } = signedIn(req);
    const id = req.query.template_id?.trim() ?? req.query.id?.trim();
    if (!id) throw invalid('template_id', 'Please select the template');
    await removeTemplate(tenant, id);
    return ok('Template deleted successfully');
  },

  'GET /client': async () => ok('Client profile retrieved', await readClientProfile()),
  'POST /client/update': async (req) => {
    const { identity } = signedIn(req);
    const input = validate(clientProfileSchema, req.body);
    return ok('Client profile updated successfully', await saveClientProfile(input, identity.loginId));
  },
});
