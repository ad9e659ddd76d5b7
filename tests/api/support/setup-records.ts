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
