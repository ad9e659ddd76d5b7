import { addDays, addMonths, lastDayOfMonth, nextMonth, previousMonth, today } from '@coopledger/shared/dates';
import { toNaira } from '@coopledger/shared/money';
import type { PayrollRepaymentType } from '@coopledger/shared/schemas/payroll';
import { payrollUploadSchema } from '@coopledger/shared/schemas/payroll';
import { loanApplicationSchema } from '@coopledger/shared/schemas/loans';
import { loanOffsetSchema } from '@coopledger/shared/schemas/loan-offsets';
import { pendingMemberSchema } from '@coopledger/shared/schemas/members';
import { changeAmountSchema, savingsPlanSchema, transactionOrderSchema } from '@coopledger/shared/schemas/savings';
import {
  LOAN_REPAYMENT_STATUS,
  LOAN_STATUS,
  ORDER_STATUS,
  PENDING_MEMBER_STATUS,
  SURETY_STATUS,
} from '@coopledger/shared/statuses';
import { getItem } from '../../functions/core/db.ts';
import { keys } from '../../functions/core/keys.ts';
import { raiseSequence } from '../../functions/core/counters.ts';
import { validate } from '../../functions/core/validation.ts';
import { setupRecords } from '../../functions/setup/setup-entity.ts';
import { listMembers } from '../../functions/members/member-store.ts';
import type { MemberRecord } from '../../functions/members/member-store.ts';
import { pendingOf } from '../../functions/members/pending-member-entity.ts';
import { register } from '../../functions/members/pending-service.ts';
import { addPlan } from '../../functions/savings/plans.ts';
import { memberPlans } from '../../functions/savings/plan-entity.ts';
import { approveOrder, createOrder } from '../../functions/savings/orders.ts';
import { ordersOf } from '../../functions/savings/order-entity.ts';
import { requestChange } from '../../functions/savings/requests.ts';
import { requestPage } from '../../functions/savings/savings-request-entity.ts';
import { applyForLoan } from '../../functions/loans/applications.ts';
import { approveLoan } from '../../functions/loans/approval.ts';
import { answerSurety } from '../../functions/loans/sureties.ts';
import { postOffset } from '../../functions/loans/offsets.ts';
import type { LoanRecord } from '../../functions/loans/loan-store.ts';
import { findLoan, memberLoans } from '../../functions/loans/loan-store.ts';
import { suretiesByIds } from '../../functions/loans/surety-entity.ts';
import { payrollDues } from '../../functions/payroll/dues.ts';
import { payrollFileName, payrollWorkbook } from '../../functions/payroll/payroll-workbook.ts';
import { currentRun, findRun, listRuns, startRun } from '../../functions/payroll/runs.ts';
import { latestMessages } from '../../functions/chat/message-entity.ts';
import { sendMessage } from '../../functions/chat/conversations.ts';
import { XLSX_CONTENT_TYPE } from '../../functions/core/import-files.ts';
import { AppError } from '../../functions/core/errors.ts';

/**
 * A year of member life for a cooperative set up by seed.ts (its setups, members NNNN0001..12, staff
 * <CODE>-ADMIN and <CODE>-ACCT), posted through the services the route handlers call, so the
 * ledger, the subledgers, the dashboards and the reports agree (docs/decisions.md 2026-11-28 "The
 * living demo"). `npm start` and `npm run seed` apply it to DEMO; the test runs never do (their
 * files rely on DEMO as seed.ts leaves it).
 *
 * Every step checks what is already there, and a marker (the counter DEMO_LIFE) is written last: a
 * start that finds the marker does nothing, and one after a crash half way goes on where it stopped.
 *
 * Loan approval disburses on the day it is given (the product has no back-dated approval), so the
 * loans are approved on the seeding day; the savings history before them is the monthly payroll.
 */
export interface DemoCooperative {
  id: string;
  code: string;
}

/** What the life put in, for the log and for the test that checks the dashboards against it. */
export interface DemoLife {
  /** False when the marker was there: nothing was written. */
  applied: boolean;
  months: string[];
  loans: { repaying: string[]; completed: string; overdue: string; pending: string };
}

const MARKER = 'DEMO_LIFE';
const WAIT_MS = 100;
const RUN_TIMEOUT_MS = 120_000;

type Log = (line: string) => void;

/** The twelve payroll months: the eleven before this one, and this one (which posts today). */
export function lifeMonths(on = today()): string[] {
  const months = [on.slice(0, 7)];
  while (months.length < 12) months.unshift(previousMonth(months[0]));
  return months;
}

/** The member numbered n (1-based) of the cooperative, as seed.ts numbers them. */
export const memberNo = (code: string, n: number) => `${code}${String(n).padStart(4, '0')}`;

/** The demo's loans: who borrows what, with whom as sureties, and where the loan is left. */
export const LIFE_LOANS = {
  repaying: [
    { member: 1, amount: 300_000, tenure: 12, sureties: [2, 3] },
    { member: 6, amount: 150_000, tenure: 6, sureties: [7, 8] },
  ],
  completed: { member: 4, amount: 50_000, tenure: 6, sureties: [5, 9] },
  overdue: { member: 7, amount: 200_000, tenure: 12, sureties: [10, 11] },
  /** Surety 1 (the first member, the demo's member login) has not answered yet; surety 12 approved. */
  pending: { member: 5, amount: 250_000, tenure: 12, sureties: [1, 12] },
} as const;

interface Context {
  coop: DemoCooperative;
  maker: string;
  checker: string;
  on: string;
  bankId: string;
  regularId: string;
  loanProductId: string;
  chargeId: string;
  members: Map<string, MemberRecord>;
  log: Log;
}

export async function seedDemoLife(coop: DemoCooperative, options: { log?: Log } = {}): Promise<DemoLife> {
  const log = options.log ?? (() => undefined);
  const months = lifeMonths();
  const loans = {
    repaying: LIFE_LOANS.repaying.map((l) => memberNo(coop.code, l.member)),
    completed: memberNo(coop.code, LIFE_LOANS.completed.member),
    overdue: memberNo(coop.code, LIFE_LOANS.overdue.member),
    pending: memberNo(coop.code, LIFE_LOANS.pending.member),
  };
  if (await getItem(keys.counter(coop.id, MARKER))) return { applied: false, months, loans };

  const started = Date.now();
  const phases: string[] = [];
  let mark = started;
  const phase = (name: string) => {
    phases.push(`${name} ${((Date.now() - mark) / 1000).toFixed(1)} s`);
    mark = Date.now();
  };
  const ctx = await contextOf(coop, log);
  await ensurePlans(ctx, months[0]);
  await ensurePastOrders(ctx, months, false);
  phase('plans');
  await ensurePastPayrolls(ctx, months.slice(0, -1));
  await ensurePastOrders(ctx, months, true);
  phase('payroll');
  for (const loan of LIFE_LOANS.repaying) await ensureLoan(ctx, loan, { approve: true });
  const completed = await ensureLoan(ctx, LIFE_LOANS.completed, { approve: true, startNextMonth: true });
  await ensureLoan(ctx, LIFE_LOANS.overdue, { approve: true, overdue: true });
  await ensureLoan(ctx, LIFE_LOANS.pending, { approve: false });
  phase('loans');
  // This month's payroll, today: the savings and the repaying loans' first installments.
  await posted(ctx, await startPayroll(ctx, months[months.length - 1]));
  if (completed) await attempt(ctx, 'the loan offset', () => ensurePaidOff(ctx, completed));
  await ensurePendingOrders(ctx);
  await attempt(ctx, 'the savings change request', () => ensureChangeRequest(ctx));
  await attempt(ctx, 'the registration', () => ensureRegistration(ctx));
  await ensureChat(ctx);
  await raiseSequence(coop.id, MARKER, 1);
  phase('this month');
  const took = ((Date.now() - started) / 1000).toFixed(1);
  log(`A year of member life for ${coop.code} seeded in ${took} s (${phases.join(', ')}).`);
  return { applied: true, months, loans };
}

async function contextOf(coop: DemoCooperative, log: Log): Promise<Context> {
  const [products, banks, charges, members] = await Promise.all([
    setupRecords.product.list(coop.id),
    setupRecords.bankAccount.list(coop.id),
    setupRecords.charge.list(coop.id),
    listMembers(coop.id),
  ]);
  const product = (name: string) => {
    const found = products.find((p) => p.name === name);
    if (!found) throw new Error(`The demo life needs the product ${name} in ${coop.code}`);
    return found.id;
  };
  const [bank] = banks;
  const [charge] = charges;
  if (!bank || !charge) throw new Error(`The demo life needs a bank account and a charge in ${coop.code}`);
  return {
    coop,
    maker: `${coop.code}-ADMIN`,
    checker: `${coop.code}-ACCT`,
    on: today(),
    bankId: bank.id,
    regularId: product('Regular Savings'),
    loanProductId: product('Personal Loan'),
    chargeId: charge.id,
    members: new Map(members.map((m) => [m.id, m])),
    log,
  };
}

function memberOf(ctx: Context, n: number): MemberRecord {
  const member = ctx.members.get(memberNo(ctx.coop.code, n));
  if (!member) throw new Error(`The demo life needs the member ${memberNo(ctx.coop.code, n)}`);
  return member;
}

/**
 * Runs a step; a refusal of the app (an AppError: a member who already has a running loan of their own,
 * a month held by a payroll run a stopped start left unfinished) is logged and the step skipped, so the
 * data people made by hand never stops a start. Anything else is a fault and is thrown.
 */
async function attempt<T>(ctx: Context, what: string, step: () => Promise<T>): Promise<T | undefined> {
  try {
    return await step();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    ctx.log(`Demo life: ${what} skipped (${error.message}).`);
    return undefined;
  }
}

/** For each member without a plan: Regular Savings from the first payroll month at their monthly contribution. */
async function ensurePlans(ctx: Context, firstMonth: string): Promise<void> {
  for (const member of ctx.members.values()) {
    if ((await memberPlans(ctx.coop.id, member.id)).length > 0) continue;
    const input = validate(savingsPlanSchema, {
      savings_product_id: ctx.regularId,
      start_date: `${firstMonth}-01`,
      end_date: addMonths(`${firstMonth}-01`, 60),
      amount: toNaira(member.savings_amount),
      credit_interest: 3,
      frequency: 'Monthly',
    });
    await addPlan(ctx.coop.id, member.id, input, ctx.maker, true);
  }
}

/**
 * One month's payroll as the payroll office does it: the downloaded file, uploaded unchanged (every
 * member's deduction as due), posted by the payroll workflow. Returns the run to wait for, or
 * nothing when the month is already posted or nobody owes anything.
 */
async function startPayroll(ctx: Context, month: string, type: PayrollRepaymentType = 'Salary') {
  const period = { start_date: `${month}-01`, end_date: lastDayOfMonth(month), repayment_type: type };
  const runs = await listRuns(ctx.coop.id);
  const same = runs.filter((r) => r.start_date === period.start_date && r.repayment_type === type);
  if ((await Promise.all(same.map(currentRun))).some((r) => r.status === 'COMPLETED')) return undefined;
  const dues = await payrollDues(ctx.coop.id, period);
  if (!dues.some((d) => d.total > 0)) return undefined;
  const content = await payrollWorkbook({
    cooperativeId: ctx.coop.id,
    cooperativeName: ctx.coop.code,
    period,
    dues,
    generatedAt: new Date().toISOString(),
  });
  const input = validate(payrollUploadSchema, { ...period, bank_id: ctx.bankId });
  const file = { fieldName: 'file', fileName: payrollFileName(period), contentType: XLSX_CONTENT_TYPE, content };
  const run = await attempt(ctx, `the payroll of ${month}`, () =>
    startRun(ctx.coop.id, input, file, ctx.maker, ctx.on),
  );
  return run && { id: run.id, month };
}

async function posted(ctx: Context, run: { id: string; month: string } | undefined): Promise<void> {
  if (!run) return;
  const deadline = Date.now() + RUN_TIMEOUT_MS;
  for (;;) {
    const found = await findRun(ctx.coop.id, run.id);
    const now = found && (await currentRun(found));
    if (now?.status === 'COMPLETED') return;
    if (now && ['INVALID', 'FAILED'].includes(now.status))
      throw new Error(`The demo payroll of ${run.month} was not posted: ${JSON.stringify(now.errors)}`);
    if (Date.now() > deadline) throw new Error(`The demo payroll of ${run.month} did not finish`);
    await new Promise((resolve) => setTimeout(resolve, WAIT_MS));
  }
}

/**
 * The past months' payrolls: each month's savings are due whatever the others post, so the uploads
 * are made one after the other (each claims its period) and the runs post side by side.
 */
async function ensurePastPayrolls(ctx: Context, months: string[]): Promise<void> {
  const runs = [];
  for (const month of months) runs.push(await startPayroll(ctx, month));
  await Promise.all(runs.map((run) => posted(ctx, run)));
}

async function planOf(ctx: Context, n: number) {
  const [plan] = await memberPlans(ctx.coop.id, memberOf(ctx, n).id);
  if (!plan) throw new Error(`${memberOf(ctx, n).id} has no savings plan`);
  return plan;
}

/** An order placed by the admin, unless the member already has one with this description. */
async function ensureOrder(
  ctx: Context,
  n: number,
  type: 'DEPOSIT' | 'WITHDRAWAL',
  body: { amount: number; date: string; description: string; payment_mode_id?: number },
  approve: boolean,
): Promise<void> {
  await attempt(ctx, `the ${type.toLowerCase()} "${body.description}"`, () => placeOrder(ctx, n, type, body, approve));
}

async function placeOrder(
  ctx: Context,
  n: number,
  type: 'DEPOSIT' | 'WITHDRAWAL',
  body: { amount: number; date: string; description: string },
  approve: boolean,
): Promise<void> {
  const plan = await planOf(ctx, n);
  const existing = (await ordersOf(ctx.coop.id, type)).find(
    (o) => o.savings_id === plan.id && o.description === body.description,
  );
  let order = existing;
  if (!order) {
    const input = validate(transactionOrderSchema, {
      savings_id: plan.id,
      payment_mode_id: 1,
      transaction_type: type,
      comment: 'Entered at the cooperative office',
      ...body,
    });
    order = await createOrder(ctx.coop.id, plan, input, ctx.maker);
  }
  if (approve && order.status === ORDER_STATUS.PENDING)
    await approveOrder(ctx.coop.id, order.id, ctx.bankId, ctx.checker);
}

/**
 * Deposits over the counter in past months, approved by the accountant, and (once the payroll has
 * filled the savings) a withdrawal.
 */
async function ensurePastOrders(ctx: Context, months: string[], withdrawals: boolean): Promise<void> {
  if (withdrawals) {
    await ensureOrder(
      ctx,
      3,
      'WITHDRAWAL',
      { amount: 8_000, date: `${months[9]}-10`, description: 'School fees' },
      true,
    );
    return;
  }
  await ensureOrder(
    ctx,
    2,
    'DEPOSIT',
    { amount: 25_000, date: `${months[4]}-15`, description: 'Bonus paid into savings' },
    true,
  );
  await ensureOrder(
    ctx,
    9,
    'DEPOSIT',
    { amount: 40_000, date: `${months[8]}-12`, description: 'Part of leave allowance saved' },
    true,
  );
}

/** Deposits and withdrawals waiting for approval on the staff dashboard. */
async function ensurePendingOrders(ctx: Context): Promise<void> {
  await ensureOrder(
    ctx,
    2,
    'DEPOSIT',
    { amount: 20_000, date: addDays(ctx.on, -1), description: 'Cash deposit at the office' },
    false,
  );
  await ensureOrder(
    ctx,
    8,
    'DEPOSIT',
    { amount: 15_000, date: ctx.on, description: 'Transfer from salary account' },
    false,
  );
  await ensureOrder(ctx, 10, 'WITHDRAWAL', { amount: 10_000, date: ctx.on, description: 'House rent' }, false);
  await ensureOrder(ctx, 11, 'WITHDRAWAL', { amount: 5_000, date: ctx.on, description: 'Medical bill' }, false);
}

interface LoanPlan {
  member: number;
  amount: number;
  tenure: number;
  sureties: readonly [number, number];
}

/**
 * A loan taken through its stages: applied for by the admin on the member's behalf (dated in the
 * past, as staff may), each surety's answer, the accountant's approval (disbursed today). Each stage
 * is skipped when the loan is already past it, so a second run goes on where the first stopped.
 *  - approve: both sureties approve and the loan is approved; otherwise only the second surety answers.
 *  - overdue: repaid by "Others" deductions (no such run is posted) with its first installments in the past.
 *  - startNextMonth: the first installment is next month (this month's payroll takes nothing).
 */
type LoanStages = { approve: boolean; overdue?: boolean; startNextMonth?: boolean };

const ensureLoan = (ctx: Context, plan: LoanPlan, how: LoanStages) =>
  attempt(ctx, `the loan of ${memberNo(ctx.coop.code, plan.member)}`, () => loanThroughStages(ctx, plan, how));

async function loanThroughStages(ctx: Context, plan: LoanPlan, how: LoanStages): Promise<LoanRecord> {
  const applicant = memberOf(ctx, plan.member);
  const month = ctx.on.slice(0, 7);
  // The life's own loan (the admin applied for it); a loan the member applied for by hand is left alone.
  let loan = (await memberLoans(ctx.coop.id, applicant.id)).find(
    (l) => l.product_id === ctx.loanProductId && l.created_by === ctx.maker,
  );
  if (!loan) {
    const applied = how.overdue ? `${addMonths(`${month}-01`, -3).slice(0, 7)}-04` : addDays(ctx.on, -7);
    const firstPayment = how.overdue
      ? lastDayOfMonth(addMonths(`${month}-01`, -2))
      : lastDayOfMonth(how.startNextMonth ? nextMonth(month) : month);
    const input = validate(loanApplicationSchema, {
      loan_product_id: ctx.loanProductId,
      loan_amount: plan.amount,
      payment_start_date: firstPayment,
      date: applied,
      calculation_method_id: 2,
      charge_id: ctx.chargeId,
      charge_amount: 0,
      surety1: memberNo(ctx.coop.code, plan.sureties[0]),
      surety2: memberNo(ctx.coop.code, plan.sureties[1]),
      tenure: plan.tenure,
      tenure_type: 'Month(s)',
      interest_rate: 10,
      repayment_type: how.overdue ? 'Others' : 'Salary',
      coop_id: applicant.id,
    });
    loan = (await applyForLoan(ctx.coop.id, applicant.id, input, false, ctx.maker)).loan;
  }
  if (loan.status !== LOAN_STATUS.PENDING) return loan;
  const sureties = await suretiesByIds(ctx.coop.id, loan.surety_ids);
  for (const surety of sureties) {
    const asked = surety.member_id === memberNo(ctx.coop.code, plan.sureties[0]);
    if (surety.status !== SURETY_STATUS.PENDING || (asked && !how.approve)) continue;
    await answerSurety(ctx.coop.id, surety.id, surety.member_id, SURETY_STATUS.APPROVED);
  }
  if (!how.approve) return loan;
  return approveLoan(ctx.coop.id, loan.id, ctx.bankId, ctx.checker);
}

/** The member pays the whole loan off from their savings today (offset mode 2, type 2): the loan completes. */
async function ensurePaidOff(ctx: Context, loan: LoanRecord): Promise<void> {
  const now = await findLoan(ctx.coop.id, loan.id);
  if (!now || now.is_paid === LOAN_REPAYMENT_STATUS.COMPLETED) return;
  const input = validate(loanOffsetSchema, {
    loan_id: now.id,
    offset_mode: 2,
    offset_type: 2,
    loan_amount: toNaira(now.loan_amount),
    date: ctx.on,
  });
  await postOffset(ctx.coop.id, input, ctx.maker, now.member_id);
}

/** A member asks to raise their monthly savings; the request waits for the admin. */
async function ensureChangeRequest(ctx: Context): Promise<void> {
  const member = memberOf(ctx, 3);
  const page = await requestPage(
    ctx.coop.id,
    { tenant: ctx.coop.id, route: 'GET /cooperative/savings/request/member', query: {} },
    member.id,
  );
  if (page.data.length > 0) return;
  const plan = await planOf(ctx, 3);
  const input = validate(changeAmountSchema, {
    savings_id: plan.id,
    amount: toNaira(plan.amount) + 5_000,
    comment: 'My salary went up; please raise my monthly savings from next month.',
  });
  await requestChange(ctx.coop.id, plan, input.amount, input.comment, member.id);
}

/** Someone who filled in the public registration form and waits for the admin. */
async function ensureRegistration(ctx: Context): Promise<void> {
  const email = `ngozi.chukwu@${ctx.coop.code.toLowerCase()}.coop.example`;
  const waiting = await pendingOf(ctx.coop.id);
  if (waiting.some((p) => p.profile.email === email && p.status === PENDING_MEMBER_STATUS.PENDING)) return;
  const [department] = await setupRecords.department.list(ctx.coop.id);
  const input = validate(pendingMemberSchema, {
    cooperative_code: ctx.coop.code,
    firstname: 'Ngozi',
    lastname: 'Chukwu',
    email,
    phone: '08035550123',
    gender: 'Female',
    marital_status: 'Married',
    dob: '1991-06-02',
    current_address: '7 Ajose Adeogun Street, Lagos',
    savings_amount: 12_000,
    level: 4,
    department_id: department?.id,
    date_joined: '2023-05-02',
    bank_id: 29,
    branch: 'Victoria Island',
    account_type: 'Savings',
    account_no: '2034567891',
    account_name: 'Ngozi Chukwu',
    nok_name: 'Obinna Chukwu',
    nok_address: '7 Ajose Adeogun Street, Lagos',
    nok_phone: '08035550124',
    nok_email: 'obinna.chukwu@example.com',
    contact_name: 'Amaka Eze',
    contact_address: '3 Adeola Odeku Street, Lagos',
    contact_phone: '08035550125',
    contact_email: 'amaka.eze@example.com',
  });
  await register(input, '127.0.0.1');
}

/** A short conversation between the first member and the admin; the admin has not read the last message. */
async function ensureChat(ctx: Context): Promise<void> {
  const member = memberOf(ctx, 1);
  if ((await latestMessages(ctx.coop.id, member.id, ctx.maker, undefined, 1)).length > 0) return;
  const memberName = `${member.firstname} ${member.lastname}`;
  const admin = { login_id: ctx.maker, name: `${ctx.coop.code} Admin` };
  const me = { login_id: member.id, name: memberName };
  await sendMessage(ctx.coop.id, me, ctx.maker, 'Good morning. Has my loan been paid into my account?');
  await sendMessage(ctx.coop.id, admin, member.id, 'Good morning. Yes, it was approved and paid out today.');
  await sendMessage(ctx.coop.id, admin, member.id, 'The first installment comes off this month’s salary.');
  await sendMessage(ctx.coop.id, me, ctx.maker, 'Thank you. Can I see the schedule on my dashboard?');
}
