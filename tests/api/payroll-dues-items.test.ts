import type ExcelJS from 'exceljs';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/core/clients.ts';
import { table } from '../../functions/core/db.ts';
import { PAYROLL_DUE_SHARDS, keys } from '../../functions/core/keys.ts';
import { backfillCooperative } from '../../functions/payroll/due-backfill.ts';
import { cooperativeDues, payrollDues } from '../../functions/payroll/dues.ts';
import { call } from './support/api.ts';
import { useRuntimeEnv } from './support/env.ts';
import type { LoanRow, LoanWorld, Member } from './support/loans.ts';
import { approvedLoanOf, loanAction, loanProduct, loanWorld, members } from './support/loans.ts';
import { payrollClient, period } from './support/payroll.ts';
import { planOf } from './support/savings.ts';

/**
 * Payroll dues read from payroll due items (one per active plan and repaying loan, a loan's with
 * what it owes by payment date), kept by the postings that change them. Every figure below is worked
 * out by hand from the terms (naira):
 *
 * Ada has three plans: Regular 5,000 a month from 1 January; Regular 1,000 a week from Monday 2
 * March (5 Mondays in March, 4 in April and in May); Targeted 2,000 a month from 15 January. Loan A
 * (Personal) 120,000 at 12% flat over 12 months from 1 January: 10,000 + 1,200 = 11,200 a month,
 * unpaid, so in arrears. Loan B (Quick) the same terms from 1 February, later paid ahead by a
 * partial offset (loan-offsets.test.ts works out the same offset): 30,000 on 15 March settles
 * February, March and a part row, and the 93,600 left runs 10 months from 1 May at 9,360 + 936 =
 * 10,296.
 */
let world: LoanWorld;
let sureties: Member[];
let tokens: Record<string, string>;
let ada: Member;
let bayo: Member;
let loanA: LoanRow;
let loanB: LoanRow;
let personal: string;
let bayoPlan: string;

const approvedLoan = (applicant: Member, product: string, overrides: Record<string, unknown>) =>
  approvedLoanOf(world, applicant, product, sureties, tokens, overrides);

beforeAll(async () => {
  useRuntimeEnv();
  world = await loanWorld('PDI');
  sureties = await members(world, 2);
  tokens = Object.fromEntries(sureties.map((m) => [m.id, m.token]));
  [ada, bayo] = (await members(world, 2)) as [Member, Member];
  personal = await loanProduct(world, 'Personal Loan');
  const quick = await loanProduct(world, 'Quick Loan');
  await planOf(world, ada.id, { amount: '5000' });
  await planOf(world, ada.id, { amount: '1000', frequency: 'Weekly', start_date: '2026-03-02' });
  await planOf(world, ada.id, {
    savings_product_id: world.targeted,
    amount: '2000',
    start_date: '2026-01-15',
    end_date: '2026-12-15',
  });
  loanA = await approvedLoan(ada, personal, { payment_start_date: '2026-01-01' });
  loanB = await approvedLoan(ada, quick, {});
}, 120_000);

const { download, posted, reverse, finished } = payrollClient(() => world);

const text = (value: ExcelJS.CellValue) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

/** A member's row of the month's Salary file (Total Due and each loan's Due, naira), or undefined when not listed. */
async function rowOf(month: string, memberId: string) {
  const { response, book } = await download(period(month));
  expect(response.status).toBe(200);
  const sheet = book.getWorksheet('Payroll')!;
  const header = (sheet.getRow(1).values as ExcelJS.CellValue[]).slice(1).map(String);
  let found: { total: number; personal: number; quick: number } | undefined;
  sheet.eachRow((row, n) => {
    if (n === 1 || text(row.getCell(1).value) !== memberId) return;
    const at = (name: string) => (header.includes(name) ? Number(row.getCell(header.indexOf(name) + 1).value ?? 0) : 0);
    found = { total: at('Total Due'), personal: at('Loan: Personal Loan Due'), quick: at('Loan: Quick Loan Due') };
  });
  return found;
}

/** What the upload's validation expects of a member for the month (kobo), from the same due items. */
const validationTotal = async (month: string, memberId: string) =>
  (await cooperativeDues(world.ctx.coop, period(month))).byMember.get(memberId)?.total;

const offset = (body: Record<string, unknown>) =>
  call<{ new_loan_amount: number }>('POST', '/cooperative/loan-offset', {
    token: world.ctx.token,
    body: { cooperative_id: world.ctx.coop, bank_id: world.bank, offset_mode: 1, coop_id: ada.id, ...body },
  });

describe('Payroll dues from payroll due items', () => {
  it("equals the hand-worked dues of a member's plans and loans through offsets, a payroll, its reversal and completion", async () => {
    // March: 5,000 + 5 x 1,000 + 2,000; loan A January to March 33,600; loan B February and March 22,400.
    expect(await rowOf('2026-03', ada.id)).toEqual({ total: 68_000, personal: 33_600, quick: 22_400 });
    expect(await validationTotal('2026-03', ada.id)).toBe(68_000_00);

    // Loan B paid ahead: nothing due until May.
    const partial = await offset({
      loan_id: loanB.id,
      offset_type: 1,
      loan_amount: 120000,
      loan_balance: 134400,
      offset_amount: 30000,
      date: '2026-03-15',
      restructure_tenure: 10,
      payment_start_date: '2026-05-01',
    });
    expect(partial.status, partial.body.message).toBe(201);
    expect(await rowOf('2026-03', ada.id)).toEqual({ total: 45_600, personal: 33_600, quick: 0 });
    // May: 5,000 + 4 x 1,000 + 2,000; loan A January to May 56,000; loan B its first new installment.
    expect(await rowOf('2026-05', ada.id)).toEqual({ total: 77_296, personal: 56_000, quick: 10_296 });

    // March's payroll pays loan A's arrears: April asks April's installment only.
    const { book } = await download(period('2026-03'));
    const run = await posted(new Blob([Buffer.from(await book.xlsx.writeBuffer())]), period('2026-03'));
    expect(run.status).toBe('COMPLETED');
    // April: 5,000 + 4 x 1,000 + 2,000 + 11,200.
    expect(await rowOf('2026-04', ada.id)).toEqual({ total: 22_200, personal: 11_200, quick: 0 });
    expect(await validationTotal('2026-04', ada.id)).toBe(22_200_00);

    // The reversal puts the arrears back: January to April 44,800.
    expect((await reverse(run.id)).status).toBe(202);
    expect((await finished(run.id)).status).toBe('REVERSED');
    expect(await rowOf('2026-04', ada.id)).toEqual({ total: 55_800, personal: 44_800, quick: 0 });

    // Loan B completed by a full offset, loan A marked Completed: only the plans are due.
    const full = await offset({ loan_id: loanB.id, offset_type: 2, loan_amount: 120000, date: '2026-04-10' });
    expect(full.status, full.body.message).toBe(201);
    expect(full.body.data.new_loan_amount).toBe(0);
    const completed = await loanAction(world, 'GET', '/cooperative/loans/mark-as-completed', loanA.id);
    expect(completed.status, completed.body.message).toBe(200);
    expect(await rowOf('2026-05', ada.id)).toEqual({ total: 11_000, personal: 0, quick: 0 });
    expect(await validationTotal('2026-05', ada.id)).toBe(11_000_00);

    // Marked Running again, loan A owes January to May once more.
    const running = await loanAction(world, 'GET', '/cooperative/loans/mark-as-running', loanA.id);
    expect(running.status, running.body.message).toBe(200);
    expect(await rowOf('2026-05', ada.id)).toEqual({ total: 67_000, personal: 56_000, quick: 0 });
  });

  it('reads no loan schedule, no member list and no plan list for the download, only the owing members', async () => {
    const calls: { command: string; input: Record<string, unknown>; items: Record<string, unknown>[] }[] = [];
    const client = db();
    client.middlewareStack.add(
      (next, context) => async (args) => {
        const output = await next(args);
        const result = output.output as { Items?: Record<string, unknown>[]; Responses?: Record<string, unknown[]> };
        calls.push({
          command: String(context.commandName),
          input: args.input as Record<string, unknown>,
          items: [...(result.Items ?? []), ...Object.values(result.Responses ?? {}).flat()] as Record<
            string,
            unknown
          >[],
        });
        return output;
      },
      { step: 'initialize', name: 'payrollDuesReads' },
    );
    let dues: Awaited<ReturnType<typeof payrollDues>>;
    try {
      dues = await payrollDues(world.ctx.coop, period('2026-05'));
    } finally {
      client.middlewareStack.remove('payrollDuesReads');
    }
    expect(dues.map((d) => d.member_id)).toEqual([ada.id]);
    const items = calls.flatMap((c) => c.items);
    expect(items.length).toBeGreaterThan(0);
    expect(items.filter((item) => 'schedule' in item)).toEqual([]);
    // Queries: the due items' partitions and the departments, nothing else.
    const partitions = calls
      .filter((c) => c.command.startsWith('Query'))
      .map((q) => Object.values(q.input.ExpressionAttributeValues as object).join());
    expect(partitions.filter((pk) => /#PAYDUES#\d$/.test(pk))).toHaveLength(PAYROLL_DUE_SHARDS);
    expect(partitions.filter((pk) => !/#PAYDUES#\d$/.test(pk))).toEqual([expect.stringMatching(/#DEPARTMENT$/)]);
    // The only member read is the one owing something.
    const batchKeys = calls
      .filter((c) => c.command.startsWith('BatchGet'))
      .flatMap((c) => Object.values(c.input.RequestItems as Record<string, { Keys: { pk: string }[] }>))
      .flatMap((request) => request.Keys.map((key) => key.pk));
    expect(batchKeys).toEqual([keys.member(world.ctx.coop, ada.id).pk]);
  });

  it('writes the due item of a loan from before due items when it is marked (Incomplete), from its schedule', async () => {
    const [chidi] = (await members(world, 1)) as [Member];
    const loan = await approvedLoan(chidi, personal, {});
    await db().send(
      new DeleteCommand({ TableName: table(), Key: keys.payrollDue(world.ctx.coop, chidi.id, 'LOAN', loan.id) }),
    );
    expect(await rowOf('2026-03', chidi.id)).toBeUndefined();
    expect((await loanAction(world, 'GET', '/cooperative/loans/mark-as-incomplete', loan.id)).status).toBe(200);
    // February and March, 2 x 11,200; no plan.
    expect(await rowOf('2026-03', chidi.id)).toEqual({ total: 22_400, personal: 22_400, quick: 0 });
  });

  it('backfills the due items of loans and plans written before them, so their dues appear, and a second run changes nothing', async () => {
    const plan = await planOf(world, bayo.id, { amount: '3000' });
    bayoPlan = plan.id;
    const loan = await approvedLoan(bayo, personal, {});
    // As a table deployed before due items holds them: without.
    for (const key of [
      keys.payrollDue(world.ctx.coop, bayo.id, 'LOAN', loan.id),
      keys.payrollDue(world.ctx.coop, bayo.id, 'PLAN', plan.id),
    ])
      await db().send(new DeleteCommand({ TableName: table(), Key: key }));
    expect(await rowOf('2026-03', bayo.id)).toBeUndefined();

    const first = await backfillCooperative(world.ctx.coop);
    // 3,000 a month; the loan's February and March installments, 2 x 11,200.
    expect(await rowOf('2026-03', bayo.id)).toEqual({ total: 25_400, personal: 22_400, quick: 0 });
    const again = await backfillCooperative(world.ctx.coop);
    expect(again).toEqual(first);
    expect(await rowOf('2026-03', bayo.id)).toEqual({ total: 25_400, personal: 22_400, quick: 0 });
    // Ada's completed loan B gets no due item.
    expect(await rowOf('2026-05', ada.id)).toEqual({ total: 67_000, personal: 56_000, quick: 0 });
  });

  it("asks a plan's new contribution once its change request is approved", async () => {
    const asked = await call<{ id: string }>('POST', '/cooperative/member/savings/change-amount', {
      token: bayo.token,
      body: { savings_id: bayoPlan, amount: '4000', comment: 'Salary increase' },
    });
    expect(asked.status, asked.body.message).toBe(201);
    const approved = await call('POST', '/cooperative/savings/request/approve', {
      token: world.ctx.token,
      query: { cooperative_id: world.ctx.coop, request_id: asked.body.data.id },
    });
    expect(approved.status, approved.body.message).toBe(200);
    // 4,000 a month now, with the loan's 22,400.
    expect(await rowOf('2026-03', bayo.id)).toEqual({ total: 26_400, personal: 22_400, quick: 0 });
  });
});
