import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { Entity } from 'dynamodb-toolbox/entity';
import { anyOf } from 'dynamodb-toolbox/schema/anyOf';
import { item } from 'dynamodb-toolbox/schema/item';
import { nul } from 'dynamodb-toolbox/schema/nul';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { ACCRUAL_TYPES, CHARGE_TYPES, LOAN_SOURCES, TENURE_TYPES } from '@coopledger/shared/schemas/setup';
import { SETUP_STATUS } from '@coopledger/shared/statuses';
import type { AnyEntity } from '#core/entity';
import type { Item } from '#core/db';
import { entitiesIn, entityDefaults, getEntity, read } from '#core/entity';
import { keys } from '#core/keys';
import { configPage } from '#core/filtered-page';
import type { ListPage, PageRequest } from '#core/list-page';
import type { SetupKind } from '#core/setup-store';
import { SETUP_KINDS_BY_NAME } from '#core/setup-store';

/**
 * The setup records of setup/entities.ts (docs/data-model.md, "Setup records"): one partition per
 * kind and tenant (a cooperative, or PLATFORM for the templates), the id as sort key. Every kind
 * stores the same frame (id, the tenant as cooperative_id, created_at, updated_at, the kind as
 * `entity`) around its own fields. Their writes, with the unique-value claims, stay in
 * core/setup-store.ts; these entities check every record read. Statuses: SETUP_STATUS.
 */
export const setupFrame = <K extends SetupKind>(kind: K) => ({
  /** The tenant: a cooperative id, or PLATFORM. */
  cooperative_id: string().key(),
  id: string().key(),
  created_at: string(),
  updated_at: string(),
  entity: string().const(kind).hidden(),
});
export const setupStatus = () => number().enum(SETUP_STATUS.INACTIVE, SETUP_STATUS.ACTIVE);
export const setupKey =
  (kind: SetupKind) =>
  ({ cooperative_id, id }: { cooperative_id: string; id: string }) =>
    keys.setup(cooperative_id, kind, id);

export const DepartmentEntity = new Entity({
  ...entityDefaults,
  name: 'DEPARTMENT',
  schema: item({ ...setupFrame('DEPARTMENT'), name: string(), status: setupStatus() }),
  computeKey: setupKey('DEPARTMENT'),
});

export const StaffCategoryEntity = new Entity({
  ...entityDefaults,
  name: 'STAFF_CATEGORY',
  schema: item({ ...setupFrame('STAFF_CATEGORY'), name: string(), status: setupStatus() }),
  computeKey: setupKey('STAFF_CATEGORY'),
});

export const ChargeEntity = new Entity({
  ...entityDefaults,
  name: 'CHARGE',
  /** `amount` is a percentage; `posting_gl` the GL code it posts to. */
  schema: item({
    ...setupFrame('CHARGE'),
    name: string(),
    amount: number(),
    posting_gl: string(),
    status: setupStatus(),
  }),
  computeKey: setupKey('CHARGE'),
});

export const BankAccountEntity = new Entity({
  ...entityDefaults,
  name: 'BANK_ACCOUNT',
  /** `bank_id` and `bank` from the bank list (GET /banks); `coa_id` the GL code the account posts to. */
  schema: item({
    ...setupFrame('BANK_ACCOUNT'),
    bank_id: number(),
    bank: string(),
    account_no: string(),
    coa_id: string(),
    status: setupStatus(),
  }),
  computeKey: setupKey('BANK_ACCOUNT'),
});

export const ProductCategoryEntity = new Entity({
  ...entityDefaults,
  name: 'PRODUCT_CATEGORY',
  /** `description` is stored as null when none is given. */
  schema: item({
    ...setupFrame('PRODUCT_CATEGORY'),
    name: string(),
    status: setupStatus(),
    description: anyOf(string(), nul()).optional(),
  }),
  computeKey: setupKey('PRODUCT_CATEGORY'),
});

export const ProductEntity = new Entity({
  ...entityDefaults,
  name: 'PRODUCT',
  schema: item({ ...setupFrame('PRODUCT'), name: string(), category_id: string(), status: setupStatus() }),
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
    ...setupFrame('SAVINGS_SETUP'),
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
    status: setupStatus(),
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
    ...setupFrame('LOAN_SETUP'),
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
    status: setupStatus(),
  }),
  computeKey: setupKey('LOAN_SETUP'),
});

/**
 * A birthday-card template (setup/templates.ts): the image's S3 key under the cooperative's prefix,
 * its sniffed content type and its size in bytes. Ids are time-ordered (the labels follow them).
 */
export const TemplateEntity = new Entity({
  ...entityDefaults,
  name: 'TEMPLATE',
  schema: item({ ...setupFrame('TEMPLATE'), object_key: string(), content_type: string(), size: number() }),
  computeKey: setupKey('TEMPLATE'),
});

export type DepartmentRecord = FormattedItem<typeof DepartmentEntity>;
export type StaffCategoryRecord = FormattedItem<typeof StaffCategoryEntity>;
export type ChargeRecord = FormattedItem<typeof ChargeEntity>;
export type BankAccountRecord = FormattedItem<typeof BankAccountEntity>;
export type ProductCategoryRecord = FormattedItem<typeof ProductCategoryEntity>;
export type ProductRecord = FormattedItem<typeof ProductEntity>;
export type SavingsSetup = FormattedItem<typeof SavingsSetupEntity>;
export type LoanSetup = FormattedItem<typeof LoanSetupEntity>;
export type TemplateRecord = FormattedItem<typeof TemplateEntity>;

/** The checked reads of one setup kind, and the check of a record the setup store has just written. */
export interface SetupReads<R> {
  kind: SetupKind;
  /** The tenant's records of the kind (one Query of its partition), each checked. */
  list(tenant: string): Promise<R[]>;
  /**
   * One page of the kind's list (docs/decisions.md 2026-11-26 "Paging setup kinds, roles, GL
   * accounts and a member's transactions"): by name (gsi1) for SETUP_KINDS_BY_NAME, else by id;
   * `keep` (a filter or search) walks the list from the cursor.
   */
  page(tenant: string, request: PageRequest, keep?: (record: R) => boolean): Promise<ListPage<R>>;
  /** One record by id (a consistent read unless told), checked; undefined when there is none. */
  get(tenant: string, id: string, consistent?: boolean): Promise<R | undefined>;
  /**
   * A record as core/setup-store.ts wrote it (its frame and fields, without the table keys), checked
   * against the entity as a read of it would be: what a create or an update hands back.
   */
  written(record: Item): R;
}

/**
 * The reads of a setup entity's store (setup/crud.ts `setupStore`), checked against the entity: the
 * tenant's records of the kind (one Query of its partition) and one record (a consistent read). Its
 * writes stay those of core/setup-store.ts, whose records the store checks with `written`.
 */
export function setupReads<E extends AnyEntity>(entity: E, kind: SetupKind): SetupReads<FormattedItem<E>> {
  return {
    kind,
    list: (tenant) => entitiesIn(entity, keys.setupPartition(tenant, kind)),
    page: (tenant, request, keep) =>
      SETUP_KINDS_BY_NAME.includes(kind)
        ? configPage(entity, keys.setupNamePartition(tenant, kind), request, { index: 'gsi1', keep })
        : configPage(entity, keys.setupPartition(tenant, kind), request, { keep }),
    get: (tenant, id, consistent = true) => getEntity(entity, keys.setup(tenant, kind, id), consistent),
    written: (record) => read(entity, { ...record, entity: kind }),
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
  template: setupReads(TemplateEntity, 'TEMPLATE'),
};

/** A department of a cooperative, if any. */
export const getDepartment = (cooperativeId: string, id: string) =>
  setupRecords.department.get(cooperativeId, id, false);
