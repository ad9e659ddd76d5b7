import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { today } from '../../shared/src/dates.ts';
import { getItem, queryAll } from '../../functions/core/db.ts';
import { SavingsImportEntity, createImportRecord, findImportRecord } from '../../functions/core/import-entity.ts';
import { putObject } from '../../functions/core/import-files.ts';
import { finishTask, validateRowsTask, writeRowsTask } from '../../functions/core/import-pipeline.ts';
import { keys } from '../../functions/core/keys.ts';
import { standardAccount } from '../../functions/cooperatives/standard-chart.ts';
import { savingsImportObjects, savingsImports } from '../../functions/savings/import.ts';
import { call } from './support/api.ts';
import { useRuntimeEnv } from './support/env.ts';
import type { LoanWorld } from './support/loans.ts';
import { GL, loanProduct, loanWorld } from './support/loans.ts';
import type { PlanRow } from './support/savings.ts';
import { glTotal, newMember } from './support/savings.ts';

/**
 * Savings and loan imports post ONE summarised journal per import through the batch ledger
 * (DESIGN.md section 4, "hot accounts"; functions/core/batch-ledger.ts), never a journal per row,
 * and never a row twice. Each test runs in a cooperative of its own, so every journal and GL total
 * in it comes from the import under test.
 */
const EQUITY = standardAccount('opening_balance_equity');

beforeAll(() => {
  useRuntimeEnv();
});

interface Journal {
  id: string;
  transaction_date: string;
  source_type: string;
  source_id: string;
  lines: { gl_code: string; dc: 'D' | 'C'; amount: number }[];
}

/** Every journal of a cooperative dated in the given months. */
async function journalsIn(coop: string, months: string[]): Promise<Journal[]> {
  const all: Journal[] = [];
  for (const month of months) {
    all.push(
      ...(await queryAll<Journal>({
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.journalsByMonth(coop, month) },
      })),
    );
  }
  return all;
}

const linesOf = (journal: Journal) => journal.lines.map((l) => `${l.dc} ${l.gl_code} ${l.amount}`).sort();

async function xlsx(header: string[], rows: (string | number)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Import');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const HISTORY = ['member', 'product', 'transaction_type', 'amount', 'date', 'description'];
const LOANS = [
  'member',
  'loan_product',
  'loan_amount',
  'interest_rate',
  'tenure',
  'tenure_type',
  'calculation_method',
  'payment_start_date',
  'disbursement_date',
  'amount_repaid',
];

async function uploaded(world: LoanWorld, path: string, content: Buffer, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.append('cooperative_id', world.ctx.coop);
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([content]), 'import.xlsx');
  const started = await call<{ import_id: string }>('POST', path, { token: world.ctx.token, form });
  expect(started.status, started.body.message).toBe(202);
  for (let i = 0; i < 400; i++) {
    const status = await call<{ done: boolean; status: string }>('GET', `${path}/status`, {
      token: world.ctx.token,
      query: { cooperative_id: world.ctx.coop, import_id: started.body.data.import_id },
    });
    if (status.body.data.done) {
      expect(status.body.data.status).toBe('COMPLETED');
      return started.body.data.import_id;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('The import did not finish');
}

async function plansOf(world: LoanWorld, memberId: string): Promise<PlanRow[]> {
  const r = await call<{ data: PlanRow[] }>('GET', '/savings', {
    token: world.ctx.token,
    query: { cooperative_id: world.ctx.coop, coop_id: memberId },
  });
  return r.body.data.data;
}

/** Deposits 1,000.00 + 300.25 + 99.99 = 1,400.24; one withdrawal of 250.50. */
const historyRows = (a: string, b: string) => [
  [a, 'Regular Savings', 'DEPOSIT', 1000, '2026-02-01', ''],
  [a, 'Regular Savings', 'WITHDRAWAL', 250.5, '2026-02-10', ''],
  [b, 'Regular Savings', 'DEPOSIT', '300.25', '2026-03-05', ''],
  [b, 'Regular Savings', 'DEPOSIT', '99.99', '2026-03-06', ''],
];

describe('Imports post one summarised journal per batch', () => {
  it('posts a savings import of N rows as exactly one journal whose lines equal the hand-summed rows, dated on its latest row', async () => {
    const world = await loanWorld('IJS');
    const a = await newMember(world);
    const b = await newMember(world);
    const importId = await uploaded(world, '/savings/import', await xlsx(HISTORY, historyRows(a.id, b.id)), {
      bank_id: world.bank,
      type: 'NORMAL_HISTORY',
    });

    const journals = await journalsIn(world.ctx.coop, ['2026-02', '2026-03']);
    expect(journals).toHaveLength(1);
    const [journal] = journals;
    expect(journal).toMatchObject({
      source_type: 'SAVINGS_IMPORT',
      source_id: importId,
      transaction_date: '2026-03-06',
    });
    expect(linesOf(journal)).toEqual(
      [`C ${GL.bank} 25050`, `C ${GL.savings} 140024`, `D ${GL.bank} 140024`, `D ${GL.savings} 25050`].sort(),
    );
    const record = await findImportRecord(SavingsImportEntity, world.ctx.coop, importId);
    expect(record?.journal_ids).toEqual([journal.id]);
  }, 120_000);

  it('posts a loan import as exactly one journal of the principal still owed, Dr loans / Cr Opening Balance Equity', async () => {
    const world = await loanWorld('IJL');
    await loanProduct(world, 'Personal Loan');
    const a = await newMember(world);
    const b = await newMember(world);
    const importId = await uploaded(
      world,
      '/cooperative/loans/import',
      await xlsx(LOANS, [
        // 12 x 10,000 principal; 30,000 repaid pays 26,400 of principal: 93,600 still owed.
        [a.id, 'Personal Loan', 120000, 12, 12, 'Month(s)', 1, '2026-02-01', '2026-01-10', 30000],
        // Nothing repaid: 50,000 owed.
        [b.id, 'Personal Loan', 50000, 10, 1, 'Year(s)', 2, '2026-03-01', '2026-02-15', 0],
      ]),
    );
    const journals = (await journalsIn(world.ctx.coop, [today().slice(0, 7)])).filter((j) =>
      j.source_type.startsWith('LOAN'),
    );
    expect(journals).toHaveLength(1);
    expect(journals[0]).toMatchObject({ source_type: 'LOAN_IMPORT', source_id: importId, transaction_date: today() });
    expect(linesOf(journals[0])).toEqual([`C ${EQUITY} 14360000`, `D ${GL.loans} 14360000`]);
  }, 120_000);

  it('does not double the GL when a chunk is replayed, before or after the batch settles', async () => {
    const world = await loanWorld('IJR');
    const a = await newMember(world);
    const b = await newMember(world);
    const coop = world.ctx.coop;
    // The pipeline's tasks run here one by one, so a chunk can be run twice as a retried task would be.
    const importId = `REPLAY${Date.now()}`;
    const fileKey = savingsImportObjects.file(coop, importId, 'xlsx');
    await putObject(fileKey, await xlsx(HISTORY, historyRows(a.id, b.id)), 'application/octet-stream');
    const now = new Date().toISOString();
    await createImportRecord(SavingsImportEntity, {
      cooperative_id: coop,
      id: importId,
      type: 'NORMAL_HISTORY',
      bank_id: world.bank,
      file_name: 'replay.xlsx',
      file_key: fileKey,
      file_kind: 'xlsx',
      status: 'VALIDATING',
      rows_total: 4,
      rows_validated: 0,
      rows_written: 0,
      posted: 0,
      already: 0,
      plans_opened: 0,
      amount: 0,
      started_by: 'TEST',
      created_at: now,
      updated_at: now,
    });
    const input = { cooperative_id: coop, import_id: importId };
    const validated = await validateRowsTask(savingsImports)(input);
    expect(validated.valid).toBe(true);
    for (const chunk of validated.chunks) await writeRowsTask(savingsImports)(chunk);
    // A retried chunk before the settlement, then the settlement twice, then the chunk again.
    await writeRowsTask(savingsImports)(validated.chunks[0]);
    await finishTask(savingsImports)(input);
    await finishTask(savingsImports)(input);
    await writeRowsTask(savingsImports)(validated.chunks[0]);
    await finishTask(savingsImports)(input);

    expect(await glTotal(coop, GL.bank)).toMatchObject({ debit: 140_024, credit: 25_050 });
    expect(await glTotal(coop, GL.savings)).toMatchObject({ debit: 25_050, credit: 140_024 });
    expect(await journalsIn(coop, ['2026-02', '2026-03'])).toHaveLength(1);
    expect((await plansOf(world, a.id))[0].balance).toBe(749.5);
    expect((await plansOf(world, b.id))[0].balance).toBe(400.24);
    const record = await findImportRecord(SavingsImportEntity, coop, importId);
    expect(record).toMatchObject({ status: 'COMPLETED', posted: 4, amount: 114_974 });
  }, 120_000);

  it('keeps the GL balances equal to the subledger sums after savings and loan imports', async () => {
    const world = await loanWorld('IJG');
    await loanProduct(world, 'Personal Loan');
    const a = await newMember(world);
    const b = await newMember(world);
    await uploaded(world, '/savings/import', await xlsx(HISTORY, historyRows(a.id, b.id)), {
      bank_id: world.bank,
      type: 'NORMAL_HISTORY',
    });
    await uploaded(
      world,
      '/cooperative/loans/import',
      await xlsx(LOANS, [[a.id, 'Personal Loan', 120000, 12, 12, 'Month(s)', 1, '2026-02-01', '2026-01-10', 30000]]),
    );

    // Savings: the plans' balances (subledger) against the savings and bank GL.
    const balances = [...(await plansOf(world, a.id)), ...(await plansOf(world, b.id))].reduce(
      (sum, p) => sum + Math.round(p.balance * 100),
      0,
    );
    const savings = await glTotal(world.ctx.coop, GL.savings);
    const bank = await glTotal(world.ctx.coop, GL.bank);
    expect(savings.credit - savings.debit).toBe(balances);
    expect(bank.debit - bank.credit).toBe(balances);

    // Loans: the principal still owed on the loans' schedules against the loans GL.
    const loans = await call<{ data: { id: string }[] }>('GET', '/cooperative/member/loans', {
      token: world.ctx.token,
      query: { cooperative_id: world.ctx.coop, coop_id: a.id },
    });
    let owed = 0;
    for (const { id } of loans.body.data.data) {
      const stored = await getItem<{ schedule: { principal: number; principal_paid?: number }[] }>(
        keys.loan(world.ctx.coop, id),
        true,
      );
      owed += stored!.schedule.reduce((sum, r) => sum + r.principal - (r.principal_paid ?? 0), 0);
    }
    const loansGl = await glTotal(world.ctx.coop, GL.loans);
    expect(owed).toBe(9_360_000);
    expect(loansGl.debit - loansGl.credit).toBe(owed);
  }, 120_000);
});
