import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { Entity } from 'dynamodb-toolbox/entity';
import { anyOf } from 'dynamodb-toolbox/schema/anyOf';
import { item } from 'dynamodb-toolbox/schema/item';
import { nul } from 'dynamodb-toolbox/schema/nul';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { ACCRUAL_TYPES, CHARGE_TYPES, LOAN_SOURCES, TENURE_TYPES } from '@coopledger/shared/schemas/setup';
import { SETUP_STATUS } from '@coopledger/shared/statuses';
import type { AnyEntity } from '#core/entity';
import { appTable, entityDefaults, getEntity, queryEntity } from '#core/entity';
import { keys } from '#core/keys';
import type { SetupKind } from '#core/setup-store';

/**
 * The setup records of setup/entities.ts (docs/data-model.md, "Setup records"): one partition per
 * kind and tenant (a cooperative, or PLATFORM for the templates), the id as sort key. Every kind
 * stores the same frame (id, the tenant as cooperative_id, created_at, updated_at, the kind as
 * `entity`) around its own fields. Their writes, with the unique-value claims, stay in
 * core/setup-store.ts; these entities check every record read. Statuses: SETUP_STATUS.
 */
const frame = <K extends SetupKind>(kind: K) => ({
  /** The tenant: a cooperative id, or PLATFORM. */
  cooperative_id: string().key(),
  id: string().key(),
  created_at: string(),
  updated_at: string(),
  entity: string().const(kind).hidden(),
});
const status = () => number().enum(SETUP_STATUS.INACTIVE, SETUP_STATUS.ACTIVE);
const setupKey =
  (kind: SetupKind) =>
  ({ cooperative_id, id }: { cooperative_id: string; id: string }) =>
    keys.setup(cooperative_id, kind, id);

export const DepartmentEntity = new Entity({
  ...entityDefaults,
  name: 'DEPARTMENT',
  schema: item({ ...frame('DEPARTMENT'), name: string(), status: status() }),
  computeKey: setupKey('DEPARTMENT'),
});

export const StaffCategoryEntity = new Entity({
  ...entityDefaults,
  name: 'STAFF_CATEGORY',
  schema: item({ ...frame('STAFF_CATEGORY'), name: string(), status: status() }),
  computeKey: setupKey('STAFF_CATEGORY'),
});

export const ChargeEntity = new Entity({
  ...entityDefaults,
  name: 'CHARGE',
  /** `amount` is a percentage; `posting_gl` the GL code it posts to. */
  schema: item({ ...frame('CHARGE'), name: string(), amount: number(), posting_gl: string(), status: status() }),
  computeKey: setupKey('CHARGE'),
});

export const BankAccountEntity = new Entity({
  ...entityDefaults,
  name: 'BANK_ACCOUNT',
  /** `bank_id` and `bank` from the bank list (GET /banks); `coa_id` the GL code the account posts to. */
  schema: item({
    ...frame('BANK_ACCOUNT'),
    bank_id: number(),
    bank: string(),
    account_no: string(),
    coa_id: string(),
    status: status(),
  }),
  computeKey: setupKey('BANK_ACCOUNT'),
});

export const ProductCategoryEntity = new Entity({
  ...entityDefaults,
  name: 'PRODUCT_CATEGORY',
  /** `description` is stored as null when none is given. */
  schema: item({
    ...frame('PRODUCT_CATEGORY'),
    name: string(),
    status: status(),
    description: anyOf(string(), nul()).optional(),
  }),
  computeKey: setupKey('PRODUCT_CATEGORY'),
});

export const ProductEntity = new Entity({
  ...entityDefaults,
  name: 'PRODUCT',
  schema: item({ ...frame('PRODUCT'), name: string(), category_id: string(), status: status() }),
  computeKey: setupKey('PRODUCT'),
});

/**
 * The rules and GL accounts of a savings product (setup/product-setups.ts); one per product. Money
 * (opening and closing balance) in kobo; `credit_interest` a percentage; `charge_amount` the charge's.
 */
export const SavingsSetupEntity = new Entity({
  ...entityDefaults,
  name: 'SAVINGS_SETUP',
  schema: item({
    ...frame('SAVINGS_SETUP'),
    product_id: string(),
    opening_balance: number(),
    closing_balance: number(),
    start_date: string(),
    end_date: string(),
    credit_interest: number(),
    charge_id: anyOf(string(), nul()),
    charge_amount: number(),
    principal_gl: string(),
    member_balance_gl: string(),
    interest_expense_gl: string(),
    interest_payable_gl: string(),
    fixed_dep_gl: string(),
    status: status(),
  }),
  computeKey: setupKey('SAVINGS_SETUP'),
});

/**
 * The rules and GL accounts of a loan product (setup/product-setups.ts); one per product. Rates in
 * percent; `charge_amount` a percentage when `charge_type` is Percentage, naira when Flat;
 * `lien_amount` kobo. The attributes later versions added (upfront ... max_guarantees) may be absent
 * from older records; `calculation_method_id` may be absent or null ('Not Set').
 */
export const LoanSetupEntity = new Entity({
  ...entityDefaults,
  name: 'LOAN_SETUP',
  schema: item({
    ...frame('LOAN_SETUP'),
    product_id: string(),
    name: string(),
    tenure: number(),
    tenure_type: string().enum(...TENURE_TYPES),
    min_int_rate: number(),
    max_int_rate: number(),
    /** Percent of the loan amount withheld as upfront interest at disbursement. */
    upfront: number().optional(),
    source: string()
      .enum(...LOAN_SOURCES)
      .optional(),
    penal_charge: number().optional(),
    penal_type: string()
      .enum(...CHARGE_TYPES)
      .optional(),
    charge_id: anyOf(string(), nul()),
    charge_type: string()
      .enum(...CHARGE_TYPES)
      .optional(),
    charge_amount: number().optional(),
    date_of_engagement: number().optional(),
    lien: number().optional(),
    lien_amount: number(),
    interest_accrual: number().optional(),
    accrual_type: string()
      .enum(...ACCRUAL_TYPES)
      .optional(),
    principal_gl: string(),
    interest_receivable_gl: string(),
    loan_write_off_gl: string().optional(),
    source_account: string().optional(),
    calculation_method_id: anyOf(number(), nul()).optional(),
    /** Eligibility: the loan amount at most this many times the member's savings balance (0: no limit). */
    max_loan_multiple: number().optional(),
    /** Eligibility: running loans of the product a member may guarantee at most (0: no limit). */
    max_guarantees: number().optional(),
    status: status(),
  }),
  computeKey: setupKey('LOAN_SETUP'),
});

export type DepartmentRecord = FormattedItem<typeof DepartmentEntity>;
export type SavingsSetup = FormattedItem<typeof SavingsSetupEntity>;
export type LoanSetup = FormattedItem<typeof LoanSetupEntity>;

/**
 * The reads of a setup entity's store (setup/crud.ts), checked against the entity: the tenant's
 * records of the kind (one Query of its partition) and one record (a consistent read). Its writes
 * stay those of `setupStore(kind)`, through core/setup-store.ts.
 */
export function setupReads<E extends AnyEntity>(entity: E, kind: SetupKind) {
  return {
    list: (tenant: string) =>
      queryEntity(
        entity,
        appTable
          .build(QueryCommand)
          .entities(entity)
          .query({ partition: keys.setupPartition(tenant, kind) })
          .params(),
      ),
    get: (tenant: string, id: string, consistent = true) => getEntity(entity, keys.setup(tenant, kind, id), consistent),
  };
}

/**
 * The checked reads of every setup kind other domains read (loans, savings, payroll, accounting,
 * members, reports): `setupRecords.loanSetup.get(tenant, id)`, `setupRecords.product.list(tenant)`.
 */
export const setupRecords = {
  department: setupReads(DepartmentEntity, 'DEPARTMENT'),
  staffCategory: setupReads(StaffCategoryEntity, 'STAFF_CATEGORY'),
  charge: setupReads(ChargeEntity, 'CHARGE'),
  bankAccount: setupReads(BankAccountEntity, 'BANK_ACCOUNT'),
  productCategory: setupReads(ProductCategoryEntity, 'PRODUCT_CATEGORY'),
  product: setupReads(ProductEntity, 'PRODUCT'),
  savingsSetup: setupReads(SavingsSetupEntity, 'SAVINGS_SETUP'),
  loanSetup: setupReads(LoanSetupEntity, 'LOAN_SETUP'),
};

/** A department of a cooperative, if any. */
export const getDepartment = (cooperativeId: string, id: string) =>
  setupRecords.department.get(cooperativeId, id, false);
