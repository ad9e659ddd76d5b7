import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { LoanRow } from '@coopledger/shared/loan-schedule';
import { applyRepayment, openRows } from '@coopledger/shared/loan-schedule';
import { kobo } from '@coopledger/shared/money';
import { db } from '#core/clients';
import type { Item, TransactItem } from '#core/db';
import { TransactionConditionFailed, getItem, getItems, nowIso, table, transactWrite } from '#core/db';
import { AppError } from '#core/errors';
import { newId } from '#core/ids';
import type { ImportError, ImportFileKind, RawRow } from '#core/import-files';
import { XLSX_CONTENT_TYPE, fileKindOf, importFileError, importProgress, importReportFile, putObject, readImportTable, readObject, requireImport, updateImportRecord } from '#core/import-files';
import { keys, objectKeys } from '#core/keys';
import type { WorkbookCaps } from '#core/workbook-upload';
import { glCodeByPurpose } from '../chart/chart-store.ts';
import type { Effect } from '#core/ledger';
import { post } from '#core/ledger';
import type { UploadedFile } from '#core/multipart';
import { listSetup } from '#core/setup-store';
import { startWorkflow } from '#core/workflows';
import { memberFinder } from '../members/member-store.ts';
import type { LoanSetup } from './applications.ts';
import { fullName } from './applications.ts';
import type { ParsedLoanRow } from './import-rows.ts';
import { LOAN_IMPORT_COLUMNS, MAX_LOAN_IMPORT_ROWS, loanIdentity, parseLoanRow } from './import-rows.ts';
import type { LoanRecord } from './loan-store.ts';
import { isRunning, loansByIds, memberLoans, outstandingOf } from './loan-store.ts';
import { LOAN_REPAYMENT_STATUS, LOAN_STATUS, MEMBER_STATUS, isActive } from '@coopledger/shared/statuses';
import type { ImportStatus } from '@coopledger/shared/statuses';

/**
 * Loan import (spec 000 section 2 "Loan import", DESIGN.md section 5; docs/decisions.md "Loan
 * import"): the file goes to S3 and the `loan-import` workflow checks every row against the
 * cooperative's members, loan products and running loans, then creates each loan approved and
 * running with its schedule, the amount repaid applied, and its principal still owed posted as an
 * opening balance. This module holds what the API and the workflow tasks share.
 */
export const LOAN_IMPORT_WORKFLOW = 'loan-import';


export interface LoanImport extends Item {
  id: string;
  cooperative_id: string;
  file_name: string;
  file_key: string;
  file_kind: ImportFileKind;
  /** VALIDATING, INVALID (nothing written, report ready), WRITING, COMPLETED, FAILED. */
  status: ImportStatus;
  rows_total: number;
  rows_validated: number;
  rows_written: number;
  /** Loans created by this import. */
  created: number;
  /** Of those, loans whose repayments cover everything (Completed). */
  completed: number;
  /** Rows an earlier import of the same file had already created. */
  already: number;
  /** Kobo: principal outstanding posted as opening balances by this import. */
  amount: number;
  errors?: ImportError[];
  error_count?: number;
  report_key?: string;
  execution_arn?: string;
  started_by: string;
  created_at: string;
  updated_at: string;
}

export const findLoanImport = (cooperativeId: string, importId: string) => getItem<LoanImport>(keys.loanImport(cooperativeId, importId), true);

export const updateLoanImport = (
  cooperativeId: string,
  importId: string,
  set: Partial<LoanImport>,
  add: Partial<Record<'rows_written' | 'created' | 'completed' | 'already' | 'amount', number>> = {},
) => updateImportRecord(keys.loanImport(cooperativeId, importId), set, add);

/** What a loan import workbook may hold (functions/core/workbook-upload.ts): 10 columns are read. */
export const LOAN_IMPORT_WORKBOOK: WorkbookCaps = {
  rows: MAX_LOAN_IMPORT_ROWS,
  tooManyRows: `A file may hold at most ${MAX_LOAN_IMPORT_ROWS} rows`,
  cellsPerRow: 20,
  bytes: 4 * 1024 * 1024,
};

export const readLoanImportRows = (kind: ImportFileKind, content: Buffer) => readImportTable(LOAN_IMPORT_COLUMNS, kind, content, LOAN_IMPORT_WORKBOOK);

export const rowsOfLoanImport = async (record: LoanImport): Promise<RawRow[]> => readLoanImportRows(record.file_kind, await readObject(record.file_key));

/** POST /cooperative/loans/import: checks the file, stores it and starts the workflow. */
export async function startLoanImport(cooperativeId: string, files: Record<string, UploadedFile>, by: string) {
  const uploaded = Object.values(files);
  const file = files.file ?? uploaded[0];
  let message: string | undefined;
  if (!file || file.content.length === 0) message = 'Please select a file to import';
  else if (uploaded.length > 1) message = 'Please select one file to import';
  else if (!fileKindOf(file.fileName)) message = 'The file must be an Excel workbook (.xlsx) or a CSV file (.csv)';
  if (message) throw importFileError(message);
  const kind = fileKindOf(file.fileName)!;
  const rows = await readLoanImportRows(kind, file.content);
  if (rows.length === 0) throw importFileError('The file has no rows to import');
  if (rows.length > MAX_LOAN_IMPORT_ROWS) throw importFileError(LOAN_IMPORT_WORKBOOK.tooManyRows);

  const id = newId();
  const fileKey = objectKeys.loanImportFile(cooperativeId, id, kind);
  await putObject(fileKey, file.content, kind === 'csv' ? 'text/csv' : XLSX_CONTENT_TYPE);
  const now = nowIso();
  const record: LoanImport = {
    id,
    cooperative_id: cooperativeId,
    file_name: file.fileName,
    file_key: fileKey,
    file_kind: kind,
    status: 'VALIDATING',
    rows_total: rows.length,
    rows_validated: 0,
    rows_written: 0,
    created: 0,
    completed: 0,
    already: 0,
    amount: 0,
    started_by: by,
    created_at: now,
    updated_at: now,
  };
  await db().send(new PutCommand({ TableName: table(), Item: { ...keys.loanImport(cooperativeId, id), entity: 'LOAN_IMPORT', ...record } }));
  const { executionArn } = await startWorkflow(LOAN_IMPORT_WORKFLOW, { cooperative_id: cooperativeId, import_id: id }, `loan-import-${id}`);
  await updateLoanImport(cooperativeId, id, { execution_arn: executionArn });
  return { import_id: id, rows_total: rows.length, status: record.status };
}

export async function loanImportStatus(cooperativeId: string, importId: string | undefined) {
  const record = await requireImport((id) => findLoanImport(cooperativeId, id), importId);
  const progress = await importProgress(record, {
    what: 'loan import',
    stoppedMessage: 'The import stopped before it finished. Loans created so far are kept; upload the file again to create the rest (a loan is never created twice).',
    markFailed: () => updateLoanImport(cooperativeId, record.id, { status: 'FAILED' }),
  });
  return { ...progress, created: record.created, completed: record.completed, already: record.already };
}

export async function loanImportReport(cooperativeId: string, importId: string | undefined): Promise<Buffer> {
  return importReportFile(await requireImport((id) => findLoanImport(cooperativeId, id), importId));
}

/** A row checked against the cooperative, ready to write. */
export interface ResolvedLoanRow extends ParsedLoanRow {
  /** The member number. */
  member_id: string;
  member_name: string;
  member_names: { firstname: string; lastname: string };
  product_id: string;
  product_name: string;
  setup: LoanSetup;
  /** The loan's id (its identity): the same loan of any upload gets the same id. */
  loan_id: string;
  /** An earlier import already created this loan. */
  exists: boolean;
}

/** The cooperative's active Opening Balance Equity account, if it has one. */
export const openingBalanceGl = (cooperativeId: string) => glCodeByPurpose(cooperativeId, 'opening_balance_equity');

/** The schedule of an imported loan with the amount repaid applied (interest then principal of the oldest rows). */
export function repaidRows(row: Pick<ParsedLoanRow, 'schedule' | 'amount_repaid'>): { rows: LoanRow[]; principal: number; outstanding: number } {
  const open = openRows(row.schedule.rows);
  if (row.amount_repaid === 0) return { rows: open, principal: row.schedule.totals.principal, outstanding: row.schedule.totals.payment };
  const paid = applyRepayment(open, row.amount_repaid);
  return { rows: paid.rows, principal: paid.outstandingPrincipal, outstanding: paid.outstanding };
}

/**
 * Checks every row against the cooperative (members, loan products with an active setup, running
 * loans, the other rows of the file) and finds the loans an earlier import already created. Returns
 * the rows that passed and every error, sorted by row.
 */
export async function resolveLoanRows(cooperativeId: string, raws: RawRow[], today: string): Promise<{ rows: ResolvedLoanRow[]; errors: ImportError[] }> {
  const errors: ImportError[] = [];
  const parsed: ParsedLoanRow[] = [];
  for (const raw of raws) {
    const result = parseLoanRow(raw, today);
    errors.push(...result.errors);
    if (result.ok) parsed.push(result.ok);
  }
  if (parsed.length > 0 && !(await openingBalanceGl(cooperativeId))) {
    errors.push({ row: 0, column: '', message: "This cooperative has no active Opening Balance Equity account (the standard chart's 402003) to post opening loan balances against" });
  }

  const memberOf = memberFinder(cooperativeId);
  const loansOf = new Map<string, LoanRecord[]>();
  const existingLoans = async (memberId: string) => {
    if (!loansOf.has(memberId)) loansOf.set(memberId, await memberLoans(cooperativeId, memberId));
    return loansOf.get(memberId)!;
  };
  const [productRows, setups] = await Promise.all([
    listSetup<{ id: string; name: string; status: number }>(cooperativeId, 'PRODUCT'),
    listSetup<LoanSetup>(cooperativeId, 'LOAN_SETUP'),
  ]);
  const products = new Map<string, { id: string; name: string; setup: LoanSetup }>();
  for (const p of productRows) {
    const setup = setups.find((s) => String(s.product_id) === String(p.id) && isActive(s.status));
    if (setup && !products.has(String(p.name).trim().toLowerCase())) products.set(String(p.name).trim().toLowerCase(), { id: String(p.id), name: String(p.name).trim(), setup });
  }

  const rows: ResolvedLoanRow[] = [];
  const byIdentity = new Map<string, number>();
  const runningInFile = new Map<string, number>();
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
    const product = products.get(row.product.toLowerCase());
    if (!product) {
      errors.push({ row: row.row, column: 'loan_product', message: `No loan product with an active loan setup is named ${row.product}` });
      continue;
    }
    const memberId = String(member.id);
    const loanId = loanIdentity(cooperativeId, { ...row, member_id: memberId, product_id: product.id });
    const same = byIdentity.get(loanId);
    if (same !== undefined) {
      errors.push({ row: row.row, column: 'member', message: `The same loan is also on row ${same}` });
      continue;
    }
    byIdentity.set(loanId, row.row);
    const loans = await existingLoans(memberId);
    const exists = loans.some((l) => l.id === loanId);
    const running = repaidRows(row).outstanding > 0;
    if (!exists && running) {
      const other = loans.find((l) => l.product_id === product.id && isRunning(l) && l.id !== loanId);
      if (other) {
        errors.push({ row: row.row, column: 'loan_product', message: `The member ${memberId} already has a running ${product.name} loan` });
        continue;
      }
      const claimKey = keys.runningLoanClaim(cooperativeId, memberId, product.id);
      const earlier = runningInFile.get(`${claimKey.pk}`);
      if (earlier !== undefined) {
        errors.push({ row: row.row, column: 'loan_product', message: `The member ${memberId} has another running ${product.name} loan on row ${earlier}` });
        continue;
      }
      runningInFile.set(claimKey.pk, row.row);
    }
    rows.push({
      ...row,
      member_id: memberId,
      member_name: fullName(member),
      member_names: { firstname: member.firstname, lastname: member.lastname },
      product_id: product.id,
      product_name: product.name,
      setup: product.setup,
      loan_id: loanId,
      exists,
    });
  }
  errors.sort((a, b) => a.row - b.row || a.column.localeCompare(b.column));
  return { rows, errors };
}

/** The loan item an imported row becomes: approved, running (or Completed when repaid in full), no sureties. */
export function importedLoan(record: Pick<LoanImport, 'id' | 'cooperative_id' | 'started_by'>, row: ResolvedLoanRow, now: string): LoanRecord & { imported: { import_id: string; row: number }; amount_repaid: number } {
  const { rows } = repaidRows(row);
  const balance = outstandingOf(rows);
  return {
    id: row.loan_id,
    cooperative_id: record.cooperative_id,
    member_id: row.member_id,
    member: row.member_names,
    member_name: row.member_name,
    product_id: row.product_id,
    product_name: row.product_name,
    setup_id: row.setup.id,
    loan_amount: row.loan_amount,
    total_interest: row.schedule.totals.interest,
    total_amount: row.schedule.totals.payment,
    loan_balance: balance,
    tenure: row.tenure,
    tenure_type: row.tenure_type,
    interest_rate: row.interest_rate,
    calculation_method_id: row.calculation_method_id,
    charge_id: '',
    charge_amount: 0,
    penal_charge: Number(row.setup.penal_charge ?? 0),
    penal_type: row.setup.penal_type ?? 'None',
    upfront: 0,
    upfront_amount: 0,
    source: String(row.setup.source ?? 'Internal'),
    repayment_type: 'Salary',
    payment_start_date: row.payment_start_date,
    date: row.disbursement_date,
    status: LOAN_STATUS.APPROVED,
    is_paid: balance === 0 ? LOAN_REPAYMENT_STATUS.COMPLETED : LOAN_REPAYMENT_STATUS.RUNNING,
    surety_ids: [],
    all_surety_ids: [],
    schedule: rows,
    version: 0,
    approved_by: record.started_by,
    approved_at: `${row.disbursement_date}T00:00:00.000Z`,
    lien: null,
    amount_repaid: row.amount_repaid,
    imported: { import_id: record.id, row: row.row },
    created_by: record.started_by,
    created_at: now,
    updated_at: now,
  };
}

export const loanImportKey = (loanId: string) => `loan-import-${loanId}`;

/**
 * Creates one imported loan, once (its id is its identity). In one transaction: the loan item
 * (condition: absent), the member's running-loan claim for the product when the loan is running
 * (condition: absent or naming a loan no longer running), and, when principal is still owed, the
 * opening balance journal (idempotency key `loan-import-<loan id>`):
 *
 *   Dr setup.principal_gl             principal outstanding
 *   Cr Opening Balance Equity (402003) principal outstanding
 *
 * Interest not yet paid is not posted: it is recognised as income when it is repaid, as for every
 * other loan (docs/decisions.md "Loan import"). Returns 'already' when the loan exists.
 */
export async function writeImportedLoan(record: LoanImport, row: ResolvedLoanRow, date: string, equityGl: string): Promise<{ outcome: 'created' | 'already'; principal: number; completed: boolean }> {
  const tenant = record.cooperative_id;
  const now = nowIso();
  const loan = importedLoan(record, row, now);
  const { principal } = repaidRows(row);
  const completed = loan.is_paid === LOAN_REPAYMENT_STATUS.COMPLETED;
  const TableName = table();
  const loanItem: TransactItem = {
    Put: {
      TableName,
      Item: { ...keys.loan(tenant, loan.id), ...keys.loanIndex(tenant, loan.member_id, loan.date, now, loan.id), entity: 'LOAN', ...loan },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
  const items: TransactItem[] = [loanItem];
  if (!completed) {
    const claimKey = keys.runningLoanClaim(tenant, loan.member_id, loan.product_id);
    const claim = await getItem<{ loan_id: string }>(claimKey, true);
    if (claim) {
      const claimed = (await loansByIds(tenant, [claim.loan_id])).get(claim.loan_id);
      if (claimed && isRunning(claimed) && claimed.id !== loan.id) {
        throw new Error(`Row ${row.row}: the member ${loan.member_id} took a running ${loan.product_name} loan while the import ran`);
      }
    }
    items.push({
      Put: {
        TableName,
        Item: { ...claimKey, entity: 'LOAN_CLAIM', loan_id: loan.id, member_id: loan.member_id, product_id: loan.product_id, created_at: now },
        ConditionExpression: claim ? 'loan_id = :stale' : 'attribute_not_exists(pk)',
        ExpressionAttributeValues: claim ? { ':stale': claim.loan_id } : undefined,
      },
    });
  }
  const alreadyThere = async () => (await getItems<{ id: string }>([keys.loan(tenant, loan.id)])).length > 0;
  if (principal === 0) {
    try {
      await transactWrite(items);
    } catch (error) {
      if (error instanceof TransactionConditionFailed && (await alreadyThere())) return { outcome: 'already', principal: 0, completed };
      throw error;
    }
    return { outcome: 'created', principal: 0, completed };
  }
  const effects: Effect[] = items.map((item) => ({ item }));
  try {
    const result = await post({
      cooperativeId: tenant,
      idempotencyKey: loanImportKey(loan.id),
      date,
      description: `Opening loan balance: ${loan.member_name} (${loan.member_id}), ${loan.product_name} disbursed ${loan.date}`,
      source: { type: 'LOAN_IMPORT', id: loan.id },
      reference: `Loan import ${record.id}, row ${row.row}`,
      lines: [
        { glCode: String(row.setup.principal_gl), side: 'D', amount: kobo(principal), description: `${loan.product_name} principal outstanding` },
        { glCode: equityGl, side: 'C', amount: kobo(principal), description: 'Opening balance equity' },
      ],
      effects,
      createdBy: record.started_by,
    });
    if (result.duplicate) return { outcome: 'already', principal: 0, completed };
  } catch (error) {
    if (error instanceof AppError && error.code === 'CONFLICT' && (await alreadyThere())) return { outcome: 'already', principal: 0, completed };
    throw error;
  }
  return { outcome: 'created', principal, completed };
}
