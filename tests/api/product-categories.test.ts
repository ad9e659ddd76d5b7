import { crudSuite } from './support/crud-suite.ts';
import { createProduct } from './support/setup-records.ts';

const shared = {
  idParam: 'category_id',
  valid: (n: number, _refs: Record<string, string>, ctx: { tag: string }) => ({
    name: `Category ${n} ${ctx.tag}`,
    status: 1,
    description: 'For members',
  }),
  shows: (body: Record<string, unknown>) => ({ name: body.name, status: 1, description: 'For members' }),
  change: (body: Record<string, unknown>) => ({
    body: { name: `${String(body.name)} X`, status: 0, description: '' },
    shows: { name: `${String(body.name)} X`, status: 0, description: null },
  }),
  invalid: [
    [{ status: 1 }, 'name', 'Please enter a name'],
    [{ name: 'Savings' }, 'status', 'Please select the status'],
  ] as [Record<string, unknown>, string, string][],
  searchOf: (body: Record<string, unknown>) => String(body.name),
};

crudSuite({
  ...shared,
  name: 'Product categories (cooperative)',
  base: '/cooperative/product/category',
  tenant: 'cooperative',
  duplicate: (first) => ({
    body: { ...first },
    message: `The name ${String(first.name)} is already used in this cooperative`,
  }),
  inUse: async (row, _refs, ctx) => {
    await createProduct(ctx, row.id, `Product of ${ctx.tag}`);
    return `The product category ${String(row.name)} is used by 1 product(s) and cannot be deleted`;
  },
});

crudSuite({
  ...shared,
  name: 'Product categories (platform)',
  base: '/product/category',
  tenant: 'platform',
  duplicate: (first) => ({
    body: { ...first },
    message: `The name ${String(first.name)} is already used on the platform`,
  }),
});
