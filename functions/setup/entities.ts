import type { ProductView } from '@coopledger/shared/setup-views';
import { BANKS } from '@coopledger/shared/lookups';
import {
  bankAccountSchema,
  chargeSchema,
  departmentSchema,
  productCategorySchema,
  productSchema,
  staffCategorySchema,
} from '@coopledger/shared/schemas/setup';
import { invalid } from '#core/errors';
import type { EntityConfig, EntityContext } from './crud.ts';
import { setupStore, uniqueValue } from './crud.ts';
import { glRef } from './related.ts';
import { referencesTo } from './references.ts';
import { departmentMemberCount } from '../members/member-entity.ts';
import type {
  BankAccountRecord,
  ChargeRecord,
  DepartmentRecord,
  ProductCategoryRecord,
  ProductRecord,
  StaffCategoryRecord,
} from './setup-entity.ts';
import { setupRecords } from './setup-entity.ts';

/** Departments, staff categories, charges, bank accounts, product categories and products. */

const nameUnique = (fields: { name?: unknown }, ctx: EntityContext) => [uniqueValue(ctx, 'name', 'name', fields.name)];

export const departments: EntityConfig<typeof departmentSchema, DepartmentRecord> = {
  label: 'Department',
  plural: 'Departments',
  idParam: 'dept_id',
  schema: departmentSchema,
  store: setupStore(setupRecords.department),
  build: async (input) => ({ name: input.name, status: input.status }),
  present: async (r) => ({
    id: r.id,
    name: r.name,
    status: r.status,
    cooperative_id: r.cooperative_id,
    created_at: r.created_at,
  }),
  unique: nameUnique,
  searchText: (r) => r.name,
  inUse: async (r, ctx) => {
    // Members keep their department in work_info; a Query on the cooperative's member index, counted.
    const members = await departmentMemberCount(ctx.tenant, r.id);
    return members > 0 ? `The department ${r.name} has ${members} member(s) and cannot be deleted` : undefined;
  },
};

export const staffCategories: EntityConfig<typeof staffCategorySchema, StaffCategoryRecord> = {
  label: 'Staff category',
  plural: 'Staff categories',
  idParam: 'category_id',
  schema: staffCategorySchema,
  store: setupStore(setupRecords.staffCategory),
  build: async (input) => ({ name: input.name, status: input.status }),
  present: async (r) => ({ id: r.id, name: r.name, status: r.status, created_at: r.created_at }),
  unique: nameUnique,
  searchText: (r) => r.name,
};

export const charges: EntityConfig<typeof chargeSchema, ChargeRecord> = {
  label: 'Charge',
  plural: 'Charges',
  idParam: 'charge_id',
  schema: chargeSchema,
  store: setupStore(setupRecords.charge),
  build: async (input, ctx) => {
    await ctx.related.requireGl('posting_gl', input.posting_gl, 'Select GL Account');
    return { name: input.name, amount: input.amount, posting_gl: input.posting_gl, status: input.status };
  },
  present: async (r, ctx) => ({
    id: r.id,
    name: r.name,
    amount: r.amount,
    posting_gl: r.posting_gl,
    posting: await glRef(ctx.related, r.posting_gl),
    status: r.status,
    cooperative_id: ctx.platform ? null : r.cooperative_id,
  }),
  unique: nameUnique,
  searchText: (r) => r.name,
  inUse: async (r, ctx) => referencesTo(ctx, 'charge', r.id, `The charge ${r.name}`),
};

export const bankAccounts: EntityConfig<typeof bankAccountSchema, BankAccountRecord> = {
  label: 'Bank account',
  plural: 'Bank accounts',
  idParam: 'bank_id',
  schema: bankAccountSchema,
  store: setupStore(setupRecords.bankAccount),
  build: async (input, ctx) => {
    const bank = BANKS.find((b) => b.id === input.bank_id);
    if (!bank) throw invalid('bank_id', 'Please select a bank');
    await ctx.related.requireGl('coa_id', input.coa_id, 'Select a GL Account');
    return {
      bank_id: bank.id,
      bank: bank.name,
      account_no: input.account_no,
      coa_id: input.coa_id,
      status: input.status,
    };
  },
  present: async (r, ctx) => {
    const gl = await ctx.related.gl(r.coa_id);
    return {
      id: r.id,
      bank_id: r.bank_id,
      bank: r.bank,
      account_no: r.account_no,
      coa_id: r.coa_id,
      coa: gl
        ? {
            id: gl.code,
            code: gl.code,
            name: gl.name,
            sub_category_id: gl.subcategory_code,
            subcategory: { id: gl.subcategory_code, category_id: gl.category_code },
          }
        : null,
      status: r.status,
      cooperative_id: r.cooperative_id,
    };
  },
  unique: (fields, ctx) => [
    {
      field: 'account',
      value: `${String(fields.bank_id)}#${String(fields.account_no)}`,
      message: `The account number ${String(fields.account_no)} of ${String(fields.bank)} is already used ${ctx.platform ? 'on the platform' : 'in this cooperative'}`,
    },
  ],
  searchText: (r) => `${r.bank} ${r.account_no}`,
  inUse: async (r, ctx) => referencesTo(ctx, 'bank_account', r.id, `The bank account ${r.bank} ${r.account_no}`),
};

export const productCategories: EntityConfig<typeof productCategorySchema, ProductCategoryRecord> = {
  label: 'Product category',
  plural: 'Product categories',
  idParam: 'category_id',
  schema: productCategorySchema,
  store: setupStore(setupRecords.productCategory),
  build: async (input) => ({ name: input.name, status: input.status, description: input.description ?? null }),
  present: async (r) => ({
    id: r.id,
    name: r.name,
    status: r.status,
    description: r.description ?? null,
    created_at: r.created_at,
  }),
  unique: nameUnique,
  searchText: (r) => r.name,
  inUse: async (r, ctx) => referencesTo(ctx, 'product_category', r.id, `The product category ${r.name}`),
};

export async function presentProduct(r: ProductRecord, ctx: EntityContext): Promise<ProductView> {
  const category = await ctx.related.setup('PRODUCT_CATEGORY', r.category_id);
  return {
    id: r.id,
    name: r.name,
    product_category_id: r.category_id,
    category_id: r.category_id,
    category: category ? { id: category.id, name: category.name } : null,
    status: r.status,
    created_at: r.created_at,
  };
}

export const products: EntityConfig<typeof productSchema, ProductRecord> = {
  label: 'Product',
  plural: 'Products',
  idParam: 'product_id',
  schema: productSchema,
  store: setupStore(setupRecords.product),
  build: async (input, ctx) => {
    await ctx.related.requireSetup('PRODUCT_CATEGORY', 'category_id', input.category_id, 'Please select a category');
    return { category_id: input.category_id, name: input.name, status: input.status };
  },
  present: presentProduct,
  unique: nameUnique,
  searchText: (r) => r.name,
  filters: { category_id: (r, id) => r.category_id === id },
  inUse: async (r, ctx) => referencesTo(ctx, 'product', r.id, `The product ${r.name}`),
};
