import { standardAccount } from '../../../functions/cooperatives/standard-chart.ts';
import type { Row, SuiteContext } from './crud-suite.ts';
import { created } from './crud-suite.ts';

/** Records other setups point at, created through the API in a suite's cooperative. */
export const GL = {
  bank: standardAccount('bank'),
  cash: standardAccount('cash'),
  charges: standardAccount('charges'),
  savings: standardAccount('member_savings'),
  interestOnSavings: standardAccount('interest_on_savings'),
  interestPayable: standardAccount('interest_payable'),
  investments: standardAccount('investments'),
  loans: standardAccount('member_loans'),
  interestReceivable: standardAccount('interest_receivable'),
  writeOff: standardAccount('loan_write_off'),
  fixedAssets: standardAccount('fixed_assets'),
  depreciation: standardAccount('depreciation'),
  accumulated: standardAccount('accumulated_depreciation'),
};

export const chargeBody = (name: string) => ({ name, amount: 1.5, posting_gl: GL.charges, status: 1 });

export const createCharge = (ctx: SuiteContext, name = `Fee ${ctx.tag}`) =>
  created({ base: '/cooperative/charge' }, ctx, chargeBody(name));

export const createCategory = (ctx: SuiteContext, name: string) =>
  created({ base: '/cooperative/product/category' }, ctx, { name, status: 1 });

export const createProduct = (ctx: SuiteContext, categoryId: string, name: string) =>
  created({ base: '/cooperative/product' }, ctx, { category_id: categoryId, name, status: 1 });

export function savingsSetupBody(productId: string, chargeId: string) {
  return {
    product_id: productId,
    opening_balance: '1000.50',
    closing_balance: 0,
    start_date: '2026-01-01',
    end_date: '2030-12-31',
    credit_interest: 3.5,
    charge_id: chargeId,
    charge_amount: 1.5,
    principal_gl: GL.bank,
    member_balance_gl: GL.savings,
    interest_expense_gl: GL.interestOnSavings,
    interest_payable_gl: GL.interestPayable,
    fixed_dep_gl: GL.investments,
    status: 1,
  };
}

export function loanSetupBody(productId: string, chargeId: string, name = 'Personal Loan') {
  return {
    product_id: productId,
    name,
    tenure: 12,
    tenure_type: 'Month(s)',
    min_int_rate: 5,
    max_int_rate: 12,
    upfront: 0,
    source: 'Internal',
    penal_charge: 2,
    penal_type: 'Percentage',
    charge_id: chargeId,
    charge_type: 'Percentage',
    charge_amount: '1.25',
    date_of_engagement: 0,
    lien: 1,
    lien_amount: '5000.00',
    interest_accrual: 0,
    accrual_type: 'Monthly',
    principal_gl: GL.loans,
    loan_write_off_gl: GL.writeOff,
    interest_receivable_gl: GL.interestReceivable,
    source_account: GL.bank,
    calculation_method_id: 2,
    status: 1,
  };
}

export const createSavingsSetup = (ctx: SuiteContext, productId: string, chargeId: string): Promise<Row> =>
  created({ base: '/cooperative/product-setup/savings' }, ctx, savingsSetupBody(productId, chargeId));

export const bankAccountBody = (accountNo: string) => ({
  bank_id: 33,
  account_no: accountNo,
  coa_id: GL.bank,
  status: 1,
});

export const createBankAccount = (ctx: SuiteContext, accountNo: string) =>
  created({ base: '/cooperative/bank-account' }, ctx, bankAccountBody(accountNo));

export const assetTypeBody = (name: string) => ({
  name,
  fixed_asset_gl: GL.fixedAssets,
  dep_expense_gl: GL.depreciation,
  accumulated_dep_gl: GL.accumulated,
  status: 1,
});

export const createAssetType = (ctx: SuiteContext, name: string) =>
  created({ base: '/cooperative/asset/type' }, ctx, assetTypeBody(name));

export const assetBody = (typeId: string, name: string) => ({
  name,
  asset_type_id: typeId,
  calculation_method_id: 1,
  initial_cost: '1200000.00',
  residual_value: '200000',
  useful_life: 5,
  rate_of_depreciation: 16.67,
  date_purchased: '2026-03-15',
});

const PLATFORM_GL_NAMES = {
  bank: ['Bank', 'D'],
  charges: ['Charges', 'C'],
  savings: ['Member Savings', 'C'],
  interestOnSavings: ['Interest on Savings', 'D'],
  interestPayable: ['Interest Payable', 'C'],
  investments: ['Investments', 'D'],
  loans: ['Member Loans', 'D'],
  interestReceivable: ['Interest Receivable', 'D'],
  writeOff: ['Loan Write-off', 'D'],
} as const;

/** The platform's GL accounts a suite's templates point at, by the role they play (as GL above). */
export type PlatformGl = Record<keyof typeof PLATFORM_GL_NAMES, string>;

/**
 * A chart of the suite's own on the platform (its chart is shared by every file and starts empty): a
 * category and a sub-category coded by the suite's tag, and one GL account for each role, coded as
 * generate-code would (the sub-category's code and a 3-digit sequence).
 */
export async function platformChart(ctx: SuiteContext): Promise<{ category: string; sub: string; gl: PlatformGl }> {
  const category = `C${ctx.tag}`;
  const sub = `S${ctx.tag}`;
  await created({ base: '/coa/categories' }, ctx, {
    code: category,
    name: `Template ${ctx.tag}`,
    type: 'D',
    status: 1,
  });
  await created({ base: '/coa/sub_categories' }, ctx, {
    code: sub,
    name: 'Accounts',
    category_id: category,
    status: 1,
  });
  const gl = {} as Record<string, string>;
  let sequence = 0;
  for (const [role, [name, type]] of Object.entries(PLATFORM_GL_NAMES)) {
    const code = `${sub}${String(++sequence).padStart(3, '0')}`;
    await created({ base: '/coa' }, ctx, { code, name, subcategory_id: sub, type, status: 1 });
    gl[role] = code;
  }
  return { category, sub, gl: gl as PlatformGl };
}

export const platformSavingsSetupBody = (productId: string, chargeId: string, gl: PlatformGl) => ({
  ...savingsSetupBody(productId, chargeId),
  principal_gl: gl.bank,
  member_balance_gl: gl.savings,
  interest_expense_gl: gl.interestOnSavings,
  interest_payable_gl: gl.interestPayable,
  fixed_dep_gl: gl.investments,
});

export const platformLoanSetupBody = (productId: string, chargeId: string, gl: PlatformGl, name?: string) => ({
  ...loanSetupBody(productId, chargeId, name),
  principal_gl: gl.loans,
  loan_write_off_gl: gl.writeOff,
  interest_receivable_gl: gl.interestReceivable,
  source_account: gl.bank,
});

/** Records on the platform for its templates: a product category, a charge and products (all tagged). */
export async function platformTemplates(ctx: SuiteContext, gl: PlatformGl, category: string, products: string[]) {
  const cat = await created({ base: '/product/category' }, ctx, { name: `${category} ${ctx.tag}`, status: 1 });
  const charge = await created({ base: '/charge' }, ctx, { ...chargeBody(`Fee ${ctx.tag}`), posting_gl: gl.charges });
  const made: string[] = [];
  for (const name of products)
    made.push(
      (await created({ base: '/product' }, ctx, { category_id: cat.id, name: `${name} ${ctx.tag}`, status: 1 })).id,
    );
  return { category: cat, charge, products: made };
}
