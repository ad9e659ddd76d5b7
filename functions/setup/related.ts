import { invalid } from '#core/errors';
import type { SetupKind } from '#core/setup-store';
import type { Chart, CoaCategoryRecord, CoaSubCategoryRecord, GlAccountRecord } from '../chart/coa-entity.ts';
import { chartOf } from '../chart/coa-entity.ts';
import type { AssetRecord, AssetTypeRecord } from '../assets/asset-entity.ts';
import { assetRecords } from '../assets/asset-entity.ts';
import type { EshopCategoryRecord } from '../eshop/eshop-category-entity.ts';
import { eshopCategoryRecords } from '../eshop/eshop-category-entity.ts';
import type { RoleRecord } from '../roles/role-entity.ts';
import { RoleEntity } from '../roles/role-entity.ts';
import type {
  BankAccountRecord,
  ChargeRecord,
  DepartmentRecord,
  LoanSetup,
  ProductCategoryRecord,
  ProductRecord,
  SavingsSetup,
  SetupReads,
  StaffCategoryRecord,
  TemplateRecord,
} from './setup-entity.ts';
import { setupReads, setupRecords } from './setup-entity.ts';
import { GL_ACCOUNT_STATUS } from '@coopledger/shared/statuses';

/** The record of each setup kind, as its entity reads it. */
export interface SetupRecordOf {
  DEPARTMENT: DepartmentRecord;
  PRODUCT_CATEGORY: ProductCategoryRecord;
  PRODUCT: ProductRecord;
  SAVINGS_SETUP: SavingsSetup;
  LOAN_SETUP: LoanSetup;
  CHARGE: ChargeRecord;
  BANK_ACCOUNT: BankAccountRecord;
  STAFF_CATEGORY: StaffCategoryRecord;
  ASSET_TYPE: AssetTypeRecord;
  ASSET: AssetRecord;
  TEMPLATE: TemplateRecord;
  ROLE: RoleRecord;
  ESHOP_CATEGORY: EshopCategoryRecord;
}

/** Each setup kind's checked reads: `setupReadsOf[kind].list(tenant)` is typed by the kind. */
export const setupReadsOf: { [K in SetupKind]: SetupReads<SetupRecordOf[K]> } = {
  DEPARTMENT: setupRecords.department,
  PRODUCT_CATEGORY: setupRecords.productCategory,
  PRODUCT: setupRecords.product,
  SAVINGS_SETUP: setupRecords.savingsSetup,
  LOAN_SETUP: setupRecords.loanSetup,
  CHARGE: setupRecords.charge,
  BANK_ACCOUNT: setupRecords.bankAccount,
  STAFF_CATEGORY: setupRecords.staffCategory,
  ASSET_TYPE: assetRecords.assetType,
  ASSET: assetRecords.asset,
  TEMPLATE: setupRecords.template,
  ROLE: setupReads(RoleEntity, 'ROLE'),
  ESHOP_CATEGORY: eshopCategoryRecords,
};

type SetupMaps = { [K in SetupKind]: () => Promise<Map<string, SetupRecordOf[K]>> };

/** The tenant's records of a kind by id, read once (on the first call) through the kind's entity. */
function recordsById<K extends SetupKind>(tenant: string, kind: K): () => Promise<Map<string, SetupRecordOf[K]>> {
  let found: Promise<Map<string, SetupRecordOf[K]>> | undefined;
  return () => (found ??= setupReadsOf[kind].list(tenant).then((records) => new Map(records.map((r) => [r.id, r]))));
}

const byCode = <R extends { code: string }>(records: R[]) => new Map(records.map((r) => [r.code, r]));

/**
 * The records a request looks up beside the one it handles (a charge's GL account, a product's
 * category), each partition read at most once per request, every record checked by its entity.
 */
export class Related {
  private readonly setups: SetupMaps;
  private chart?: Promise<Chart>;

  constructor(readonly tenant: string) {
    const of = <K extends SetupKind>(kind: K) => recordsById(tenant, kind);
    this.setups = {
      DEPARTMENT: of('DEPARTMENT'),
      PRODUCT_CATEGORY: of('PRODUCT_CATEGORY'),
      PRODUCT: of('PRODUCT'),
      SAVINGS_SETUP: of('SAVINGS_SETUP'),
      LOAN_SETUP: of('LOAN_SETUP'),
      CHARGE: of('CHARGE'),
      BANK_ACCOUNT: of('BANK_ACCOUNT'),
      STAFF_CATEGORY: of('STAFF_CATEGORY'),
      ASSET_TYPE: of('ASSET_TYPE'),
      ASSET: of('ASSET'),
      TEMPLATE: of('TEMPLATE'),
      ROLE: of('ROLE'),
      ESHOP_CATEGORY: of('ESHOP_CATEGORY'),
    };
  }

  /** The tenant's records of a kind by id (one Query of its partition per request), each checked. */
  setupsOf<K extends SetupKind>(kind: K): Promise<Map<string, SetupRecordOf[K]>> {
    return this.setups[kind]();
  }

  async setup<K extends SetupKind>(kind: K, id: string | undefined | null): Promise<SetupRecordOf[K] | undefined> {
    if (id === undefined || id === null) return undefined;
    return (await this.setupsOf(kind)).get(String(id));
  }

  private chartItems(): Promise<Chart> {
    this.chart ??= chartOf(this.tenant);
    return this.chart;
  }

  async glAccounts(): Promise<Map<string, GlAccountRecord>> {
    return byCode((await this.chartItems()).glAccounts);
  }

  async categories(): Promise<Map<string, CoaCategoryRecord>> {
    return byCode((await this.chartItems()).categories);
  }

  async subCategories(): Promise<Map<string, CoaSubCategoryRecord>> {
    return byCode((await this.chartItems()).subCategories);
  }

  async gl(code: string | undefined | null): Promise<GlAccountRecord | undefined> {
    if (!code) return undefined;
    return (await this.glAccounts()).get(String(code));
  }

  /** A GL account the record will post to: it must exist in the chart and be active (422 on the field). */
  async requireGl(field: string, code: string, message: string): Promise<GlAccountRecord> {
    const account = await this.gl(code);
    if (!account || account.status !== GL_ACCOUNT_STATUS.ACTIVE) throw invalid(field, message);
    return account;
  }

  /** A referenced setup record that must exist (422 on the field). */
  async requireSetup<K extends SetupKind>(
    kind: K,
    field: string,
    id: string,
    message: string,
  ): Promise<SetupRecordOf[K]> {
    const record = await this.setup(kind, id);
    if (!record) throw invalid(field, message);
    return record;
  }
}

/** `{ code, name }` of a GL account for display, or null. */
export async function glRef(related: Related, code: string | undefined | null) {
  const account = await related.gl(code);
  return account
    ? { id: account.code, code: account.code, name: account.name }
    : code
      ? { id: code, code, name: null }
      : null;
}
