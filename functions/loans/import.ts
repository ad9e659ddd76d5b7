import type { ImportStartedView, LoanImportFigures, LoanImportStatusView } from '@coopledger/shared/import-views';
import { kobo, toNaira } from '@coopledger/shared/money';
import type { LoanRow } from '@coopledger/shared/loan-schedule';
import { applyRepayment, openRows } from '@coopledger/shared/loan-schedule';
import { today } from '@coopledger/shared/dates';
import { LOAN_REPAYMENT_STATUS, LOAN_STATUS, MEMBER_STATUS, isActive } from '@coopledger/shared/statuses';
import { postBatchRow, settleBatch } from '#core/batch-ledger';
import type { TransactItem } from '#core/db';
import { TransactionConditionFailed, nowIso, transactWrite } from '#core/db';
import { AppError } from '#core/errors';
import type { LoanImport } from '#core/import-entity';
import { LoanImportEntity } from '#core/import-entity';
import type { ImportError, ImportFileKind, RawRow } from '#core/import-files';
import { readImportTable } from '#core/import-files';
import type { ImportKind } from '#core/import-pipeline';
import { consecutiveChunks, importReport, importStatus, startImport } from '#core/import-pipeline';
import { keys, objectKeys } from '#core/keys';
import type { UploadedFile } from '#core/multipart';
import type { WorkbookCaps } from '#core/workbook-upload';
import { setupRecords } from '../setup/setup-entity.ts';
import { glCodeByPurpose } from '../chart/chart-store.ts';
import { memberFinder } from '../members/member-store.ts';
import type { LoanSetup } from './applications.ts';
import { fullName } from './applications.ts';
import type { ParsedLoanRow } from './import-rows.ts';
import { LOAN_IMPORT_COLUMNS, MAX_LOAN_IMPORT_ROWS, loanIdentity, parseLoanRow } from './import-rows.ts';
import { claimPut, findLoanClaim } from './loan-claim-entity.ts';
import { findLoan, loanListing, putLoan } from './loan-entity.ts';
import { loanDueAfter } from '../payroll/due-entity.ts';
import type { LoanRecord } from './loan-store.ts';
import { isRunning, loansByIds, memberLoans, outstandingOf } from './loan-store.ts';

/**
 * Loan import (spec 000 section 2 "Loan import", DESIGN.md section 5; docs/decisions.md "Loan
 * import"), one kind of the import pipeline (functions/core/import-pipeline.ts): every row is
 * checked against the cooperative's members, loan products and running loans, then each loan is
 * created approved and running with its schedule and the amount repaid applied. The principal still
 * owed is added to the import's ledger batch (functions/core/batch-ledger.ts) with the loan, and the
 * workflow's last step posts the batch as ONE summarised journal of opening balances.
 */

/** What a loan import workbook may hold (functions/core/workbook-upload.ts): 10 columns are read. */
export const LOAN_IMPORT_WORKBOOK: WorkbookCaps = {
  rows: MAX_LOAN_IMPORT_ROWS,
  tooManyRows: `A file may hold at most ${MAX_LOAN_IMPORT_ROWS} rows`,
  cellsPerRow: 20,
  bytes: 4 * 1024 * 1024,
};

export const readLoanImportRows = (kind: ImportFileKind, content: Buffer) =>
  readImportTable(LOAN_IMPORT_COLUMNS, kind, content, LOAN_IMPORT_WORKBOOK);

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
export function repaidRows(row: Pick<ParsedLoanRow, 'schedule' | 'amount_repaid'>): {
  rows: LoanRow[];
  principal: number;
  outstanding: number;
} {
  const open = openRows(row.schedule.rows);
  if (row.amount_repaid === 0)
    return { rows: open, principal: row.schedule.totals.principal, outstanding: row.schedule.totals.payment };
  const paid = applyRepayment(open, row.amount_repaid);
  return { rows: paid.rows, principal: paid.outstandingPrincipal, outstanding: paid.outstanding };
}

/**
 * Checks every row against the cooperative (members, loan products with an active setup, running
 * loans, the other rows of the file) and finds the loans an earlier import already created. Returns
 * the rows that passed and every error, sorted by row.
 */
export async function resolveLoanRows(
  cooperativeId: string,
  raws: RawRow[],
  today: string,
): Promise<{ rows: ResolvedLoanRow[]; errors: ImportError[] }> {
  const errors: ImportError[] = [];
  const parsed: ParsedLoanRow[] = [];
  for (const raw of raws) {
    const result = parseLoanRow(raw, today);
    errors.push(...result.errors);
    if (result.ok) parsed.push(result.ok);
  }
  if (parsed.length > 0 && !(await openingBalanceGl(cooperativeId))) {
    errors.push({
      row: 0,
      column: '',
      message:
        "This cooperative has no active Opening Balance Equity account (the standard chart's 402003) to post opening loan balances against",
    });
  }

  const memberOf = memberFinder(cooperativeId);
  const loansOf = new Map<string, LoanRecord[]>();
  const existingLoans = async (memberId: string) => {
    if (!loansOf.has(memberId)) loansOf.set(memberId, await memberLoans(cooperativeId, memberId));
    return loansOf.get(memberId)!;
  };
  const [productRows, setups] = await Promise.all([
    setupRecords.product.list(cooperativeId),
    setupRecords.loanSetup.list(cooperativeId),
  ]);
  const products = new Map<string, { id: string; name: string; setup: LoanSetup }>();
  for (const p of productRows) {
    const setup = setups.find((s) => String(s.product_id) === String(p.id) && isActive(s.status));
    if (setup && !products.has(String(p.name).trim().toLowerCase()))
      products.set(String(p.name).trim().toLowerCase(), { id: String(p.id), name: String(p.name).trim(), setup });
  }

  const rows: ResolvedLoanRow[] = [];
  const byIdentity = new Map<string, number>();
  const runningInFile = new Map<string, number>();
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
    const product = products.get(row.product.toLowerCase());
    if (!product) {
      errors.push({
        row: row.row,
        column: 'loan_product',
        message: `No loan product with an active loan setup is named ${row.product}`,
      });
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
        errors.push({
          row: row.row,
          column: 'loan_product',
          message: `The member ${memberId} already has a running ${product.name} loan`,
        });
        continue;
      }
      const claimKey = keys.runningLoanClaim(cooperativeId, memberId, product.id);
      const earlier = runningInFile.get(`${claimKey.pk}`);
      if (earlier !== undefined) {
        errors.push({
          row: row.row,
          column: 'loan_product',
          message: `The member ${memberId} has another running ${product.name} loan on row ${earlier}`,
        });
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
export function importedLoan(
  record: Pick<LoanImport, 'id' | 'cooperative_id' | 'started_by'>,
  row: ResolvedLoanRow,
  now: string,
): LoanRecord & { imported: { import_id: string; row: number }; amount_repaid: number } {
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

/** Rows per WriteRows task. */
export const CHUNK_ROWS = 25;

/** The import's ledger batch: its loans' opening balances, settled as one summarised journal. */
const batchKeyOf = (record: Pick<LoanImport, 'id'>) => `loan-import-${record.id}`;

/**
 * Creates one imported loan, once (its id is its identity). In one transaction: the loan item
 * (condition: absent), the member's running-loan claim for the product when the loan is running
 * (condition: absent or naming a loan no longer running), and, when principal is still owed, the
 * import's batch row (its key the loan id) adding to shard `shard`:
 *
 *   Dr setup.principal_gl             principal outstanding
 *   Cr Opening Balance Equity (402003) principal outstanding
 *
 * Interest not yet paid is not posted: it is recognised as income when it is repaid, as for every
 * other loan (docs/decisions.md "Loan import"). Returns 'already' when the loan exists.
 */
export async function writeImportedLoan(
  record: LoanImport,
  row: ResolvedLoanRow,
  equityGl: string,
  shard: number,
): Promise<{ outcome: 'created' | 'already'; principal: number; completed: boolean }> {
  const tenant = record.cooperative_id;
  const now = nowIso();
  const loan = importedLoan(record, row, now);
  const { principal } = repaidRows(row);
  const completed = loan.is_paid === LOAN_REPAYMENT_STATUS.COMPLETED;
  const loanExists = new AppError('CONFLICT', 'This loan has already been imported');
  const items: { item: TransactItem; onConditionFailed?: AppError }[] = [
    { item: putLoan(loan), onConditionFailed: loanExists },
  ];
  if (!completed) {
    // A running imported loan repays through the payroll: its due item.
    items.push({ item: loanDueAfter(loan, loan.schedule, true) });
    const claim = await findLoanClaim(tenant, loan.member_id, loan.product_id);
    if (claim) {
      const claimed = (await loansByIds(tenant, [claim.loan_id])).get(claim.loan_id);
      if (claimed && isRunning(claimed) && claimed.id !== loan.id) {
        throw new Error(
          `Row ${row.row}: the member ${loan.member_id} took a running ${loan.product_name} loan while the import ran`,
        );
      }
    }
    items.push({
      item: claimPut(
        tenant,
        { loan_id: loan.id, member_id: loan.member_id, product_id: loan.product_id, created_at: now },
        claim?.loan_id,
      ),
      onConditionFailed: new AppError('CONFLICT', 'The running-loan claim changed'),
    });
  }
  items.push(...loanListing(loan).map((item) => ({ item })));
  const alreadyThere = async () => (await findLoan(tenant, loan.id)) !== undefined;
  try {
    if (principal === 0) await transactWrite(items.map((i) => i.item));
    else {
      const { duplicate } = await postBatchRow({
        cooperativeId: tenant,
        batchKey: batchKeyOf(record),
        rowKey: loan.id,
        shard,
        lines: [
          {
            glCode: String(row.setup.principal_gl),
            side: 'D',
            amount: kobo(principal),
            description: `${loan.product_name} principal outstanding`,
          },
          { glCode: equityGl, side: 'C', amount: kobo(principal), description: 'Opening balance equity' },
        ],
        record: { loan_id: loan.id, row: row.row, member_id: loan.member_id, product_id: loan.product_id, principal },
        effects: items,
      });
      if (duplicate) return { outcome: 'already', principal: 0, completed };
    }
  } catch (error) {
    if (
      (error === loanExists ||
        error instanceof TransactionConditionFailed ||
        (error instanceof AppError && error.code === 'CONFLICT')) &&
      (await alreadyThere())
    ) {
      return { outcome: 'already', principal: 0, completed };
    }
    throw error;
  }
  return { outcome: 'created', principal, completed };
}

async function writeChunk(record: LoanImport, rows: ResolvedLoanRow[], shard: number) {
  const equityGl = await openingBalanceGl(record.cooperative_id);
  if (!equityGl) throw new Error('The Opening Balance Equity account was deactivated during the import');
  let created = 0;
  let completed = 0;
  let already = 0;
  let amount = 0;
  for (const row of rows) {
    if (row.exists) {
      already++;
      continue;
    }
    const result = await writeImportedLoan(record, row, equityGl, shard);
    if (result.outcome === 'already') already++;
    else {
      created++;
      amount += result.principal;
      if (result.completed) completed++;
    }
  }
  return { created, completed, already, amount };
}

export const loanImports: ImportKind<typeof LoanImportEntity, ResolvedLoanRow, object, LoanImportFigures> = {
  workflow: 'loan-import',
  entity: LoanImportEntity,
  what: 'loan import',
  accepts: ['xlsx', 'csv'],
  wrongType: 'The file must be an Excel workbook (.xlsx) or a CSV file (.csv)',
  noRows: 'The file has no rows to import',
  maxRows: MAX_LOAN_IMPORT_ROWS,
  tooManyRows: LOAN_IMPORT_WORKBOOK.tooManyRows,
  objects: { file: objectKeys.loanImportFile, report: objectKeys.loanImportReport },
  stoppedMessage:
    'The import stopped before it finished. Loans created so far are kept; upload the file again to create the rest (a loan is never created twice).',
  read: (_fields, kind, content) => readLoanImportRows(kind, content),
  initial: (_fields, kind) => ({ file_kind: kind, created: 0, completed: 0, already: 0, amount: 0 }),
  resolve: (record, raws, day) => resolveLoanRows(record.cooperative_id, raws, day),
  // The opening balances are posted on the import day.
  validated: (_rows, day) => ({ posting_date: day }),
  chunks: (rows) => consecutiveChunks(rows, CHUNK_ROWS),
  writeChunk,
  async settle(record) {
    const settled = await settleBatch({
      cooperativeId: record.cooperative_id,
      batchKey: batchKeyOf(record),
      date: record.posting_date ?? today(),
      description: `Opening loan balances: loan import ${record.file_name}`,
      source: { type: 'LOAN_IMPORT', id: record.id },
      reference: `Loan import ${record.id}`,
      createdBy: record.started_by,
    });
    return settled.journalId;
  },
  present: (record) => ({
    amount: toNaira(record.amount),
    created: record.created,
    completed: record.completed,
    already: record.already,
  }),
};

/** POST /cooperative/loans/import: checks the file, stores it and starts the workflow. */
export const startLoanImport = (
  cooperativeId: string,
  files: Record<string, UploadedFile>,
  by: string,
): Promise<ImportStartedView> => startImport(loanImports, cooperativeId, {}, files, by);

export const loanImportStatus = (cooperativeId: string, importId: string | undefined): Promise<LoanImportStatusView> =>
  importStatus(loanImports, cooperativeId, importId);

export const loanImportReport = (cooperativeId: string, importId: string | undefined) =>
  importReport(loanImports, cooperativeId, importId);
