import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { Entity } from 'dynamodb-toolbox/entity';
import { anyOf } from 'dynamodb-toolbox/schema/anyOf';
import { item } from 'dynamodb-toolbox/schema/item';
import { nul } from 'dynamodb-toolbox/schema/nul';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
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

export type DepartmentRecord = FormattedItem<typeof DepartmentEntity>;

/** A department of a cooperative, if any. */
export const getDepartment = (cooperativeId: string, id: string) =>
  getEntity(DepartmentEntity, keys.setup(cooperativeId, 'DEPARTMENT', id));

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
    get: (tenant: string, id: string) => getEntity(entity, keys.setup(tenant, kind, id), true),
  };
}
