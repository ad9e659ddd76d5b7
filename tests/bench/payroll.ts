import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import type { LoanRow } from '@coopledger/shared/loan-schedule';
import { buildSchedule, openRows } from '@coopledger/shared/loan-schedule';
import type { PayrollRunView } from '@coopledger/shared/payroll-views';
import { raiseSequence } from '../../functions/core/counters.ts';
import type { TransactItem } from '../../functions/core/db.ts';
import { getItem, queryPartition, transactWrite } from '../../functions/core/db.ts';
import { newId, referenceNumber } from '../../functions/core/ids.ts';
import { keys } from '../../functions/core/keys.ts';
import { setupRecords } from '../../functions/setup/setup-entity.ts';
import type { CellValue } from '../../functions/core/workbook.ts';
import { newWorkbook } from '../../functions/core/workbook.ts';
import { standardAccount } from '../../functions/cooperatives/standard-chart.ts';
import type { LoanSetup } from '../../functions/loans/applications.ts';
import { chargeOf } from '../../functions/loans/applications.ts';
import type { LoanRecord } from '../../functions/loans/loan-store.ts';
import { outstandingOf } from '../../functions/loans/loan-store.ts';
import { statsUpdate } from '../../functions/members/member-service.ts';
import type { NewMember } from '../../functions/members/member-store.ts';
import { memberPut, staffClaimPut } from '../../functions/members/member-store.ts';
import { memberSummaries } from '../../functions/members/member-summary-entity.ts';
import { cooperativeDueItems, loanDueAfter, planDuePut } from '../../functions/payroll/due-entity.ts';
import { payrollDues } from '../../functions/payroll/dues.ts';
import { payrollWorkbook, readPayrollFile } from '../../functions/payroll/payroll-workbook.ts';
import { findRun } from '../../functions/payroll/runs.ts';
import type { PlanRecord } from '../../functions/savings/plan-entity.ts';
import { fullName } from '../../functions/savings/plans.ts';
import type { ApiCall } from './http.ts';
import { expectStatus } from './http.ts';
import type { LatencyResult } from './measure.ts';
import type { BulkResult } from './reports.ts';
import { bulkWrite, createCooperative } from './reports.ts';
import type { WriteCounts } from './transactions.ts';
import { rawTransact } from './transactions.ts';
import { LOAN_REPAYMENT_STATUS, LOAN_STATUS } from '@coopledger/shared/statuses';

/**
 * The payroll measure (functions/payroll, functions/workflows/payroll-upload): a fresh cooperative
 * with `members` active members, each with a monthly Regular Savings plan, every other one with an
 * approved, running Salary loan whose first installment falls in the period. The products, setups
 * and the bank account are created through the API; the members, plans and loans are written in
 * bulk (BatchWriteItem) in the shape the app writes them (member-store memberPut and its staff ID
 * claim, plans.ts addPlan with the member's savings totals, applications.ts applyForLoan followed
 * by approval.ts approveLoan, loan-store.ts LoanRecord). The loans have no sureties and no
 * disbursement journal, and the members no sign-in users: the payroll reads neither.
 *
 * Timed through the API: the download of the period's file, then the upload of that same file
 * until the run is COMPLETED, split at the first poll that no longer says VALIDATING. The ledger,
 * the run and a sample of loans and plans are checked before any number is reported.
 */

export const PERIOD = { start_date: '2026-03-01', end_date: '2026-03-31', repayment_type: 'Salary' } as const;
export const PLAN_DATES = { start: '2026-01-01', end: '2026-12-31' } as const;
/** The loans' application date; their first installments fall in PERIOD. */
export const LOAN_DATE = '2026-02-10';
export const DEPARTMENTS = ['Administration', 'Finance', 'Engineering', 'Operations'] as const;
const FIRST_NAMES = [
  'Adaeze',
  'Babatunde',
  'Chinedu',
  'Damilola',
  'Emeka',
  'Funmilayo',
  'Garba',
  'Halima',
  'Ifeanyi',
  'Jumoke',
  'Kelechi',
  'Lami',
];
const POLL_MS = 250;

/** Every other member has a Salary loan. */
export const hasLoan = (index: number) => index % 2 === 0;
/**
 * A plan's monthly contribution in kobo: 2,000 to 11,900 naira with kobo, so a sum that drops or doubles a row shows.
 */
export const planAmountOf = (index: number) => (2000 + (index % 100) * 100) * 100 + (index % 97);

export interface LoanTerms {
  principal: number;
  rate: number;
  method: 1 | 2;
  tenure: number;
  firstPaymentDate: string;
}

/** 50,000 to 275,000 naira over 12 months at 5 to 12%, flat or reducing, first due on a day of PERIOD's month. */
export function loanTermsOf(index: number): LoanTerms {
  return {
    principal: (50_000 + (index % 91) * 2_500) * 100,
    rate: 5 + (index % 8),
    method: index % 4 === 0 ? 1 : 2,
    tenure: 12,
    firstPaymentDate: `${PERIOD.start_date.slice(0, 8)}${String(1 + (index % 28)).padStart(2, '0')}`,
  };
}

/** The records the bulk-loaded members point at (created through the API). */
export interface BenchRefs {
  cooperativeId: string;
  code: string;
  departmentIds: string[];
  savings: { productId: string; productName: string; setupId: string };
  loan: {
    productId: string;
    productName: string;
    setup: Pick<LoanSetup, 'id' | 'charge_id' | 'charge_type' | 'charge_amount'>;
  };
  bankId: string;
  createdBy: string;
  /** The import id members carry in `source` (the bench run). */
  tag: string;
}

export interface BenchLoan {
  id: string;
  principal: number;
  schedule: LoanRow[];
  /** loan_balance as approved. */
  balance: number;
  /** Principal and interest of the installments due by PERIOD's end. */
  due: { principal: number; interest: number };
}

export interface BenchMember {
  index: number;
  memberId: string;
  staffId: string;
  planId: string;
  planAmount: number;
  loan: BenchLoan | null;
  /** What the payroll file should ask of the member: the plan's contribution and the loan's installments due (kobo). */
  due: number;
  gender: 'Male' | 'Female';
  items: Record<string, unknown>[];
}

function putOf(item: TransactItem): Record<string, unknown> {
  if (!item.Put?.Item) throw new Error('Expected a Put');
  return item.Put.Item;
}

/**
 * Member `index` of the cooperative and the items the app would hold for it (ids given, so the result is repeatable).
 */
export function benchMember(
  refs: BenchRefs,
  index: number,
  ids: { plan: string; loan: string },
  now: string,
): BenchMember {
  const coop = refs.cooperativeId;
  const memberId = `${refs.code}${String(index + 1).padStart(5, '0')}`.toUpperCase();
  const staffId = `PAY${refs.code}${index + 1}`;
  const gender = index % 2 === 0 ? 'Female' : 'Male';
  const firstname = FIRST_NAMES[index % FIRST_NAMES.length];
  const lastname = `Payroll${String(index + 1).padStart(5, '0')}`;
  const planAmount = planAmountOf(index);
  const member: NewMember = {
    coop_id: memberId,
    cooperative_id: coop,
    firstname,
    lastname,
    staff_id: staffId,
    email: `payroll.${index + 1}@${refs.code.toLowerCase()}.example`,
    phone: `0805${String(index + 1).padStart(7, '0')}`,
    gender,
    marital_status: (['Single', 'Married', 'Divorced'] as const)[index % 3],
    dob: `19${70 + (index % 30)}-0${1 + (index % 9)}-1${index % 10}`,
    current_address: `${index + 1} Payroll Road, Lagos`,
    savings_amount: planAmount,
    role_name: 'cooperative-member',
    role_id: 'cooperative-member',
    status: 1,
    work_info: {
      level: (index % 10) + 1,
      department_id: refs.departmentIds[index % refs.departmentIds.length],
      date_joined: '2021-03-01',
    },
    source: { kind: 'import', id: refs.tag },
  };
  const { record, item: memberItem } = memberPut(member);
  const name = fullName(record);

  const plan: PlanRecord = {
    id: ids.plan,
    cooperative_id: coop,
    member_id: memberId,
    member_name: name,
    user: { firstname, lastname },
    product_id: refs.savings.productId,
    product_name: refs.savings.productName,
    setup_id: refs.savings.setupId,
    start_date: PLAN_DATES.start,
    end_date: PLAN_DATES.end,
    amount: planAmount,
    credit_interest: 3,
    frequency: 'Monthly',
    status: 1,
    balance: 0,
    lien: 0,
    available: 0,
    is_target: false,
    schedule_credit: 0,
    last_payment: null,
    created_by: refs.createdBy,
    created_at: now,
    updated_at: now,
  };
  const items: Record<string, unknown>[] = [
    putOf(memberItem),
    putOf(staffClaimPut(coop, staffId, memberId)),
    {
      ...keys.savingsPlan(coop, plan.id),
      ...keys.savingsPlanIndex(coop, memberId, plan.start_date, plan.id),
      entity: 'SAVINGS_PLAN',
      ...plan,
    },
    // addPlan writes the plan's payroll due item with it.
    putOf(planDuePut(plan)),
    // summaryUpdate(monthly, plans: 1) on a member without totals yet.
    { ...keys.memberSavings(coop, memberId), entity: 'MEMBER_SAVINGS', monthly: planAmount, plans: 1 },
  ];

  let loan: BenchLoan | null = null;
  if (hasLoan(index)) {
    const terms = loanTermsOf(index);
    const schedule = buildSchedule({
      principal: terms.principal,
      annualRatePercent: terms.rate,
      tenure: terms.tenure,
      tenureUnit: 'month',
      method: terms.method,
      firstPaymentDate: terms.firstPaymentDate,
    });
    const rows = openRows(schedule.rows);
    const dueRows = rows.filter((r) => r.payment_month <= PERIOD.end_date);
    const record: LoanRecord = {
      id: ids.loan,
      cooperative_id: coop,
      member_id: memberId,
      member: { firstname, lastname },
      member_name: name,
      product_id: refs.loan.productId,
      product_name: refs.loan.productName,
      setup_id: refs.loan.setup.id,
      loan_amount: terms.principal,
      total_interest: schedule.totals.interest,
      total_amount: schedule.totals.payment,
      loan_balance: outstandingOf(rows),
      tenure: terms.tenure,
      tenure_type: 'Month(s)',
      interest_rate: terms.rate,
      calculation_method_id: terms.method,
      charge_id: String(refs.loan.setup.charge_id),
      charge_amount: chargeOf(refs.loan.setup, terms.principal),
      penal_charge: 0,
      upfront: 0,
      upfront_amount: 0,
      source: 'Internal',
      repayment_type: PERIOD.repayment_type,
      payment_start_date: terms.firstPaymentDate,
      date: LOAN_DATE,
      // As approveLoan leaves it: approved, running, version 0 -> 1, schedule and balance stored.
      status: LOAN_STATUS.APPROVED,
      is_paid: LOAN_REPAYMENT_STATUS.RUNNING,
      surety_ids: [],
      all_surety_ids: [],
      schedule: rows,
      version: 1,
      bank_id: refs.bankId,
      approved_by: refs.createdBy,
      approved_at: now,
      reference_no: referenceNumber('LN', LOAN_DATE),
      lien: null,
      created_by: refs.createdBy,
      created_at: now,
      updated_at: now,
    };
    items.push(
      {
        ...keys.loan(coop, record.id),
        ...keys.loanIndex(coop, memberId, LOAN_DATE, now, record.id),
        entity: 'LOAN',
        ...record,
      },
      // approveLoan writes the loan's payroll due item with it.
      putOf(loanDueAfter(record, rows, true)),
      {
        ...keys.runningLoanClaim(coop, memberId, refs.loan.productId),
        entity: 'LOAN_CLAIM',
        loan_id: record.id,
        member_id: memberId,
        product_id: refs.loan.productId,
        created_at: now,
      },
    );
    loan = {
      id: record.id,
      principal: terms.principal,
      schedule: rows,
      balance: record.loan_balance,
      due: {
        principal: dueRows.reduce((s, r) => s + r.principal, 0),
        interest: dueRows.reduce((s, r) => s + r.interest, 0),
      },
    };
  }
  const due = planAmount + (loan ? loan.due.principal + loan.due.interest : 0);
  return { index, memberId, staffId, planId: plan.id, planAmount, loan, due, gender, items };
}

/** The cooperative's member counts (member-service statsChange, added up over every bulk-loaded member). */
export function statsOf(members: readonly Pick<BenchMember, 'gender'>[]): Record<string, number> {
  const female = members.filter((m) => m.gender === 'Female').length;
  return { members_active: members.length, members_female: female, members_male: members.length - female };
}

export interface SheetRow {
  row: number;
  memberNo: string;
  /** Kobo. */
  totalDue: number;
  amountDeducted: number;
}

/** The member rows of a payroll file (functions/payroll/payroll-workbook.ts) and its TOTAL row, amounts in kobo. */
export async function readPayrollSheet(
  content: Buffer,
): Promise<{ rows: SheetRow[]; total?: { totalDue: number; amountDeducted: number } }> {
  const book = newWorkbook();
  await book.xlsx.load(content as unknown as ArrayBuffer);
  const sheet = book.getWorksheet('Payroll');
  if (!sheet) throw new Error('The payroll file has no Payroll sheet');
  const text = (value: CellValue) =>
    typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
  const header = (sheet.getRow(1).values as CellValue[]).slice(1).map(text);
  const col = (name: string) => {
    const at = header.indexOf(name);
    if (at < 0) throw new Error(`The payroll file has no ${name} column`);
    return at + 1;
  };
  const [memberCol, nameCol, dueCol, amountCol] = [
    col('Member No'),
    col('Name'),
    col('Total Due'),
    col('Amount Deducted'),
  ];
  const kobo = (value: CellValue) => Math.round(Number(value ?? 0) * 100);
  const rows: SheetRow[] = [];
  let total: { totalDue: number; amountDeducted: number } | undefined;
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    const memberNo = text(row.getCell(memberCol).value);
    const amounts = { totalDue: kobo(row.getCell(dueCol).value), amountDeducted: kobo(row.getCell(amountCol).value) };
    if (!memberNo && text(row.getCell(nameCol).value) === 'TOTAL') total = amounts;
    else rows.push({ row: n, memberNo, ...amounts });
  });
  return { rows, total };
}

export interface RunSample {
  /** performance.now() when the reply arrived. */
  at: number;
  status: string;
  rows_validated: number;
  rows_posted: number;
}

const WORKING = new Set(['VALIDATING', 'POSTING']);

/**
 * Validation and posting times from the polls of a run started at `started` (ms): validation ends
 * at the first poll that no longer says VALIDATING, posting at the first that says the run is done.
 * `split` is false when no poll saw POSTING (the split is then only an upper bound on validation).
 */
export function phaseTimes(
  started: number,
  samples: readonly RunSample[],
): { validationSeconds: number; postingSeconds: number; totalSeconds: number; split: boolean } {
  const validated = samples.find((s) => s.status !== 'VALIDATING');
  const done = samples.find((s) => !WORKING.has(s.status));
  if (!validated || !done) throw new Error('The run has not finished in these samples');
  const seconds = (ms: number) => Math.round(ms) / 1000;
  return {
    validationSeconds: seconds(validated.at - started),
    postingSeconds: seconds(done.at - validated.at),
    totalSeconds: seconds(done.at - started),
    split: samples.some((s) => s.status === 'POSTING'),
  };
}

export interface PayrollChecks {
  status: string;
  rowsPosted: number;
  rowsAlready: number;
  /** Kobo: the file's Total Due summed, what the bench's model expects, what the run says it received. */
  fileTotalDue: number;
  modelTotalDue: number;
  runReceived: number;
  bankDebitMoved: number;
  bankCreditMoved: number;
  loansCreditMoved: number;
  expectedLoansPrincipal: number;
  interestCreditMoved: number;
  expectedInterest: number;
  savingsCreditMoved: number;
  expectedSavings: number;
  glDebitTotal: number;
  glCreditTotal: number;
  journals: number;
  loansSampled: number;
  plansSampled: number;
}

export interface PayrollResult {
  members: number;
  loans: number;
  cooperativeId: string;
  /** Products, setups and the bank account through the API. */
  apiSetupSeconds: number;
  bulk: BulkResult;
  downloadsMs: number[];
  /** Median of downloadsMs. */
  downloadMs: number;
  /**
   * Where a download's and a validation's time goes, timed in this process with the functions the
   * handlers call (not through the API): the Queries of the payroll due items, the BatchGetItem of
   * the owing members, payrollDues whole (both), payrollWorkbook, and readPayrollFile of the file.
   */
  breakdownMs: { dueItems: number; members: number; dues: number; workbook: number; readFile: number };
  fileBytes: number;
  fileRows: number;
  /**
   * A refused upload (a tiny file that is not a workbook, for another period) until INVALID, before the timed one: the
   * runtime's first workflow start synthesizes the definitions.
   */
  warmupSeconds: number;
  uploadMs: number;
  validationSeconds: number;
  postingSeconds: number;
  totalSeconds: number;
  split: boolean;
  rowsPerSecond: { validation: number; posting: number; endToEnd: number };
  runId: string;
  polls: number;
  checks: PayrollChecks;
  /** TransactWriteItems of DynamoDB Local alone, measured in the same run (rawTransact8Payroll8 ...). */
  raw: Record<string, LatencyResult>;
  /**
   * os.loadavg() (1, 5, 15 minutes) when the group started and when the run completed: other work on the machine shows
   * here.
   */
  loadAverage: { before: number[]; after: number[] };
  /** What the application's calls met while the upload ran (set by the caller's counter). */
  writes?: WriteCounts;
}

export interface PayrollContext {
  /** The API base, `<runtime>/api/v1`. */
  api: string;
  call: ApiCall;
  /** The superadmin's token. */
  token: string;
  members: number;
  /** Transactions per raw measure. */
  rawCount: number;
  /** Measure the raw group's 6-Put transactions too (when the raw group did not run). */
  rawPuts: boolean;
  log: (line: string) => void;
  downloads?: number;
  bulkConcurrency?: number;
  /** Wraps the upload so the caller can count the application's DynamoDB calls during it. */
  timed?: <T>(name: string, measure: () => Promise<T>) => Promise<T>;
}

const round = (value: number) => Math.round(value * 100) / 100;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A letters-only code, so member numbers read as `<code><digits>` (keyShape groups them as `*`). */
function letterCode(): string {
  return `PY${[...randomBytes(6)].map((b) => String.fromCharCode(65 + (b % 26))).join('')}`;
}

async function setupCooperative(call: ApiCall, token: string): Promise<BenchRefs & { bankGl: string }> {
  const cooperative = await createCooperative(call, token, 'PY', letterCode(), 'Bench Payroll');
  const coop = cooperative.id;
  const made = async (path: string, body: Record<string, unknown>, what: string) =>
    expectStatus(
      await call<{ id: string }>('POST', path, { token, body: { cooperative_id: coop, ...body } }),
      [200, 201],
      what,
    ).id;
  const departmentIds: string[] = [];
  for (const name of DEPARTMENTS)
    departmentIds.push(await made('/cooperative/department', { name, status: 1 }, 'create a department'));
  const savingsCategory = await made(
    '/cooperative/product/category',
    { name: 'Savings', status: 1 },
    'create a product category',
  );
  const loansCategory = await made(
    '/cooperative/product/category',
    { name: 'Loans', status: 1 },
    'create a product category',
  );
  const savingsProduct = await made(
    '/cooperative/product',
    { category_id: savingsCategory, name: 'Regular Savings', status: 1 },
    'create a savings product',
  );
  const loanProduct = await made(
    '/cooperative/product',
    { category_id: loansCategory, name: 'Salary Loan', status: 1 },
    'create a loan product',
  );
  const charge = await made(
    '/cooperative/charge',
    { name: 'Loan Processing Fee', amount: 1.5, posting_gl: standardAccount('charges'), status: 1 },
    'create a charge',
  );
  const savingsSetup = await made(
    '/cooperative/product-setup/savings',
    {
      product_id: savingsProduct,
      opening_balance: 0,
      closing_balance: 0,
      start_date: '2026-01-01',
      end_date: '2030-12-31',
      credit_interest: 3,
      charge_id: charge,
      charge_amount: 0,
      principal_gl: standardAccount('bank'),
      member_balance_gl: standardAccount('member_savings'),
      interest_expense_gl: standardAccount('interest_on_savings'),
      interest_payable_gl: standardAccount('interest_payable'),
      fixed_dep_gl: standardAccount('investments'),
      status: 1,
    },
    'create the savings setup',
  );
  const loanSetupId = await made(
    '/cooperative/product-setup/loans',
    {
      product_id: loanProduct,
      name: 'Salary Loan',
      tenure: 12,
      tenure_type: 'Month(s)',
      min_int_rate: 5,
      max_int_rate: 12,
      upfront: 0,
      source: 'Internal',
      penal_charge: 0,
      penal_type: 'None',
      charge_id: charge,
      charge_type: 'Percentage',
      charge_amount: '1.00',
      date_of_engagement: 0,
      lien: 0,
      lien_amount: 0,
      interest_accrual: 0,
      accrual_type: 'Monthly',
      principal_gl: standardAccount('member_loans'),
      loan_write_off_gl: standardAccount('loan_write_off'),
      interest_receivable_gl: standardAccount('interest_receivable'),
      source_account: standardAccount('bank'),
      calculation_method_id: 2,
      status: 1,
    },
    'create the loan setup',
  );
  const bankGl = standardAccount('bank');
  const bankId = await made(
    '/cooperative/bank-account',
    { bank_id: 33, account_no: '2030405060', coa_id: bankGl, status: 1 },
    'create a bank account',
  );
  const loanSetup = await setupRecords.loanSetup.get(coop, loanSetupId);
  if (!loanSetup) throw new Error('The loan setup just created cannot be read back');
  return {
    cooperativeId: coop,
    code: cooperative.code,
    departmentIds,
    savings: { productId: savingsProduct, productName: 'Regular Savings', setupId: savingsSetup },
    loan: { productId: loanProduct, productName: 'Salary Loan', setup: loanSetup },
    bankId,
    bankGl,
    createdBy: 'SUPERADMIN',
    tag: `bench-payroll-${cooperative.code}`,
  };
}

async function glTotalsOf(cooperativeId: string): Promise<Map<string, { debit: number; credit: number }>> {
  const items = await queryPartition<{ gl_code: string; debit?: number; credit?: number }>(
    keys.glTotalsPartition(cooperativeId),
  );
  return new Map(items.map((t) => [String(t.gl_code), { debit: Number(t.debit ?? 0), credit: Number(t.credit ?? 0) }]));
}

async function download(api: string, token: string, cooperativeId: string): Promise<{ ms: number; content: Buffer }> {
  const started = performance.now();
  const response = await fetch(
    `${api}/cooperative/monthly-deduction/download?cooperative_id=${encodeURIComponent(cooperativeId)}`,
    {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ cooperative_id: cooperativeId, ...PERIOD }),
    },
  );
  const content = Buffer.from(await response.arrayBuffer());
  const ms = performance.now() - started;
  if (response.status !== 200)
    throw new Error(`download the payroll file: HTTP ${response.status} ${content.toString('utf8').slice(0, 300)}`);
  return { ms, content };
}

async function timedMs<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const value = await work();
  return [value, Math.round(performance.now() - started)];
}

async function breakdown(cooperativeId: string, file: Buffer): Promise<PayrollResult['breakdownMs']> {
  const [found, dueItems] = await timedMs(() => cooperativeDueItems(cooperativeId));
  const [, members] = await timedMs(() =>
    memberSummaries(cooperativeId, [...new Set(found.plans.map((p) => p.member_id))]),
  );
  const [dues, duesMs] = await timedMs(() => payrollDues(cooperativeId, PERIOD));
  const [, workbook] = await timedMs(() =>
    payrollWorkbook({
      cooperativeId,
      cooperativeName: 'Bench',
      period: PERIOD,
      dues,
      generatedAt: new Date().toISOString(),
    }),
  );
  const [, readFile] = await timedMs(() => readPayrollFile(file));
  return { dueItems, members, dues: duesMs, workbook, readFile };
}

/** `count` of the items, spread evenly over the list. */
const sample = <T>(items: readonly T[], count: number) =>
  Array.from(
    { length: Math.min(count, items.length) },
    (_, k) => items[Math.floor((k * items.length) / Math.min(count, items.length))],
  );

export async function benchPayroll(ctx: PayrollContext): Promise<PayrollResult> {
  const { api, call, token, log } = ctx;
  const timed = ctx.timed ?? (<T>(_name: string, measure: () => Promise<T>) => measure());
  const loadBefore = os.loadavg().map(round);
  log(
    `Payroll: a fresh cooperative with ${ctx.members} members, each with a monthly savings plan, every other one with a running Salary loan...`,
  );
  let started = performance.now();
  const refs = await setupCooperative(call, token);
  const apiSetupSeconds = round((performance.now() - started) / 1000);
  const coop = refs.cooperativeId;

  const now = new Date().toISOString();
  const members = Array.from({ length: ctx.members }, (_, i) =>
    benchMember(refs, i, { plan: newId(), loan: newId() }, now),
  );
  const loans = members.filter((m) => m.loan !== null);
  const totalItems = members.reduce((s, m) => s + m.items.length, 0);
  log(
    `  cooperative ${refs.code} set up through the API in ${apiSetupSeconds} s; writing ${totalItems} items (members, staff ID claims, plans, savings totals, loans, loan claims, payroll due items) with BatchWriteItem...`,
  );
  const bulk = await bulkWrite(
    (function* () {
      for (const member of members) yield* member.items;
    })(),
    { concurrency: ctx.bulkConcurrency ?? 16, total: totalItems, log },
  );
  await transactWrite([statsUpdate(coop, statsOf(members))]);
  await raiseSequence(coop, 'MEMBER_NUMBER', ctx.members);
  const statistics = expectStatus(
    await call<{ total: number }>('GET', '/cooperative/member/statistics', { token, query: { cooperative_id: coop } }),
    200,
    'member statistics',
  );
  if (statistics.total !== ctx.members)
    throw new Error(`The cooperative counts ${statistics.total} members after the bulk load, not ${ctx.members}`);
  log(
    `  ${bulk.items} items in ${bulk.seconds} s (${bulk.perSecond} items/s, ${bulk.retriedItems} unprocessed and sent again)`,
  );

  // DynamoDB Local alone, on the same table as the payroll's posting will meet.
  const raw: Record<string, LatencyResult> = {};
  if (ctx.rawPuts) {
    log('  Raw DynamoDB Local: TransactWriteItems of 6 Puts at 16 clients...');
    raw.rawTransact16 = await rawTransact(ctx.rawCount, 16, 'puts', 6);
  }
  for (const concurrency of [8, 16]) {
    log(`  Raw DynamoDB Local: TransactWriteItems of 8 payroll-row items at ${concurrency} clients...`);
    raw[`rawTransact8Payroll${concurrency}`] = await rawTransact(
      ctx.rawCount,
      concurrency,
      'payrollRow',
      8,
      `P${concurrency}${refs.code}`,
    );
  }
  log(
    `  ${Object.entries(raw)
      .map(([name, r]) => `${name} ${r.perSecond} tx/s (p50 ${r.p50Ms} ms)`)
      .join('; ')}`,
  );

  // The domain's module is loaded by a first cheap call, not inside the timed download; the first
  // workflow start of the runtime (it synthesizes every definition) by a refused upload for February.
  expectStatus(
    await call('GET', '/cooperative/monthly-deduction/runs', { token, query: { cooperative_id: coop } }),
    200,
    'list payroll runs',
  );
  started = performance.now();
  const warmForm = new FormData();
  for (const [field, value] of Object.entries({
    cooperative_id: coop,
    start_date: '2026-02-01',
    end_date: '2026-02-28',
    repayment_type: PERIOD.repayment_type,
    bank_id: refs.bankId,
  }))
    warmForm.append(field, value);
  // A real workbook (the upload checks the archive first) that is no payroll file: the run refuses it.
  const notPayroll = newWorkbook();
  notPayroll.addWorksheet('Sheet1').addRow(['Not a payroll file']);
  warmForm.append('file', new Blob([Buffer.from(await notPayroll.xlsx.writeBuffer())]), 'warm-up.xlsx');
  const warm = expectStatus(
    await call<PayrollRunView>('POST', '/cooperative/monthly-deduction/upload', { token, form: warmForm }),
    202,
    'start the warm-up run',
  );
  for (let polls = 0; ; polls++) {
    const state = expectStatus(
      await call<PayrollRunView>('GET', '/cooperative/monthly-deduction/single', {
        token,
        query: { cooperative_id: coop, run_id: warm.id },
      }),
      200,
      'warm-up run',
    );
    if (state.done) {
      if (state.status !== 'INVALID') throw new Error(`The warm-up run ended ${state.status}, expected INVALID`);
      break;
    }
    if (polls > 240) throw new Error('The warm-up run did not finish in a minute');
    await sleep(POLL_MS);
  }
  const warmupSeconds = round((performance.now() - started) / 1000);
  log(`  warm-up: a refused upload (INVALID) in ${warmupSeconds} s`);
  const downloads: { ms: number; content: Buffer }[] = [];
  for (let i = 0; i < (ctx.downloads ?? 3); i++) downloads.push(await download(api, token, coop));
  const downloadsMs = downloads.map((d) => Math.round(d.ms));
  const downloadMs = [...downloadsMs].sort((a, b) => a - b)[Math.floor(downloadsMs.length / 2)];
  const file = downloads[downloads.length - 1].content;
  log(
    `  download of the ${ctx.members}-member file (${Math.round(file.length / 1024)} KiB): ${downloadsMs.join(', ')} ms`,
  );
  const breakdownMs = await breakdown(coop, file);
  log(
    `  in process: Queries of the payroll due items ${breakdownMs.dueItems} ms, BatchGetItem of the members ${breakdownMs.members} ms; payrollDues ${breakdownMs.dues} ms; payrollWorkbook ${breakdownMs.workbook} ms; readPayrollFile ${breakdownMs.readFile} ms`,
  );

  // The file against the bench's model: every member once, asking their plan's contribution and first installment.
  const sheet = await readPayrollSheet(file);
  const byMember = new Map(members.map((m) => [m.memberId, m]));
  const seen = new Set<string>();
  const fileProblems: string[] = [];
  for (const row of sheet.rows) {
    const member = byMember.get(row.memberNo);
    if (!member) fileProblems.push(`row ${row.row}: unknown member ${row.memberNo}`);
    else if (seen.has(row.memberNo)) fileProblems.push(`row ${row.row}: ${row.memberNo} again`);
    else if (row.totalDue !== member.due || row.amountDeducted !== member.due)
      fileProblems.push(
        `row ${row.row}: ${row.memberNo} due ${row.totalDue}/${row.amountDeducted}, expected ${member.due}`,
      );
    seen.add(row.memberNo);
  }
  const fileTotalDue = sheet.rows.reduce((s, r) => s + r.totalDue, 0);
  const modelTotalDue = members.reduce((s, m) => s + m.due, 0);
  if (sheet.rows.length !== ctx.members) fileProblems.push(`${sheet.rows.length} member rows, expected ${ctx.members}`);
  if (sheet.total?.totalDue !== fileTotalDue)
    fileProblems.push(`TOTAL row ${sheet.total?.totalDue} != rows' sum ${fileTotalDue}`);
  if (fileTotalDue !== modelTotalDue)
    fileProblems.push(`Total Due ${fileTotalDue} kobo, the model expects ${modelTotalDue}`);
  if (fileProblems.length > 0)
    throw new Error(
      `The payroll file is wrong: ${fileProblems.slice(0, 5).join('; ')}${fileProblems.length > 5 ? ` (${fileProblems.length} problems)` : ''}`,
    );

  const sampledLoans = sample(loans, 20);
  const sampledPlans = sample(members, 20);
  const glBefore = await glTotalsOf(coop);

  log(`  Upload of the same file until COMPLETED (polling every ${POLL_MS} ms)...`);
  const form = new FormData();
  form.append('cooperative_id', coop);
  for (const [field, value] of Object.entries(PERIOD)) form.append(field, value);
  form.append('bank_id', refs.bankId);
  form.append('file', new Blob([file]), 'payroll.xlsx');
  const samples: RunSample[] = [];
  let uploadMs = 0;
  let runId = '';
  let view: PayrollRunView | undefined;
  started = performance.now();
  await timed('payrollUpload', async () => {
    const upload = expectStatus(
      await call<PayrollRunView>('POST', '/cooperative/monthly-deduction/upload', { token, form }),
      202,
      'upload the payroll file',
    );
    uploadMs = Math.round(performance.now() - started);
    runId = upload.id;
    const deadline = started + Math.max(180_000, ctx.members * 60);
    let lastLog = started;
    for (;;) {
      view = expectStatus(
        await call<PayrollRunView>('GET', '/cooperative/monthly-deduction/single', {
          token,
          query: { cooperative_id: coop, run_id: runId },
        }),
        200,
        'payroll run',
      );
      const at = performance.now();
      samples.push({ at, status: view.status, rows_validated: view.rows_validated, rows_posted: view.rows_posted });
      if (view.done) break;
      if (at > deadline)
        throw new Error(
          `The payroll run did not finish in ${Math.round((deadline - started) / 1000)} s (${view.status}, ${view.rows_posted}/${ctx.members} posted)`,
        );
      if (at - lastLog > 15_000) {
        lastLog = at;
        log(
          `    ${view.status}: ${view.rows_validated} validated, ${view.rows_posted} posted after ${((at - started) / 1000).toFixed(0)} s`,
        );
      }
      await sleep(POLL_MS);
    }
  });
  if (!view) throw new Error('The payroll run was never read');
  if (view.status !== 'COMPLETED')
    throw new Error(`The payroll run ended ${view.status}: ${JSON.stringify(view.errors.slice(0, 3))}`);
  const phases = phaseTimes(started, samples);

  // The ledger, the run and a sample of loans and plans, before any number is reported.
  const loadAfter = os.loadavg().map(round);
  const glAfter = await glTotalsOf(coop);
  const moved = (code: string, side: 'debit' | 'credit') =>
    (glAfter.get(code)?.[side] ?? 0) - (glBefore.get(code)?.[side] ?? 0);
  const run = await findRun(coop, runId);
  const dueLoans = loans.map((m) => m.loan!);
  const checks: PayrollChecks = {
    status: view.status,
    rowsPosted: view.rows_posted,
    rowsAlready: view.rows_already,
    fileTotalDue,
    modelTotalDue,
    runReceived: Number(run?.received_total ?? -1),
    bankDebitMoved: moved(refs.bankGl, 'debit'),
    bankCreditMoved: moved(refs.bankGl, 'credit'),
    loansCreditMoved: moved(standardAccount('member_loans'), 'credit'),
    expectedLoansPrincipal: dueLoans.reduce((s, l) => s + l.due.principal, 0),
    interestCreditMoved: moved(standardAccount('loan_interest'), 'credit'),
    expectedInterest: dueLoans.reduce((s, l) => s + l.due.interest, 0),
    savingsCreditMoved: moved(standardAccount('member_savings'), 'credit'),
    expectedSavings: members.reduce((s, m) => s + m.planAmount, 0),
    glDebitTotal: [...glAfter.values()].reduce((s, t) => s + t.debit, 0),
    glCreditTotal: [...glAfter.values()].reduce((s, t) => s + t.credit, 0),
    journals: run?.journal_ids?.length ?? 0,
    loansSampled: sampledLoans.length,
    plansSampled: sampledPlans.length,
  };
  const problems: string[] = [];
  if (view.rows_posted !== ctx.members || view.rows_already !== 0)
    problems.push(`rows posted ${view.rows_posted} (already ${view.rows_already}), expected ${ctx.members}`);
  if (Math.round(Number(view.received_total) * 100) !== fileTotalDue || checks.runReceived !== fileTotalDue)
    problems.push(
      `received ${view.received_total} naira / ${checks.runReceived} kobo, the file's Total Due is ${fileTotalDue} kobo`,
    );
  if (checks.bankDebitMoved !== fileTotalDue || checks.bankCreditMoved !== 0)
    problems.push(
      `bank GL ${refs.bankGl} debit moved ${checks.bankDebitMoved} (credit ${checks.bankCreditMoved}), expected ${fileTotalDue}`,
    );
  if (checks.loansCreditMoved !== checks.expectedLoansPrincipal)
    problems.push(`loans GL credit moved ${checks.loansCreditMoved}, principal due ${checks.expectedLoansPrincipal}`);
  if (checks.interestCreditMoved !== checks.expectedInterest)
    problems.push(`interest GL credit moved ${checks.interestCreditMoved}, interest due ${checks.expectedInterest}`);
  if (checks.savingsCreditMoved !== checks.expectedSavings)
    problems.push(`savings GL credit moved ${checks.savingsCreditMoved}, contributions ${checks.expectedSavings}`);
  if (checks.glDebitTotal !== checks.glCreditTotal)
    problems.push(`the GL totals do not balance: debit ${checks.glDebitTotal}, credit ${checks.glCreditTotal}`);
  if (checks.journals !== 1) problems.push(`the run has ${checks.journals} journals, expected 1`);
  for (const member of sampledLoans) {
    const loan = member.loan!;
    const stored = await getItem<LoanRecord>(keys.loan(coop, loan.id), true);
    const expected = loan.balance - loan.due.principal - loan.due.interest;
    if (!stored || stored.loan_balance !== expected || stored.version !== 2 || stored.schedule[0]?.is_paid !== 1) {
      problems.push(
        `loan ${loan.id} of ${member.memberId}: balance ${stored?.loan_balance} version ${stored?.version}, expected ${expected} version 2 with installment 1 paid`,
      );
    }
  }
  for (const member of sampledPlans) {
    const plan = await getItem<PlanRecord>(keys.savingsPlan(coop, member.planId), true);
    if (!plan || plan.balance !== member.planAmount || plan.available !== member.planAmount)
      problems.push(
        `plan ${member.planId} of ${member.memberId}: balance ${plan?.balance}, expected ${member.planAmount}`,
      );
  }
  if (problems.length > 0) throw new Error(`The payroll run is wrong (kobo): ${problems.slice(0, 6).join('; ')}`);

  const rows = ctx.members;
  const result: PayrollResult = {
    members: rows,
    loans: loans.length,
    cooperativeId: coop,
    apiSetupSeconds,
    bulk,
    downloadsMs,
    downloadMs,
    breakdownMs,
    fileBytes: file.length,
    fileRows: sheet.rows.length,
    warmupSeconds,
    uploadMs,
    ...phases,
    rowsPerSecond: {
      validation: round(rows / phases.validationSeconds),
      posting: round(view.rows_posted / phases.postingSeconds),
      endToEnd: round(rows / phases.totalSeconds),
    },
    runId,
    polls: samples.length,
    checks,
    raw,
    loadAverage: { before: loadBefore, after: loadAfter },
  };
  log(
    `  COMPLETED: validation ${phases.validationSeconds} s (${result.rowsPerSecond.validation} rows/s), posting ${phases.postingSeconds} s (${result.rowsPerSecond.posting} rows/s), end to end ${phases.totalSeconds} s (${result.rowsPerSecond.endToEnd} rows/s); checks passed`,
  );
  return result;
}

const naira = (kobo: number) =>
  (kobo / 100).toLocaleString('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The Payroll section of latest.md. */
export function payrollMarkdown(result: PayrollResult): string[] {
  const r = result;
  const c = r.checks;
  const w = r.writes;
  const rawRow = (name: string, label: string) => {
    const m = r.raw[name];
    return m ? [`| ${label} | ${m.perSecond} tx/s (p50 ${m.p50Ms} ms, p99 ${m.p99Ms} ms, ${m.errors} errors) |`] : [];
  };
  const raw8 = r.raw.rawTransact8Payroll8;
  return [
    "Payroll: a fresh cooperative of members with monthly savings plans and every other one a running Salary loan (bulk-loaded in the app's item shapes; loans without sureties or disbursement journal, members without sign-in users); the period's file downloaded and the same file uploaded through the API, followed every 250 ms until COMPLETED; the run, the ledger and sampled loans and plans checked first:",
    '',
    '| measure | value |',
    '|---|---|',
    `| members (with a Salary loan) | ${r.members} (${r.loans}) |`,
    `| setup through the API (cooperative, products, setups, bank account) | ${r.apiSetupSeconds} s |`,
    `| bulk load (BatchWriteItem, ${r.bulk.concurrency} in flight) | ${r.bulk.items} items in ${r.bulk.seconds} s: ${r.bulk.perSecond} items/s |`,
    `| download of the file (median of ${r.downloadsMs.length}) | ${r.downloadMs} ms (${r.downloadsMs.join(', ')} ms; ${r.fileRows} rows, ${Math.round(r.fileBytes / 1024)} KiB) |`,
    `| where a download's time goes (in process): Queries of the payroll due items (their 4 partitions in parallel) / BatchGetItem of the owing members; payrollDues (both); payrollWorkbook | ${r.breakdownMs.dueItems} / ${r.breakdownMs.members} ms; ${r.breakdownMs.dues} ms; ${r.breakdownMs.workbook} ms |`,
    `| reading the file at validation (readPayrollFile, in process) | ${r.breakdownMs.readFile} ms |`,
    `| warm-up: a refused upload until INVALID (the runtime's first workflow start synthesizes the definitions) | ${r.warmupSeconds} s |`,
    `| upload answered (202) | ${r.uploadMs} ms |`,
    `| validation (upload to POSTING) | ${r.validationSeconds} s: ${r.rowsPerSecond.validation} rows/s${r.split ? '' : ' (no poll saw POSTING: upper bound)'} |`,
    `| posting (POSTING to COMPLETED) | ${r.postingSeconds} s: ${r.rowsPerSecond.posting} rows/s |`,
    `| end to end (upload to COMPLETED) | ${r.totalSeconds} s: ${r.rowsPerSecond.endToEnd} rows/s |`,
    ...(w
      ? [
          `| payroll row transactions during the upload | ${w.transactCalls} calls, ${round(w.transactItems / Math.max(1, w.transactCalls))} items each on average, ${w.transactConflicts} cancelled by conflicts |`,
        ]
      : []),
    ...rawRow('rawTransact8Payroll8', "raw TransactWriteItems, 8 payroll-row items, 8 clients (the Map's 8 chunks)"),
    ...rawRow('rawTransact8Payroll16', 'raw TransactWriteItems, 8 payroll-row items, 16 clients'),
    ...rawRow('rawTransact16', 'raw TransactWriteItems, 6 Puts, 16 clients'),
    ...(raw8
      ? [`| posting rows/s / raw 8-item tx/s at 8 clients | ${round(r.rowsPerSecond.posting / raw8.perSecond)} |`]
      : []),
    `| load average (1, 5, 15 min) at the start / at COMPLETED, ${os.cpus().length} CPUs | ${r.loadAverage.before.join(', ')} / ${r.loadAverage.after.join(', ')} |`,
    `| checks | COMPLETED, ${c.rowsPosted} rows posted; received = Total Due = ${naira(c.fileTotalDue)}; bank GL debit +${naira(c.bankDebitMoved)}; loans, interest and savings GL credits = the model's; GL totals balance (${naira(c.glDebitTotal)}); ${c.journals} journal; ${c.loansSampled} loans and ${c.plansSampled} plans sampled |`,
  ];
}
