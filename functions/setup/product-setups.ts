import { CALCULATION_METHODS } from '@coopledger/shared/lookups';
import { toNaira } from '@coopledger/shared/money';
import { loanSetupSchema, savingsSetupSchema } from '@coopledger/shared/schemas/setup';
import { invalid } from '#core/errors';
import type { EntityConfig, EntityContext } from './crud.ts';
import { setupStore } from './crud.ts';
import type { LoanSetup, SavingsSetup } from './setup-entity.ts';
import { setupRecords } from './setup-entity.ts';

/**
 * Savings and loan setups: the rules and GL accounts of a product. One setup per product (the
 * member forms pick a product and read its setup). Money (opening and closing balance, lien
 * amount) is kobo at rest; rates and the charge amount are numbers as the forms send them.
 */
const productName = async (ctx: EntityContext, id: string) => (await ctx.related.setup('PRODUCT', id))?.name ?? null;
const chargeRef = async (ctx: EntityContext, id: string | null | undefined) => {
  const charge = await ctx.related.setup('CHARGE', id);
  return charge ? { id: charge.id, name: charge.name, amount: charge.amount } : null;
};
const kobo = (value: unknown) => (typeof value === 'number' ? toNaira(value) : 0);

const SAVINGS_GLS = [
  ['principal_gl', 'Select Principal GL'],
  ['member_balance_gl', 'Select member balance GL'],
  ['interest_expense_gl', 'Select GL account'],
  ['interest_payable_gl', 'Select GL account'],
  ['fixed_dep_gl', 'Select GL account'],
] as const;

const LOAN_GLS = [
  ['principal_gl', 'Select Principal GL'],
  ['interest_receivable_gl', 'Select member balance GL'],
  ['loan_write_off_gl', 'Select GL account'],
  ['source_account', 'Select GL account'],
] as const;

export const savingsSetups: EntityConfig<typeof savingsSetupSchema, SavingsSetup> = {
  label: 'Savings setup',
  plural: 'Savings setups',
  idParam: 'setup_id',
  schema: savingsSetupSchema,
  store: setupStore(setupRecords.savingsSetup),
  build: async (input, ctx) => {
    await ctx.related.requireSetup('PRODUCT', 'product_id', input.product_id, 'Please select product type');
    // The form shows the charge's amount read-only; the charge is the source of truth.
    const charge = await ctx.related.requireSetup('CHARGE', 'charge_id', input.charge_id, 'This field is required');
    for (const [field, message] of SAVINGS_GLS) await ctx.related.requireGl(field, input[field], message);
    return { ...input, charge_amount: charge.amount };
  },
  present: async (r, ctx) => ({
    ...r,
    product: { id: r.product_id, name: await productName(ctx, r.product_id) },
    opening_balance: kobo(r.opening_balance),
    closing_balance: kobo(r.closing_balance),
    charge: await chargeRef(ctx, r.charge_id),
    cooperative_id: ctx.platform ? null : r.cooperative_id,
  }),
  unique: (fields) => [
    { field: 'product_id', value: String(fields.product_id), message: 'This product already has a savings setup' },
  ],
  filters: { product_id: (r, id) => r.product_id === id },
};

export const loanSetups: EntityConfig<typeof loanSetupSchema, LoanSetup> = {
  label: 'Loan setup',
  plural: 'Loan setups',
  idParam: 'setup_id',
  schema: loanSetupSchema,
  store: setupStore(setupRecords.loanSetup),
  build: async (input, ctx) => {
    await ctx.related.requireSetup('PRODUCT', 'product_id', input.product_id, 'Please select product type');
    await ctx.related.requireSetup('CHARGE', 'charge_id', input.charge_id, 'This field is required');
    if (!CALCULATION_METHODS.some((m) => m.id === input.calculation_method_id)) {
      throw invalid('calculation_method_id', 'Please select a valid calculation method');
    }
    for (const [field, message] of LOAN_GLS) await ctx.related.requireGl(field, input[field], message);
    return { ...input };
  },
  present: async (r, ctx) => {
    const method = CALCULATION_METHODS.find((m) => m.id === r.calculation_method_id);
    return {
      ...r,
      product: { id: r.product_id, name: await productName(ctx, r.product_id) },
      lien_amount: kobo(r.lien_amount),
      charge: await chargeRef(ctx, r.charge_id),
      calculation_method: method ? method.name : 'Not Set',
      calculation_method_id: r.calculation_method_id ?? null,
      cooperative_id: ctx.platform ? null : r.cooperative_id,
    };
  },
  unique: (fields) => [
    { field: 'product_id', value: String(fields.product_id), message: 'This product already has a loan setup' },
  ],
  searchText: (r) => r.name,
  filters: { product_id: (r, id) => r.product_id === id },
};
