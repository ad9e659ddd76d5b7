import { kobo, toNaira } from '@coopledger/shared/money';
import { today } from '@coopledger/shared/dates';
import { ORDER_STATUS, MEMBER_STATUS, SAVINGS_PLAN_STATUS, isActive } from '@coopledger/shared/statuses';
import { postBatchRow, settleBatch } from '#core/batch-ledger';
import { nowIso } from '#core/db';
import { AppError } from '#core/errors';
import type {
  SavingsImportFigures,
  SavingsImportStartedView,
  SavingsImportStatusView,
  SavingsImportType,
} from '@coopledger/shared/import-views';
import type { SavingsImport } from '#core/import-entity';
import { SavingsImportEntity } from '#core/import-entity';
import type { ImportKind } from '#core/import-pipeline';
import {
  importReport as pipelineReport,
  importStatus as pipelineStatus,
  startImport as pipelineStart,
} from '#core/import-pipeline';
import { readImportTable } from '#core/import-files';
import type { UploadedFile } from '#core/multipart';
import type { WorkbookCaps } from '#core/workbook-upload';
import { setupRecords } from '../setup/setup-entity.ts';
import { findMember, memberFinder } from '../members/member-store.ts';
import type { ImportError, ParsedRow, RawRow } from './import-rows.ts';
import {
  IMPORT_COLUMNS,
  IMPORT_TYPE_NAMES,
  MAX_SAVINGS_IMPORT_ROWS,
  checkSequence,
  chunkGroups,
  isSavingsImportType,
  parseRow,
  postingOrder,
  rowIdentity,
} from './import-rows.ts';
import type { OrderRecord } from './order-entity.ts';
import { createImportedOrder, getOrder, ordersByIds } from './order-entity.ts';
import { orderPosting } from './orders.ts';
import type { PlanRecord } from './plan-entity.ts';
import type { SavingsSetup } from '../setup/setup-entity.ts';
import { TARGET_PRODUCT, addPlan } from './plans.ts';
import { memberPlans } from './plan-entity.ts';

/**
 * Savings import (spec 001, DESIGN.md sections 4-5), one kind of the import pipeline
 * (functions/core/import-pipeline.ts): every row is checked against the cooperative's members,
 * products and plans, then whole plans are posted in chunks. Each row is one transaction of the
 * import's ledger batch (functions/core/batch-ledger.ts): its order approved, the plan, member
 * totals, member transaction, month figures and target schedule, and Dr bank / Cr savings added to
 * the batch; the workflow's last step posts the batch as ONE summarised journal.
 */

export const savingsImportObjects = {
  file: (cooperativeId: string, importId: string, kind: 'xlsx' | 'csv') =>
    `t/${cooperativeId}/imports/savings/${importId}.${kind}`,
  report: (cooperativeId: string, importId: string) => `t/${cooperativeId}/imports/savings/${importId}-report.xlsx`,
};

/** What a savings import workbook may hold (functions/core/workbook-upload.ts): at most 6 columns are read. */
export const SAVINGS_IMPORT_WORKBOOK: WorkbookCaps = {
  rows: MAX_SAVINGS_IMPORT_ROWS,
  tooManyRows: `A file may hold at most ${MAX_SAVINGS_IMPORT_ROWS} rows`,
  cellsPerRow: 20,
  bytes: 12 * 1024 * 1024,
};

/** The data rows of an .xlsx (first sheet) or .csv file of a type; a file that cannot be read is a clear 422. */
export const readImportRows = (type: SavingsImportType, kind: 'xlsx' | 'csv', content: Buffer): Promise<RawRow[]> =>
  readImportTable(IMPORT_COLUMNS[type], kind, content, SAVINGS_IMPORT_WORKBOOK);

/** An active bank account of this cooperative (another cooperative's id is not found here). */
export async function activeBank(cooperativeId: string, bankId: string | undefined) {
  if (!bankId) return undefined;
  const bank = await setupRecords.bankAccount.get(cooperativeId, bankId);
  return bank && isActive(bank.status) ? bank : undefined;
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
  /** The row's identity: the id of the order it becomes (and of its batch row). */
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
export async function resolveRows(
  cooperativeId: string,
  type: SavingsImportType,
  raws: RawRow[],
  today: string,
): Promise<{ rows: ResolvedRow[]; errors: ImportError[] }> {
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
    setupRecords.product.list(cooperativeId),
    setupRecords.savingsSetup.list(cooperativeId),
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
      errors.push({
        row: row.row,
        column: 'member',
        message: `No member of this cooperative has the number or staff ID ${row.member}`,
      });
      continue;
    }
    if (member.status === MEMBER_STATUS.INACTIVE) {
      errors.push({ row: row.row, column: 'member', message: `The member ${member.id} is inactive` });
      continue;
    }
    const memberId = String(member.id);
    if (type === 'TARGET_HISTORY') {
      const matches = (await plansOf(memberId)).filter(
        (p) => p.is_target && p.status === SAVINGS_PLAN_STATUS.ACTIVE && p.start_date === row.plan_start_date,
      );
      if (matches.length !== 1) {
        const message =
          matches.length === 0
            ? `The member ${memberId} has no active Targeted plan starting on ${row.plan_start_date}`
            : `The member ${memberId} has ${matches.length} active Targeted plans starting on ${row.plan_start_date}; post these payments as deposits`;
        errors.push({ row: row.row, column: 'plan_start_date', message });
        continue;
      }
      const plan = matches[0];
      resolved.push({
        ...row,
        member_id: memberId,
        plan_key: `${memberId}|target|${plan.id}`,
        product_id: plan.product_id,
        plan,
      });
      continue;
    }
    const product = products.get(row.product!.toLowerCase());
    if (!product?.setup) {
      errors.push({
        row: row.row,
        column: 'product',
        message: `No savings product with an active savings setup is named ${row.product}`,
      });
      continue;
    }
    if (product.target) {
      errors.push({
        row: row.row,
        column: 'product',
        message: `${product.name} plans follow a payment schedule; import them with Target History`,
      });
      continue;
    }
    const onProduct = (await plansOf(memberId)).filter(
      (p) => p.product_id === product.id && p.status === SAVINGS_PLAN_STATUS.ACTIVE,
    );
    if (onProduct.length > 1) {
      errors.push({
        row: row.row,
        column: 'product',
        message: `The member ${memberId} has ${onProduct.length} active ${product.name} plans; post to them as deposits`,
      });
      continue;
    }
    const planKey = `${memberId}|${product.id}`;
    if (type === 'NORMAL_BALANCES') {
      const first = balanceRows.get(planKey);
      if (first !== undefined) {
        errors.push({
          row: row.row,
          column: 'product',
          message: `The ${product.name} balance of ${memberId} is also on row ${first}`,
        });
        continue;
      }
      balanceRows.set(planKey, row.row);
    }
    resolved.push({
      ...row,
      member_id: memberId,
      plan_key: planKey,
      product_id: product.id,
      setup: product.setup,
      plan: onProduct[0],
    });
  }

  // Row identities: equal rows of one file are told apart by their occurrence.
  const seen = new Map<string, number>();
  const identified = resolved.map((row) => {
    const target = row.plan_key.includes('|target|') ? `target:${row.plan!.id}` : `product:${row.product_id}`;
    const tuple = {
      member_id: row.member_id,
      target,
      transaction_type: row.transaction_type,
      amount: row.amount,
      date: row.date,
    };
    const signature = JSON.stringify(tuple);
    const occurrence = seen.get(signature) ?? 0;
    seen.set(signature, occurrence + 1);
    return { ...row, order_id: rowIdentity(cooperativeId, type, tuple, occurrence), posted: false };
  });
  // Rows an earlier import posted: their orders are approved.
  const done = new Set<string>();
  for (let i = 0; i < identified.length; i += 100) {
    const found = await ordersByIds(
      cooperativeId,
      identified.slice(i, i + 100).map((r) => r.order_id),
    );
    for (const order of found) if (order.status === ORDER_STATUS.APPROVED) done.add(order.id);
  }
  for (const row of identified) row.posted = done.has(row.order_id);

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

/** Rows per WriteRows task (a plan's rows are never split, so a chunk may hold more). */
export const CHUNK_ROWS = 50;

/** The import's ledger batch: its rows' GL lines, settled as one summarised journal. */
const batchKeyOf = (record: Pick<SavingsImport, 'id'>) => `savings-import-${record.id}`;

/** A NORMAL_* row's plan: the member's plan on the product, opened from the first row's date when there is none. */
async function planFor(record: SavingsImport, first: ResolvedRow): Promise<{ plan: PlanRecord; opened: boolean }> {
  if (first.plan) return { plan: first.plan, opened: false };
  const existing = (await memberPlans(record.cooperative_id, first.member_id)).find(
    (p) => p.product_id === first.product_id && p.status === SAVINGS_PLAN_STATUS.ACTIVE,
  );
  if (existing) return { plan: existing, opened: false };
  const member = await findMember(record.cooperative_id, first.member_id);
  const endYear = Number(first.date.slice(0, 4)) + 10;
  const plan = await addPlan(
    record.cooperative_id,
    first.member_id,
    {
      savings_product_id: first.product_id!,
      start_date: first.date,
      end_date: `${endYear}-12-31`,
      amount: kobo(member?.savings_amount ?? 0),
      credit_interest: Number(first.setup?.credit_interest ?? 0),
      frequency: 'Monthly',
    },
    record.started_by,
    true,
  );
  return { plan, opened: true };
}

/** The order a row becomes (its id is the row's identity), written pending until its batch row approves it. */
async function orderOf(record: SavingsImport, plan: PlanRecord, row: ResolvedRow): Promise<OrderRecord | 'already'> {
  const tenant = record.cooperative_id;
  const existing = await getOrder(tenant, row.order_id);
  if (existing?.status === ORDER_STATUS.APPROVED) return 'already';
  if (existing?.status === ORDER_STATUS.DENIED)
    throw new Error(`Row ${row.row}: its order ${row.order_id} was denied while the import ran`);
  if (existing) return existing;
  const order = {
    id: row.order_id,
    cooperative_id: tenant,
    coop_id: plan.member_id,
    member: plan.user,
    member_name: plan.member_name,
    savings_id: plan.id,
    product_name: plan.product_name,
    amount: row.amount,
    date: row.date,
    payment_mode_id: 2,
    payment_mode: { id: 2, name: 'Bank Transfer' },
    description: record.type === 'NORMAL_BALANCES' ? `Opening balance as at ${row.date}` : row.description,
    comment: `Savings import ${record.id}, row ${row.row}`,
    transaction_type: row.transaction_type,
    status: ORDER_STATUS.PENDING,
    created_by: record.started_by,
    created_at: nowIso(),
    source: { kind: 'savings-import' as const, id: record.id, type: record.type, row: row.row },
  } satisfies OrderRecord;
  if (await createImportedOrder(order)) return order;
  return (await orderOf(record, plan, row)) ?? order;
}

/**
 * Posts one row, once: one transaction of the import's batch with the order's approval effects
 * (orders.ts `orderPosting`: pending -> approved, plan, member totals, member transaction, month
 * figures, target schedule) and Dr bank / Cr savings (reversed for a withdrawal) added to shard
 * `shard`. The batch row's key is the order id and the approval is conditioned on the order being
 * pending, so a retried chunk or another import of the same row posts nothing.
 */
async function postRow(
  record: SavingsImport,
  bankGl: string,
  plan: PlanRecord,
  row: ResolvedRow,
  shard: number,
): Promise<'posted' | 'already'> {
  const order = await orderOf(record, plan, row);
  if (order === 'already') return 'already';
  for (let attempt = 1; ; attempt++) {
    const scheduleMoved = new AppError(
      'CONFLICT',
      'The payment schedule changed while the row was being posted; try again',
    );
    try {
      const posting = await orderPosting(
        record.cooperative_id,
        order,
        bankGl,
        record.bank_id,
        record.started_by,
        scheduleMoved,
      );
      const { duplicate } = await postBatchRow({
        cooperativeId: record.cooperative_id,
        batchKey: batchKeyOf(record),
        rowKey: order.id,
        shard,
        lines: posting.lines,
        record: {
          order_id: order.id,
          row: row.row,
          member_id: row.member_id,
          savings_id: order.savings_id,
          transaction_type: order.transaction_type,
          amount: order.amount,
          date: order.date,
        },
        effects: posting.effects,
      });
      return duplicate ? 'already' : 'posted';
    } catch (error) {
      if (error === scheduleMoved && attempt < 5) continue;
      // The order's approval found it approved: another run of this row posted it first.
      if (
        error instanceof AppError &&
        error.code === 'CONFLICT' &&
        (await getOrder(record.cooperative_id, order.id))?.status === ORDER_STATUS.APPROVED
      )
        return 'already';
      throw error;
    }
  }
}

async function writeChunk(record: SavingsImport, rows: ResolvedRow[], shard: number) {
  const bank = await activeBank(record.cooperative_id, record.bank_id);
  if (!bank) throw new Error('The bank account was deactivated during the import');
  const groups = new Map<string, ResolvedRow[]>();
  for (const row of rows) groups.set(row.plan_key, [...(groups.get(row.plan_key) ?? []), row]);
  let posted = 0;
  let already = 0;
  let opened = 0;
  let amount = 0;
  for (const group of groups.values()) {
    const pending = group.filter((row) => !row.posted);
    already += group.length - pending.length;
    if (pending.length === 0) continue;
    const { plan, opened: isNew } = await planFor(record, pending[0]);
    if (isNew) opened++;
    for (const row of pending) {
      if ((await postRow(record, String(bank.coa_id), plan, row, shard)) === 'already') already++;
      else {
        posted++;
        amount += row.transaction_type === 'DEPOSIT' ? row.amount : -row.amount;
      }
    }
  }
  return { posted, already, plans_opened: opened, amount };
}

interface SavingsFields {
  type: SavingsImportType;
  bank_id: string;
}

export const savingsImports: ImportKind<
  typeof SavingsImportEntity,
  ResolvedRow,
  SavingsFields,
  SavingsImportFigures,
  Pick<SavingsImportStartedView, 'type'>
> = {
  workflow: 'savings-import',
  entity: SavingsImportEntity,
  what: 'savings import',
  accepts: ['xlsx', 'csv'],
  wrongType: 'The file must be an Excel workbook (.xlsx) or a CSV file (.csv)',
  noRows: 'The file has no rows to import',
  maxRows: MAX_SAVINGS_IMPORT_ROWS,
  tooManyRows: SAVINGS_IMPORT_WORKBOOK.tooManyRows,
  objects: savingsImportObjects,
  stoppedMessage:
    'The import stopped before it finished. Rows posted so far are kept; upload the file again to post the rest (posted rows are not posted twice).',
  async fields(cooperativeId, fields) {
    const errors: Record<string, string> = {};
    const text = (value: unknown) =>
      typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
    const type = text(fields.type).toUpperCase();
    if (!isSavingsImportType(type)) errors.type = 'Please select a savings type';
    const bankId = text(fields.bank_id);
    if (!(await activeBank(cooperativeId, bankId))) errors.bank_id = 'Please select a bank';
    return { errors, values: isSavingsImportType(type) ? { type, bank_id: bankId } : undefined };
  },
  read: (fields, kind, content) => readImportRows(fields.type, kind, content),
  initial: (fields, kind) => ({
    type: fields.type,
    bank_id: fields.bank_id,
    file_kind: kind,
    posted: 0,
    already: 0,
    plans_opened: 0,
    amount: 0,
  }),
  resolve: (record, raws, day) => resolveRows(record.cooperative_id, record.type, raws, day),
  // The summarised journal is dated on the file's latest row date: every row's movement has happened by then.
  validated: (rows, day) => ({
    posting_date: rows.reduce((latest, row) => (row.date > latest ? row.date : latest), rows[0]?.date ?? day),
  }),
  chunks(rows) {
    const groups = new Map<string, number[]>();
    for (const row of rows) groups.set(row.plan_key, [...(groups.get(row.plan_key) ?? []), row.row]);
    return chunkGroups([...groups.values()], CHUNK_ROWS);
  },
  writeChunk,
  async settle(record) {
    const date = record.posting_date ?? today();
    const settled = await settleBatch({
      cooperativeId: record.cooperative_id,
      batchKey: batchKeyOf(record),
      date,
      description: `Savings import (${IMPORT_TYPE_NAMES[record.type]}) ${record.file_name}`,
      source: { type: 'SAVINGS_IMPORT', id: record.id },
      reference: `Savings import ${record.id}`,
      createdBy: record.started_by,
      history: true,
    });
    return settled.journalId;
  },
  present: (record) => ({
    amount: toNaira(record.amount),
    type: record.type,
    posted: record.posted,
    already: record.already,
    plans_opened: record.plans_opened,
  }),
  started: (fields) => ({ type: fields.type }),
};

/** POST /savings/import: checks the choices and the file, stores it and starts the workflow. */
export const startImport = (
  cooperativeId: string,
  fields: Record<string, unknown>,
  files: Record<string, UploadedFile>,
  by: string,
): Promise<SavingsImportStartedView> => pipelineStart(savingsImports, cooperativeId, fields, files, by);

export const importStatus = (cooperativeId: string, importId: string | undefined): Promise<SavingsImportStatusView> =>
  pipelineStatus(savingsImports, cooperativeId, importId);

export const importReport = (cooperativeId: string, importId: string | undefined) =>
  pipelineReport(savingsImports, cooperativeId, importId);
