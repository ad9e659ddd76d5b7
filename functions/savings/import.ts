import { PutObjectCommand } from '@aws-sdk/client-s3';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, s3 } from '#core/clients';
import { config } from '#core/config';
import type { Item } from '#core/db';
import { getItem, getItems, nowIso, table } from '#core/db';
import { AppError } from '#core/errors';
import { newId } from '#core/ids';
import { fileKindOf, importFileError, importProgress, importReportFile, readImportTable, readObject, requireImport, updateImportRecord } from '#core/import-files';
import { keys } from '#core/keys';
import type { UploadedFile } from '#core/multipart';
import type { WorkbookCaps } from '#core/workbook-upload';
import { getSetup, listSetup } from '#core/setup-store';
import { startWorkflow } from '#core/workflows';
import { memberFinder } from '../members/member-store.ts';
import type { ImportError, ParsedRow, RawRow, SavingsImportType } from './import-rows.ts';
import { IMPORT_COLUMNS, MAX_SAVINGS_IMPORT_ROWS, checkSequence, isSavingsImportType, parseRow, postingOrder, rowIdentity } from './import-rows.ts';
import type { PlanRecord, SavingsSetup } from './plans.ts';
import { TARGET_PRODUCT, memberPlans } from './plans.ts';
import { MEMBER_STATUS, SAVINGS_PLAN_STATUS, isActive } from '@coopledger/shared/statuses';
import type { ImportStatus } from '@coopledger/shared/statuses';

/**
 * Savings import (spec 001, DESIGN.md sections 4-5): the file goes to S3 and the `savings-import`
 * workflow checks every row against the cooperative's members, products and plans, then posts the
 * rows through the deposit/withdrawal approval (orders.ts) with one idempotency key per row. This
 * module holds what the API and the workflow tasks share.
 */
export const SAVINGS_IMPORT_WORKFLOW = 'savings-import';

export type { ImportError } from './import-rows.ts';

export interface SavingsImport extends Item {
  id: string;
  cooperative_id: string;
  type: SavingsImportType;
  bank_id: string;
  file_name: string;
  file_key: string;
  file_kind: 'xlsx' | 'csv';
  /** VALIDATING, INVALID (nothing written, report ready), WRITING, COMPLETED, FAILED. */
  status: ImportStatus;
  rows_total: number;
  rows_validated: number;
  rows_written: number;
  /** Rows posted by this import. */
  posted: number;
  /** Rows an earlier import of the same rows had already posted. */
  already: number;
  plans_opened: number;
  /** Kobo posted by this import (deposits and balances less withdrawals). */
  amount: number;
  errors?: ImportError[];
  error_count?: number;
  report_key?: string;
  execution_arn?: string;
  started_by: string;
  created_at: string;
  updated_at: string;
}

export const savingsImportObjects = {
  file: (cooperativeId: string, importId: string, kind: 'xlsx' | 'csv') => `t/${cooperativeId}/imports/savings/${importId}.${kind}`,
  report: (cooperativeId: string, importId: string) => `t/${cooperativeId}/imports/savings/${importId}-report.xlsx`,
};

const fileError = importFileError;

/** The kind of an uploaded file by its name: .xlsx or .csv, nothing else (functions/core/import-files.ts). */
export { fileKindOf, readObject };

/** The data rows of an .xlsx (first sheet) or .csv file; a file that cannot be read is a clear 422. */
/** What a savings import workbook may hold (functions/core/workbook-upload.ts): at most 6 columns are read. */
export const SAVINGS_IMPORT_WORKBOOK: WorkbookCaps = {
  rows: MAX_SAVINGS_IMPORT_ROWS,
  tooManyRows: `A file may hold at most ${MAX_SAVINGS_IMPORT_ROWS} rows`,
  cellsPerRow: 20,
  bytes: 12 * 1024 * 1024,
};

export const readImportRows = (type: SavingsImportType, kind: 'xlsx' | 'csv', content: Buffer): Promise<RawRow[]> =>
  readImportTable(IMPORT_COLUMNS[type], kind, content, SAVINGS_IMPORT_WORKBOOK);

export const findImport = (cooperativeId: string, importId: string) => getItem<SavingsImport>(keys.savingsImport(cooperativeId, importId), true);

export async function updateImport(
  cooperativeId: string,
  importId: string,
  set: Partial<SavingsImport>,
  add: Partial<Record<'rows_written' | 'posted' | 'already' | 'plans_opened' | 'amount', number>> = {},
): Promise<void> {
  await updateImportRecord(keys.savingsImport(cooperativeId, importId), set, add);
}

/** The rows of a stored import's file. */
export async function rowsOfImport(record: SavingsImport): Promise<RawRow[]> {
  return readImportRows(record.type, record.file_kind, await readObject(record.file_key));
}

/** An active bank account of this cooperative (another cooperative's id is not found here). */
export async function activeBank(cooperativeId: string, bankId: string | undefined) {
  if (!bankId) return undefined;
  const bank = await getSetup<{ id: string; coa_id: string; status: number }>(cooperativeId, 'BANK_ACCOUNT', bankId);
  return bank && isActive(bank.status) ? bank : undefined;
}

/** POST /savings/import: checks the choices and the file, stores it and starts the workflow. */
export async function startImport(cooperativeId: string, fields: Record<string, unknown>, files: Record<string, UploadedFile>, by: string) {
  const errors: Record<string, string> = {};
  const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '');
  const type = text(fields.type).toUpperCase();
  if (!isSavingsImportType(type)) errors.type = 'Please select a savings type';
  const bankId = text(fields.bank_id);
  if (!(await activeBank(cooperativeId, bankId))) errors.bank_id = 'Please select a bank';
  const uploaded = Object.values(files);
  const file = files.file ?? uploaded[0];
  if (!file || file.content.length === 0) errors.file = 'Please select a file to import';
  else if (uploaded.length > 1) errors.file = 'Please select one file to import';
  else if (!fileKindOf(file.fileName)) errors.file = 'The file must be an Excel workbook (.xlsx) or a CSV file (.csv)';
  const first = Object.values(errors)[0];
  if (first) throw new AppError('VALIDATION', first, errors);
  const kind = fileKindOf(file.fileName)!;
  const importType = type as SavingsImportType;
  const rows = await readImportRows(importType, kind, file.content);
  if (rows.length === 0) throw fileError('The file has no rows to import');
  if (rows.length > MAX_SAVINGS_IMPORT_ROWS) throw fileError(SAVINGS_IMPORT_WORKBOOK.tooManyRows);

  const id = newId();
  const fileKey = savingsImportObjects.file(cooperativeId, id, kind);
  await s3().send(
    new PutObjectCommand({
      Bucket: config().filesBucket,
      Key: fileKey,
      Body: file.content,
      ContentType: kind === 'csv' ? 'text/csv' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    }),
  );
  const now = nowIso();
  const record: SavingsImport = {
    id,
    cooperative_id: cooperativeId,
    type: importType,
    bank_id: bankId,
    file_name: file.fileName,
    file_key: fileKey,
    file_kind: kind,
    status: 'VALIDATING',
    rows_total: rows.length,
    rows_validated: 0,
    rows_written: 0,
    posted: 0,
    already: 0,
    plans_opened: 0,
    amount: 0,
    started_by: by,
    created_at: now,
    updated_at: now,
  };
  await db().send(new PutCommand({ TableName: table(), Item: { ...keys.savingsImport(cooperativeId, id), entity: 'SAVINGS_IMPORT', ...record } }));
  const { executionArn } = await startWorkflow(SAVINGS_IMPORT_WORKFLOW, { cooperative_id: cooperativeId, import_id: id }, `savings-import-${id}`);
  await updateImport(cooperativeId, id, { execution_arn: executionArn });
  return { import_id: id, type: importType, rows_total: rows.length, status: record.status };
}

export async function importStatus(cooperativeId: string, importId: string | undefined) {
  const record = await requireImport((id) => findImport(cooperativeId, id), importId);
  const progress = await importProgress(record, {
    what: 'savings import',
    stoppedMessage: 'The import stopped before it finished. Rows posted so far are kept; upload the file again to post the rest (posted rows are not posted twice).',
    markFailed: () => updateImport(cooperativeId, record.id, { status: 'FAILED' }),
  });
  return { ...progress, type: record.type, posted: record.posted, already: record.already, plans_opened: record.plans_opened };
}

export async function importReport(cooperativeId: string, importId: string | undefined): Promise<Buffer> {
  return importReportFile(await requireImport((id) => findImport(cooperativeId, id), importId));
}

/** A row checked against the cooperative's data, ready to post. */
export interface ResolvedRow extends ParsedRow {
  member_id: string;
  /** The plan the row moves: `member|product id` or `member|target|start date`. */
  plan_key: string;
  product_id?: string;
  setup?: SavingsSetup;
  /** The member's plan, when it exists (NORMAL_* rows open one when it does not). */
  plan?: PlanRecord;
  /** The row's identity: the order id, whose approval's idempotency key is `order-<id>`. */
  order_id: string;
  /** An earlier import already posted this row. */
  posted: boolean;
}

interface ProductChoice {
  id: string;
  name: string;
  target: boolean;
  setup?: SavingsSetup;
}

/**
 * Checks every row against the cooperative (members, savings products, plans), then the order of
 * each plan's withdrawals. Returns the rows in posting order (grouped by plan, by date) and every
 * error; rows with errors are not returned.
 */
export async function resolveRows(cooperativeId: string, type: SavingsImportType, raws: RawRow[], today: string): Promise<{ rows: ResolvedRow[]; errors: ImportError[] }> {
  const errors: ImportError[] = [];
  const parsed: ParsedRow[] = [];
  for (const raw of raws) {
    const result = parseRow(type, raw, today);
    errors.push(...result.errors);
    if (result.ok) parsed.push(result.ok);
  }

  const memberOf = memberFinder(cooperativeId);
  const plans = new Map<string, PlanRecord[]>();
  const plansOf = async (memberId: string) => {
    if (!plans.has(memberId)) plans.set(memberId, await memberPlans(cooperativeId, memberId));
    return plans.get(memberId)!;
  };
  const [productRows, setups] = await Promise.all([
    listSetup<{ id: string; name: string; status: number }>(cooperativeId, 'PRODUCT'),
    listSetup<SavingsSetup>(cooperativeId, 'SAVINGS_SETUP'),
  ]);
  const products = new Map<string, ProductChoice>();
  for (const p of productRows) {
    const setup = setups.find((s) => String(s.product_id) === String(p.id) && isActive(s.status));
    const name = String(p.name).trim();
    const entry = { id: String(p.id), name, target: name.toLowerCase() === TARGET_PRODUCT, setup };
    const existing = products.get(name.toLowerCase());
    if (!existing || (!existing.setup && setup)) products.set(name.toLowerCase(), entry);
  }

  const resolved: Omit<ResolvedRow, 'order_id' | 'posted'>[] = [];
  const balanceRows = new Map<string, number>();
  for (const row of parsed) {
    const member = await memberOf(row.member);
    if (!member) {
      errors.push({ row: row.row, column: 'member', message: `No member of this cooperative has the number or staff ID ${row.member}` });
      continue;
    }
    if (member.status === MEMBER_STATUS.INACTIVE) {
      errors.push({ row: row.row, column: 'member', message: `The member ${member.id} is inactive` });
      continue;
    }
    const memberId = String(member.id);
    if (type === 'TARGET_HISTORY') {
      const matches = (await plansOf(memberId)).filter((p) => p.is_target && p.status === SAVINGS_PLAN_STATUS.ACTIVE && p.start_date === row.plan_start_date);
      if (matches.length !== 1) {
        const message =
          matches.length === 0
            ? `The member ${memberId} has no active Targeted plan starting on ${row.plan_start_date}`
            : `The member ${memberId} has ${matches.length} active Targeted plans starting on ${row.plan_start_date}; post these payments as deposits`;
        errors.push({ row: row.row, column: 'plan_start_date', message });
        continue;
      }
      const plan = matches[0];
      resolved.push({ ...row, member_id: memberId, plan_key: `${memberId}|target|${plan.id}`, product_id: plan.product_id, plan });
      continue;
    }
    const product = products.get(row.product!.toLowerCase());
    if (!product?.setup) {
      errors.push({ row: row.row, column: 'product', message: `No savings product with an active savings setup is named ${row.product}` });
      continue;
    }
    if (product.target) {
      errors.push({ row: row.row, column: 'product', message: `${product.name} plans follow a payment schedule; import them with Target History` });
      continue;
    }
    const onProduct = (await plansOf(memberId)).filter((p) => p.product_id === product.id && p.status === SAVINGS_PLAN_STATUS.ACTIVE);
    if (onProduct.length > 1) {
      errors.push({ row: row.row, column: 'product', message: `The member ${memberId} has ${onProduct.length} active ${product.name} plans; post to them as deposits` });
      continue;
    }
    const planKey = `${memberId}|${product.id}`;
    if (type === 'NORMAL_BALANCES') {
      const first = balanceRows.get(planKey);
      if (first !== undefined) {
        errors.push({ row: row.row, column: 'product', message: `The ${product.name} balance of ${memberId} is also on row ${first}` });
        continue;
      }
      balanceRows.set(planKey, row.row);
    }
    resolved.push({ ...row, member_id: memberId, plan_key: planKey, product_id: product.id, setup: product.setup, plan: onProduct[0] });
  }

  // Row identities: equal rows of one file are told apart by their occurrence.
  const seen = new Map<string, number>();
  const identified = resolved.map((row) => {
    const target = row.plan_key.includes('|target|') ? `target:${row.plan!.id}` : `product:${row.product_id}`;
    const tuple = { member_id: row.member_id, target, transaction_type: row.transaction_type, amount: row.amount, date: row.date };
    const signature = JSON.stringify(tuple);
    const occurrence = seen.get(signature) ?? 0;
    seen.set(signature, occurrence + 1);
    return { ...row, order_id: rowIdentity(cooperativeId, type, tuple, occurrence), posted: false };
  });
  const done = new Set<string>();
  for (let i = 0; i < identified.length; i += 100) {
    const found = await getItems<{ pk: string }>(identified.slice(i, i + 100).map((r) => keys.idempotency(cooperativeId, `order-${r.order_id}`)));
    for (const item of found) done.add(item.pk);
  }
  for (const row of identified) row.posted = done.has(keys.idempotency(cooperativeId, `order-${row.order_id}`).pk);

  // Posting order: plans in the order they first appear, each plan's rows by date.
  const groups = new Map<string, ResolvedRow[]>();
  for (const row of identified) groups.set(row.plan_key, [...(groups.get(row.plan_key) ?? []), row]);
  const rows: ResolvedRow[] = [];
  for (const group of groups.values()) {
    const ordered = postingOrder(group);
    if (type === 'NORMAL_HISTORY') errors.push(...checkSequence(ordered, ordered[0].plan?.available ?? 0));
    rows.push(...ordered);
  }
  errors.sort((a, b) => a.row - b.row || a.column.localeCompare(b.column));
  return { rows, errors };
}
