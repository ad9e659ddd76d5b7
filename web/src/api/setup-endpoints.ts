import type { AssetTypeView, AssetView, DepreciationRowView } from '@coopledger/shared/asset-views';
import type { RoleView } from '@coopledger/shared/role-views';
import type {
  BankAccountView,
  BankView,
  CalculationMethodView,
  ChargeView,
  CoaCategoryView,
  CoaSubCategoryView,
  LedgerAccountView,
  LoanSetupView,
  NamedSetupView,
  ProductCategoryView,
  ProductView,
  SavingsSetupView,
} from '@coopledger/shared/setup-views';
import type { SystemUserView } from '@coopledger/shared/user-views';
import type { EntityEndpoint } from './entities';

/**
 * The setup entities' routes (shared/src/routes.ts), cooperative variant first; their wire types are in
 * shared/src/*-views.ts.
 */
export const ENDPOINTS = {
  departments: {
    key: 'departments',
    base: '/cooperative/department',
    deletePath: '/cooperative/department/delete',
    idParam: 'dept_id',
  },
  staffCategories: { key: 'staff-categories', base: '/staff-category', idParam: 'category_id' },
  charges: { key: 'charges', base: '/cooperative/charge', platformBase: '/charge', idParam: 'charge_id' },
  bankAccounts: { key: 'bank-accounts', base: '/cooperative/bank-account', idParam: 'bank_id' },
  productCategories: {
    key: 'product-categories',
    base: '/cooperative/product/category',
    platformBase: '/product/category',
    idParam: 'category_id',
  },
  products: { key: 'products', base: '/cooperative/product', platformBase: '/product', idParam: 'product_id' },
  savingsSetups: {
    key: 'savings-setups',
    base: '/cooperative/product-setup/savings',
    platformBase: '/product-setup/savings',
    idParam: 'setup_id',
  },
  loanSetups: {
    key: 'loan-setups',
    base: '/cooperative/product-setup/loans',
    platformBase: '/product-setup/loans',
    idParam: 'setup_id',
  },
  coaCategories: {
    key: 'coa-categories',
    base: '/cooperative/coa/categories',
    platformBase: '/coa/categories',
    idParam: 'category_id',
  },
  coaSubCategories: {
    key: 'coa-sub-categories',
    base: '/cooperative/coa/sub_categories',
    platformBase: '/coa/sub_categories',
    idParam: 'subcategory_id',
  },
  ledgerAccounts: { key: 'ledger-accounts', base: '/cooperative/coa', platformBase: '/coa', idParam: 'id' },
  roles: { key: 'roles', base: '/roles', listPath: '/roles/all', idParam: 'role_id', scoped: false },
  assetTypes: { key: 'asset-types', base: '/cooperative/asset/type', idParam: 'id' },
  assets: { key: 'assets', base: '/cooperative/asset', idParam: 'id' },
  systemUsers: { key: 'system-users', base: '/user/coopledger', idParam: 'user_id', scoped: false },
  /** The same routes naming the active cooperative: its staff and store keepers (a super-admin inside it). */
  cooperativeUsers: { key: 'cooperative-users', base: '/user/coopledger', idParam: 'user_id' },
} as const satisfies Record<string, EntityEndpoint>;

export type Named = NamedSetupView;
export type Charge = ChargeView;
export type BankAccount = BankAccountView;
export type ProductCategory = ProductCategoryView;
export type Product = ProductView;
export type CoaCategory = CoaCategoryView;
export type CoaSubCategory = CoaSubCategoryView;
export type LedgerAccount = LedgerAccountView;
export type Bank = BankView;
export type SavingsSetup = SavingsSetupView;
export type LoanSetup = LoanSetupView;
export type CalculationMethod = CalculationMethodView;
export type Role = RoleView;
export type SystemUser = SystemUserView;
export type AssetType = AssetTypeView;
export type Asset = AssetView;
export type DepreciationRow = DepreciationRowView;
