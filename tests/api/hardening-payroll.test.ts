import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PayrollRunView } from '@coopledger/shared/payroll-views';
import { today } from '@coopledger/shared/dates';
import { db } from '../../functions/core/clients.ts';
import { getItem, nowIso, table } from '../../functions/core/db.ts';
import { XLSX_CONTENT_TYPE, putObject } from '../../functions/core/import-files.ts';
import { keys, objectKeys } from '../../functions/core/keys.ts';
import { startWorkflow } from '../../functions/core/workflows.ts';
import type { PayrollRun } from '../../functions/payroll/runs.ts';
import { PAYROLL_UPLOAD_WORKFLOW, currentRun, newRun, putRun, updateRun } from '../../functions/payroll/runs.ts';
import { call } from './support/api.ts';
import { useRuntimeEnv } from './support/env.ts';
import type { LoanRow, LoanWorld, Member } from './support/loans.ts';
import {
  GL,
  applied,
  application,
  approveLoan,
  loanProduct,
  loanWorld,
  members,
  suretiesApprove,
} from './support/loans.ts';
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
  const loan = await applied(
    world,
    application(world, product, ada.id, s1.id, s2.id, { payment_start_date: '2026-06-01' }),
  );
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
const books = async () =>
  Object.fromEntries((await glTotals(world.ctx.coop)).map((t) => [t.gl_code, t.debit - t.credit]));

/** A run of this world for the period, as an upload writes it (staged by the tests below). */
const stagedRun = (id: string, p: Period) =>
  newRun({
    id,
    tenant: world.ctx.coop,
    period: p,
    bank: { id: world.bank, name: 'Test bank', gl: GL.bank },
    file: { name: 'payroll.xlsx', key: objectKeys.payrollFile(world.ctx.coop, id) },
    generation: 0,
    by: 'TEST',
    today: p.end_date,
  });

/** The period's claim naming `runId`, as an upload writes it. */
const stageClaim = (p: Period, runId: string, updatedAt = nowIso()) =>
  db().send(
    new PutCommand({
      TableName: table(),
      Item: {
        ...keys.payrollPeriod(world.ctx.coop, p.start_date, p.end_date, p.repayment_type),
        entity: 'PAYROLL_PERIOD',
        run_id: runId,
        generation: 0,
        ...p,
        updated_at: updatedAt,
      },
    }),
  );

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const runsOf = async (p: Period) => {
  const r = await call<{ data: PayrollRunView[] }>('GET', '/cooperative/monthly-deduction/runs', {
    token: world.ctx.token,
    query: { cooperative_id: world.ctx.coop, per_page: 100 },
  });
  return r.body.data.data.filter(
    (run) => run.start_date === p.start_date && run.end_date === p.end_date && run.repayment_type === p.repayment_type,
  );
};

describe('one active run per period and type', () => {
  it('accepts one of two uploads of the same period and type sent at once; the other gets a 409 and writes no run', async () => {
    const p = period('2026-06');
    const file = await fileOf((await download(p)).book);
    const before = await balances();

    const both = await Promise.all([upload(file, p), upload(file, p)]);

    expect(both.map((r) => r.status).sort()).toEqual([202, 409]);
    const refused = both.find((r) => r.status === 409)!;
    expect(refused.body.message).toMatch(
      /^The Salary payroll for 01\/06\/2026 to 30\/06\/2026 (is being posted now|has already been posted)/,
    );
    june = await finished(both.find((r) => r.status === 202)!.body.data.id);
    expect(june).toMatchObject({
      status: 'COMPLETED',
      rows_posted: 2,
      rows_already: 0,
      received_total: 5000 + 11200 + 3000,
    });
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
        Item: {
          ...keys.payrollPeriod(world.ctx.coop, p.start_date, p.end_date, p.repayment_type),
          entity: 'PAYROLL_PERIOD',
          run_id: `INFLIGHT${Date.now()}`,
          generation: 0,
          ...p,
          updated_at: nowIso(),
        },
      }),
    );
    const before = await books();

    const r = await upload(file, p);

    expect(r.status).toBe(409);
    expect(r.body.message).toBe(
      "The Salary payroll for 01/07/2026 to 31/07/2026 is being posted now; follow that run's progress",
    );
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
    await putRun(stagedRun(strayId, p));
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

describe('runs stored before they recorded their takeovers', () => {
  it('reverses the rows of the runs a run without took_over superseded, so the period is not deducted twice', async () => {
    const p = period('2026-05');
    const before = await balances();
    const booksBefore = await books();
    // May: Ada's 5,000 and Bayo's 3,000 (Ada's loan is first due in June).
    const posted1 = await posted(await fileOf((await download(p)).book), p);
    expect(posted1).toMatchObject({ status: 'COMPLETED', rows_posted: 2 });
    expect((await balances()).adaRegular - before.adaRegular).toBe(500_000);

    // As such runs were stored: the run that posted the rows stopped (FAILED), a refused upload took
    // the period over from it and the next one, completed, from that; none recorded took_over.
    const refusedId = `REFUSED${Date.now()}`;
    const lastId = `LAST${Date.now()}`;
    const stored = (run: PayrollRun): PayrollRun => {
      const copy = { ...run };
      delete copy.took_over;
      return copy;
    };
    await updateRun(world.ctx.coop, posted1.id, { status: 'FAILED', superseded_by: refusedId });
    await putRun({ ...stored(stagedRun(refusedId, p)), status: 'INVALID', superseded_by: lastId });
    await putRun({ ...stored(stagedRun(lastId, p)), status: 'COMPLETED' });
    await stageClaim(p, lastId);

    expect((await reverse(lastId)).status).toBe(202);
    // The two rows the first run posted are reversed by the last one.
    expect(await finished(lastId)).toMatchObject({ status: 'REVERSED', rows_reversed: 2 });
    expect(await balances()).toEqual(before);
    expect(await books()).toEqual(booksBefore);

    // The period is open again: posted once more, each member is deducted once.
    expect(await posted(await fileOf((await download(p)).book), p)).toMatchObject({
      status: 'COMPLETED',
      rows_posted: 2,
      rows_already: 0,
    });
    const after = await balances();
    expect(after.adaRegular - before.adaRegular).toBe(500_000);
    expect(after.bayoRegular - before.bayoRegular).toBe(300_000);
  });
});

describe('periods that have not started', () => {
  it('refuses an upload for a period that starts after today, writing no run', async () => {
    const [y, m] = today().split('-').map(Number) as [number, number];
    const nextMonth = period(`${m === 12 ? y + 1 : y}-${String(m === 12 ? 1 : m + 1).padStart(2, '0')}`);
    for (const p of [nextMonth, period('2099-01')]) {
      const r = await upload(await fileOf((await download(p)).book), p);
      expect(r.status, p.start_date).toBe(422);
      expect(r.body.errors).toEqual({
        start_date: 'The start date must not be in the future: a period is uploaded once it has begun',
      });
      expect(await runsOf(p)).toEqual([]);
    }
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

  it("refuses a period overlapping a run that the runs' index does not show yet, found on the type's upload counter", async () => {
    // What an upload that has just committed leaves while the index lags: its run (without the
    // index's gsi1pk/gsi1sk), its period's claim, and its entry on the type's counter, moved on.
    const march = period('2026-03');
    const runId = `UNINDEXED${Date.now()}`;
    await db().send(
      new PutCommand({
        TableName: table(),
        Item: {
          ...keys.payrollRun(world.ctx.coop, runId),
          entity: 'PAYROLL_RUN',
          ...stagedRun(runId, march),
          status: 'COMPLETED',
        },
      }),
    );
    await stageClaim(march, runId);
    const counterKey = keys.payrollUploadLock(world.ctx.coop, 'Salary');
    const counter = await getItem<{ seq: number; periods?: Record<string, string> }>(counterKey, true);
    await db().send(
      new PutCommand({
        TableName: table(),
        Item: {
          ...counterKey,
          entity: 'PAYROLL_UPLOAD_LOCK',
          seq: (counter?.seq ?? 0) + 1,
          periods: { ...counter?.periods, [runId]: '2026-03-01|2026-03-31' },
          updated_at: nowIso(),
        },
      }),
    );
    expect((await runsOf(march)).map((r) => r.id)).not.toContain(runId);

    const overlapping = { start_date: '2026-03-16', end_date: '2026-04-15', repayment_type: 'Salary' } as const;
    const r = await upload(await fileOf((await download(overlapping)).book), overlapping);

    expect(r.status).toBe(409);
    expect(r.body.message).toBe(
      'The period overlaps the Salary payroll for 01/03/2026 to 31/03/2026, which has been posted; a deduction may be posted once',
    );
    expect(await runsOf(overlapping)).toEqual([]);
  });
});

describe('abandoned uploads', () => {
  it('marks a run whose workflow never started FAILED after five minutes, and hands its period to the next upload', async () => {
    const p = period('2026-08', 'Others');
    const runId = `NOSTART${Date.now()}`;
    await putRun({ ...stagedRun(runId, p), created_at: minutesAgo(10), updated_at: minutesAgo(10) });
    await stageClaim(p, runId, minutesAgo(10));

    expect((await runOf(runId)).body.data).toMatchObject({
      status: 'FAILED',
      reversible: false,
      errors: [{ row: 0, column: '', message: 'The run could not be started; upload the file again' }],
    });
    const next = await upload(await fileOf((await download(p)).book), p);
    expect(next.status, next.body.message).toBe(202);
    await finished(next.body.data.id);
  });

  it('does not fail a run whose workflow started though its execution ARN was never recorded: its execution is found by name', async () => {
    const p = period('2026-04');
    const before = await balances();
    const { book } = await download(p);
    const runId = `NOARN${Date.now()}`;
    // The upload's writes, ten minutes ago; then its workflow started, but the write of the ARN failed.
    const run = { ...stagedRun(runId, p), created_at: minutesAgo(10), updated_at: minutesAgo(10) };
    await putRun(run);
    await stageClaim(p, runId, minutesAgo(10));
    await putObject(run.file_key, Buffer.from(await book.xlsx.writeBuffer()), XLSX_CONTENT_TYPE);
    await startWorkflow(PAYROLL_UPLOAD_WORKFLOW, { cooperative_id: world.ctx.coop, run_id: runId }, `payroll-${runId}`);

    // The run as the API found it: working, no ARN, past the five minutes. It is left working.
    expect((await currentRun(run)).status).toBe('VALIDATING');
    expect(await finished(runId)).toMatchObject({ status: 'COMPLETED', rows_posted: 2 });
    const after = await balances();
    expect(after.adaRegular - before.adaRegular).toBe(500_000);
    expect(after.bayoRegular - before.bayoRegular).toBe(300_000);
    // The period is posted: a second upload is refused.
    const again = await upload(await fileOf(book), p);
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/^The Salary payroll for 01\/04\/2026 to 30\/04\/2026 has already been posted/);
  });

  it('gives up a claim whose run was never written after five minutes', async () => {
    const p = period('2026-10', 'Others');
    await stageClaim(p, `NEVERWRITTEN${Date.now()}`, minutesAgo(10));
    const next = await upload(await fileOf((await download(p)).book), p);
    expect(next.status, next.body.message).toBe(202);
    await finished(next.body.data.id);
  });
});
