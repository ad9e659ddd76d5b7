import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PayrollRunView } from '@coopledger/shared/payroll-views';
import { db } from '../../functions/core/clients.ts';
import { getItem, nowIso, table } from '../../functions/core/db.ts';
import { keys, objectKeys } from '../../functions/core/keys.ts';
import { newRun, putRun, updateRun } from '../../functions/payroll/runs.ts';
import { call } from './support/api.ts';
import { useRuntimeEnv } from './support/env.ts';
import type { LoanRow, LoanWorld, Member } from './support/loans.ts';
import { GL, applied, application, approveLoan, loanProduct, loanWorld, members, suretiesApprove } from './support/loans.ts';
import type { Period } from './support/payroll.ts';
import { fileOf, payrollClient, period } from './support/payroll.ts';
import type { PlanRow } from './support/savings.ts';
import { glTotals, plan, planOf } from './support/savings.ts';

/**
 * One period and repayment type has at most one active payroll run, claimed in one conditional write
 * with the run before its workflow starts; a reversal undoes only the rows its own run posted.
 *
 * The cooperative of its own: Ada (Regular 5,000 a month, and a Salary loan of 120,000 at 12% flat
 * over 12 months from 1 June: 11,200 an installment) and Bayo (Regular 3,000 a month).
 */
let world: LoanWorld;
let ada: Member;
let bayo: Member;
let adaRegular: PlanRow;
let bayoRegular: PlanRow;
let adaLoan: LoanRow;
let june: PayrollRunView;

const { download, upload, finished, posted, runOf, reverse } = payrollClient(() => world);

beforeAll(async () => {
  useRuntimeEnv();
  world = await loanWorld('HP');
  const [s1, s2] = (await members(world, 2)) as [Member, Member];
  [ada, bayo] = (await members(world, 2)) as [Member, Member];
  adaRegular = await planOf(world, ada.id, { amount: '5000' });
  bayoRegular = await planOf(world, bayo.id, { amount: '3000' });
  const product = await loanProduct(world, 'Salary Loan');
  const loan = await applied(world, application(world, product, ada.id, s1.id, s2.id, { payment_start_date: '2026-06-01' }));
  await suretiesApprove(world, loan, { [s1.id]: s1.token, [s2.id]: s2.token });
  const approved = await approveLoan(world, loan.id);
  if (approved.status !== 200) throw new Error(`Could not approve: ${approved.status} ${approved.body.message}`);
  adaLoan = approved.body.data;
}, 120_000);

/** Plan and loan balances in kobo. */
async function balances() {
  const stored = await getItem<{ loan_balance: number }>(keys.loan(world.ctx.coop, adaLoan.id), true);
  return {
    adaRegular: Math.round((await plan(world, ada.id, adaRegular.id)).balance * 100),
    bayoRegular: Math.round((await plan(world, bayo.id, bayoRegular.id)).balance * 100),
    adaLoan: stored!.loan_balance,
  };
}

/** Each account's debit - credit (kobo). */
const books = async () => Object.fromEntries((await glTotals(world.ctx.coop)).map((t) => [t.gl_code, t.debit - t.credit]));

const runsOf = async (p: Period) => {
  const r = await call<{ data: PayrollRunView[] }>('GET', '/cooperative/monthly-deduction/runs', { token: world.ctx.token, query: { cooperative_id: world.ctx.coop, per_page: 100 } });
  return r.body.data.data.filter((run) => run.start_date === p.start_date && run.end_date === p.end_date && run.repayment_type === p.repayment_type);
};

describe('one active run per period and type', () => {
  it('accepts one of two uploads of the same period and type sent at once; the other gets a 409 and writes no run', async () => {
    const p = period('2026-06');
    const file = await fileOf((await download(p)).book);
    const before = await balances();

    const both = await Promise.all([upload(file, p), upload(file, p)]);

    expect(both.map((r) => r.status).sort()).toEqual([202, 409]);
    const refused = both.find((r) => r.status === 409)!;
    expect(refused.body.message).toMatch(/^The Salary payroll for 01\/06\/2026 to 30\/06\/2026 (is being posted now|has already been posted)/);
    june = await finished(both.find((r) => r.status === 202)!.body.data.id);
    expect(june).toMatchObject({ status: 'COMPLETED', rows_posted: 2, rows_already: 0, received_total: 5000 + 11200 + 3000 });
    expect((await runsOf(p)).map((r) => r.id)).toEqual([june.id]);
    // Each member's deduction once: Ada 5,000 to savings and 11,200 to the loan, Bayo 3,000.
    const after = await balances();
    expect(after.adaRegular - before.adaRegular).toBe(500_000);
    expect(after.bayoRegular - before.bayoRegular).toBe(300_000);
    expect(before.adaLoan - after.adaLoan).toBe(1_120_000);
  });

  it("refuses an upload while the period's claim names a run that is not written yet, posting nothing", async () => {
    const p = period('2026-07');
    const file = await fileOf((await download(p)).book);
    // The claim as an upload in flight holds it, before its run is stored.
    await db().send(
      new PutCommand({
        TableName: table(),
        Item: { ...keys.payrollPeriod(world.ctx.coop, p.start_date, p.end_date, p.repayment_type), entity: 'PAYROLL_PERIOD', run_id: `INFLIGHT${Date.now()}`, generation: 0, ...p, updated_at: nowIso() },
      }),
    );
    const before = await books();

    const r = await upload(file, p);

    expect(r.status).toBe(409);
    expect(r.body.message).toBe("The Salary payroll for 01/07/2026 to 31/07/2026 is being posted now; follow that run's progress");
    expect(await runsOf(p)).toEqual([]);
    expect(await books()).toEqual(before);
  });
});

describe('reversal', () => {
  it('undoes only the rows its own run posted: a run that shares the batch but posted nothing reverses nothing', async () => {
    const p = period('2026-06');
    const before = await balances();
    const booksBefore = await books();
    // A second COMPLETED run in June's batch that posted no row (what two runs sharing a period left behind).
    const strayId = `STRAY${Date.now()}`;
    const stray = newRun({
      id: strayId,
      tenant: world.ctx.coop,
      period: p,
      bank: { id: world.bank, name: 'Test bank', gl: GL.bank },
      file: { name: 'payroll.xlsx', key: objectKeys.payrollFile(world.ctx.coop, strayId) },
      generation: 0,
      by: 'TEST',
      today: p.end_date,
    });
    await putRun(stray);
    await updateRun(world.ctx.coop, strayId, { status: 'COMPLETED' });

    expect((await reverse(strayId)).status).toBe(202);
    expect((await finished(strayId)).status).toBe('REVERSED');

    expect(await balances()).toEqual(before);
    expect(await books()).toEqual(booksBefore);
    expect((await runOf(june.id)).body.data).toMatchObject({ status: 'COMPLETED', reversible: true });

    // June's own run reverses its rows: every balance back to before June, the books too.
    expect((await reverse(june.id)).status).toBe(202);
    expect((await finished(june.id)).status).toBe('REVERSED');
    const after = await balances();
    expect(before.adaRegular - after.adaRegular).toBe(500_000);
    expect(before.bayoRegular - after.bayoRegular).toBe(300_000);
    expect(after.adaLoan - before.adaLoan).toBe(1_120_000);
    expect(booksBefore[GL.bank] - (await books())[GL.bank]).toBe(1_920_000);

    // The period is open again and posts afresh.
    const again = await posted(await fileOf((await download(p)).book), p);
    expect(again).toMatchObject({ status: 'COMPLETED', rows_posted: 2, rows_already: 0 });
    expect(await balances()).toEqual(before);
  });
});

describe('overlapping periods', () => {
  it('accepts one of two overlapping periods of a type uploaded at once', async () => {
    const first = { start_date: '2026-09-01', end_date: '2026-09-30', repayment_type: 'Salary' } as const;
    const second = { start_date: '2026-09-15', end_date: '2026-10-14', repayment_type: 'Salary' } as const;
    const [a, b] = await Promise.all([download(first), download(second)]);

    const both = await Promise.all([upload(await fileOf(a.book), first), upload(await fileOf(b.book), second)]);

    expect(both.map((r) => r.status).sort()).toEqual([202, 409]);
    const accepted = both.find((r) => r.status === 202)!;
    expect(both.find((r) => r.status === 409)!.body.message).toMatch(/overlaps|at the same time/);
    expect((await finished(accepted.body.data.id)).status).toBe('COMPLETED');
  });
});

describe('abandoned uploads', () => {
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
  const stageClaim = (p: Period, runId: string, updatedAt: string) =>
    db().send(
      new PutCommand({
        TableName: table(),
        Item: { ...keys.payrollPeriod(world.ctx.coop, p.start_date, p.end_date, p.repayment_type), entity: 'PAYROLL_PERIOD', run_id: runId, generation: 0, ...p, updated_at: updatedAt },
      }),
    );

  it('marks a run whose workflow never started FAILED after five minutes, and hands its period to the next upload', async () => {
    const p = period('2026-08', 'Others');
    const runId = `NOSTART${Date.now()}`;
    const run = newRun({
      id: runId,
      tenant: world.ctx.coop,
      period: p,
      bank: { id: world.bank, name: 'Test bank', gl: GL.bank },
      file: { name: 'payroll.xlsx', key: objectKeys.payrollFile(world.ctx.coop, runId) },
      generation: 0,
      by: 'TEST',
      today: p.end_date,
    });
    await putRun({ ...run, created_at: minutesAgo(10), updated_at: minutesAgo(10) });
    await stageClaim(p, runId, minutesAgo(10));

    expect((await runOf(runId)).body.data).toMatchObject({ status: 'FAILED', reversible: false, errors: [{ row: 0, column: '', message: 'The run could not be started; upload the file again' }] });
    const next = await upload(await fileOf((await download(p)).book), p);
    expect(next.status, next.body.message).toBe(202);
    await finished(next.body.data.id);
  });

  it('gives up a claim whose run was never written after five minutes', async () => {
    const p = period('2026-10', 'Others');
    await stageClaim(p, `NEVERWRITTEN${Date.now()}`, minutesAgo(10));
    const next = await upload(await fileOf((await download(p)).book), p);
    expect(next.status, next.body.message).toBe(202);
    await finished(next.body.data.id);
  });
});
