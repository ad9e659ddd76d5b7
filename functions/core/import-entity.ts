import type { FormattedItem, InputItem } from 'dynamodb-toolbox/entity';
import { Entity } from 'dynamodb-toolbox/entity';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { $add, $append, $set } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { item } from 'dynamodb-toolbox/schema/item';
import { list } from 'dynamodb-toolbox/schema/list';
import { map } from 'dynamodb-toolbox/schema/map';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { IMPORT_STATUSES } from '@coopledger/shared/statuses';
import { nowIso } from './db.ts';
import { entityDefaults, getEntity, writeItem } from './entity.ts';
import { keys } from './keys.ts';

/**
 * The import records (member, savings and loan imports): their keys, stored attributes and the one
 * progress update (docs/data-model.md, "Member import", "Savings import", "Loan import"). What every
 * import holds is declared once; each kind adds its own counters.
 */
const common = {
  cooperative_id: string().key(),
  id: string().key(),
  file_name: string(),
  file_key: string(),
  /** VALIDATING, INVALID (nothing written, report ready), WRITING, COMPLETED, FAILED. */
  status: string().enum(...IMPORT_STATUSES),
  rows_total: number(),
  rows_validated: number(),
  rows_written: number(),
  /** The first 100 errors of a refused file. */
  errors: list(map({ row: number(), column: string(), message: string() })).optional(),
  error_count: number().optional(),
  report_key: string().optional(),
  execution_arn: string().optional(),
  started_by: string(),
  created_at: string(),
  updated_at: string(),
};

/** A spreadsheet import that posts to the ledger: .xlsx or .csv, and its summarised journals. */
const posting = {
  file_kind: string().enum('xlsx', 'csv'),
  /** Kobo posted by the import. */
  amount: number(),
  /** The date of the import's summarised journal (set when its rows are checked). */
  posting_date: string().optional(),
  /** The summarised journals of the import's batch (functions/core/batch-ledger.ts). */
  journal_ids: list(string()).optional(),
};

export const MemberImportEntity = new Entity({
  ...entityDefaults,
  name: 'MEMBER_IMPORT',
  schema: item({
    ...common,
    created: number(),
    updated: number(),
    entity: string().const('MEMBER_IMPORT').hidden(),
  }),
  computeKey: ({ cooperative_id, id }: { cooperative_id: string; id: string }) => keys.memberImport(cooperative_id, id),
});

export const SavingsImportEntity = new Entity({
  ...entityDefaults,
  name: 'SAVINGS_IMPORT',
  schema: item({
    ...common,
    ...posting,
    type: string().enum('NORMAL_BALANCES', 'NORMAL_HISTORY', 'TARGET_HISTORY'),
    bank_id: string(),
    /** Rows posted by this import. */
    posted: number(),
    /** Rows an earlier import of the same rows had already posted. */
    already: number(),
    plans_opened: number(),
    entity: string().const('SAVINGS_IMPORT').hidden(),
  }),
  computeKey: ({ cooperative_id, id }: { cooperative_id: string; id: string }) =>
    keys.savingsImport(cooperative_id, id),
});

export const LoanImportEntity = new Entity({
  ...entityDefaults,
  name: 'LOAN_IMPORT',
  schema: item({
    ...common,
    ...posting,
    /** Loans created by this import. */
    created: number(),
    /** Of those, loans whose repayments cover everything (Completed). */
    completed: number(),
    /** Rows an earlier import of the same file had already created. */
    already: number(),
    entity: string().const('LOAN_IMPORT').hidden(),
  }),
  computeKey: ({ cooperative_id, id }: { cooperative_id: string; id: string }) => keys.loanImport(cooperative_id, id),
});

export type ImportEntity = typeof MemberImportEntity | typeof SavingsImportEntity | typeof LoanImportEntity;
export type MemberImport = FormattedItem<typeof MemberImportEntity>;
export type SavingsImport = FormattedItem<typeof SavingsImportEntity>;
export type LoanImport = FormattedItem<typeof LoanImportEntity>;
/** What an update may set: any attribute of an import record but its key. */
export type ImportUpdate = Partial<Omit<MemberImport & SavingsImport & LoanImport, 'cooperative_id' | 'id'>>;

/** The counters a chunk adds to its import record (numbers of the record, e.g. `rows_written`, `posted`). */
export type ImportCounters = Record<string, number>;

const keyOf = (entity: ImportEntity, cooperativeId: string, importId: string) => {
  if (entity === MemberImportEntity) return keys.memberImport(cooperativeId, importId);
  if (entity === SavingsImportEntity) return keys.savingsImport(cooperativeId, importId);
  return keys.loanImport(cooperativeId, importId);
};

/** An import record by its id (consistent read), checked against its entity; undefined when there is none. */
export function findImportRecord<E extends ImportEntity>(
  entity: E,
  cooperativeId: string,
  importId: string,
): Promise<FormattedItem<E> | undefined> {
  return getEntity(entity, keyOf(entity, cooperativeId, importId), true) as Promise<FormattedItem<E> | undefined>;
}

/** Writes a new import record (its id is new). */
export async function createImportRecord<E extends ImportEntity>(
  entity: E,
  record: Omit<InputItem<E>, 'entity'>,
): Promise<void> {
  const put = (entity as typeof MemberImportEntity)
    .build(PutTransaction)
    .item(record as unknown as InputItem<typeof MemberImportEntity>);
  await writeItem(put.options({ condition: { attr: 'id', exists: false } }).params());
}

/**
 * Sets fields of an import record, adds to its counters and appends `moreErrors` to its errors, in
 * one update; `updated_at` is always set. The record must exist (a chunk of an import nobody started
 * writes nothing).
 */
export async function updateImportRecord<E extends ImportEntity>(
  entity: E,
  cooperativeId: string,
  importId: string,
  set: ImportUpdate,
  add: ImportCounters = {},
  moreErrors: NonNullable<ImportUpdate['errors']> = [],
): Promise<void> {
  const counters = Object.fromEntries(Object.entries(add).map(([field, by]) => [field, $add(by)]));
  // A list (errors, journal ids) is replaced whole, not merged element by element.
  const values = Object.fromEntries(
    Object.entries(set).map(([field, value]) => [field, Array.isArray(value) ? $set(value) : value]),
  );
  const appended = moreErrors.length > 0 ? { errors: $append(moreErrors) } : {};
  const update = (entity as typeof MemberImportEntity)
    .build(UpdateTransaction)
    .item({
      ...values,
      ...appended,
      ...counters,
      updated_at: nowIso(),
      cooperative_id: cooperativeId,
      id: importId,
    })
    .options({ condition: { attr: 'id', exists: true } });
  if (!(await writeItem(update.params()))) throw new Error(`Import ${importId} not found`);
}
