import type { EntityEndpoint } from './entities';
import type { AssetStatus } from '@coopledger/shared/statuses';

/** The setup entities' routes (shared/src/routes.ts), cooperative variant first. */
export const ENDPOINTS = {
  departments: { key: 'departments', base: '/cooperative/department', deletePath: '/cooperative/department/delete', idParam: 'dept_id' },
  staffCategories: { key: 'staff-categories', base: '/staff-category', idParam: 'category_id' },
  charges: { key: 'charges', base: '/cooperative/charge', platformBase: '/charge', idParam: 'charge_id' },
  bankAccounts: { key: 'bank-accounts', base: '/cooperative/bank-account', idParam: 'bank_id' },
  productCategories: { key: 'product-categories', base: '/cooperative/product/category', platformBase: '/product/category', idParam: 'category_id' },
  products: { key: 'products', base: '/cooperative/product', platformBase: '/product', idParam: 'product_id' },
  savingsSetups: { key: 'savings-setups', base: '/cooperative/product-setup/savings', platformBase: '/product-setup/savings', idParam: 'setup_id' },
  loanSetups: { key: 'loan-setups', base: '/cooperative/product-setup/loans', platformBase: '/product-setup/loans', idParam: 'setup_id' },
  coaCategories: { key: 'coa-categories', base: '/cooperative/coa/categories', platformBase: '/coa/categories', idParam: 'category_id' },
  coaSubCategories: { key: 'coa-sub-categories', base: '/cooperative/coa/sub_categories', platformBase: '/coa/sub_categories', idParam: 'subcategory_id' },
  ledgerAccounts: { key: 'ledger-accounts', base: '/cooperative/coa', platformBase: '/coa', idParam: 'id' },
  roles: { key: 'roles', base: '/roles', listPath: '/roles/all', idParam: 'role_id', scoped: false },
  assetTypes: { key: 'asset-types', base: '/cooperative/asset/type', idParam: 'id' },
  assets: { key: 'assets', base: '/cooperative/asset', idParam: 'id' },
  systemUsers: { key: 'system-users', base: '/user/coopledger', idParam: 'user_id', scoped: false },
} as const satisfies Record<string, EntityEndpoint>;

export interface Named {
  id: string;
  name: string;
  status: number;
}

export interface Charge extends Named {
  amount: number;
  posting_gl: string;
  posting?: { code?: string; name?: string } | null;
}

export interface BankAccount {
  id: string;
  bank_id: number;
  bank: string;
  account_no: string;
  coa_id: string;
  coa: { code: string; name: string } | null;
  status: number;
}

export interface ProductCategory extends Named {
  description: string | null;
}

export interface Product extends Named {
  category_id: string;
  category: { id: string; name: string } | null;
}

export interface CoaCategory extends Named {
  code: string;
  type: 'D' | 'C';
}

export interface CoaSubCategory extends Named {
  code: string;
  category_id: string;
  category: { id: string; code: string; name: string } | null;
}

export interface LedgerAccount extends Named {
  code: string;
  type: 'D' | 'C';
  category_id: string;
  subcategory_id: string;
}

export interface Bank {
  id: number;
  name: string;
}

export interface SavingsSetup {
  id: string;
  product_id: string;
  product: { id: string; name: string | null };
  opening_balance: number;
  closing_balance: number;
  start_date: string;
  end_date: string;
  credit_interest: number;
  charge_id: string | null;
  charge_amount: number;
  charge: { id: string; name: string; amount: number } | null;
  principal_gl: string;
  member_balance_gl: string;
  interest_expense_gl: string;
  interest_payable_gl: string;
  fixed_dep_gl: string;
  status: number;
}

export interface LoanSetup {
  id: string;
  product_id: string;
  product: { id: string; name: string | null };
  name: string;
  tenure: number;
  tenure_type: string;
  min_int_rate: number;
  max_int_rate: number;
  upfront: number;
  source: string;
  penal_charge: number;
  penal_type: string;
  charge_id: string | null;
  charge_type: string;
  charge_amount: number;
  charge: { id: string; name: string; amount: number } | null;
  calculation_method: string;
  calculation_method_id: number | null;
  status: number;
}

export interface CalculationMethod {
  id: number;
  name: string;
}

export interface Role {
  id: string;
  display_name: string;
  belong_to: string;
  base_role: string;
  status: number;
  built_in: boolean;
  users: number | null;
}

export interface SystemUser {
  id: string;
  coop_id: string;
  firstname: string;
  lastname: string;
  email: string;
  role_id: string;
  role_name: string;
  role_display_name?: string;
  status: number;
  created_at: string;
}

export interface AssetType extends Named {
  fixed_asset_gl: string;
  dep_expense_gl: string;
  accumulated_dep_gl: string;
}

export interface Asset {
  id: string;
  name: string;
  asset_type_id: string;
  asset_type: { id: string; name: string } | null;
  calculation_method_id: number;
  calculation_method: string;
  initial_cost: number;
  residual_value: number;
  useful_life: number;
  rate_of_depreciation: number;
  date_purchased: string;
  status: AssetStatus;
  status_name: string;
}

export interface DepreciationRow {
  year: number;
  start_date: string;
  end_date: string;
  opening_value: number;
  depreciation: number;
  accumulated_depreciation: number;
  closing_value: number;
}
