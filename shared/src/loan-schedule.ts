import Decimal from 'decimal.js';
import { addMonths, isCalendarDate } from './dates.ts';
import { CALCULATION_METHODS } from './lookups.ts';
import { formatNaira } from './money.ts';
import { SCHEDULE_LINE_STATUS } from './statuses.ts';
import type { ScheduleLineStatus } from './statuses.ts';

/**
 * The loan schedule engine (DESIGN.md sections 3 and 5): builds monthly repayment schedules, applies
 * repayments to them, quotes a full payoff and restructures a loan after a part offset.
 *
 * Every amount is integer kobo. Interest is computed with decimal.js and rounded half-even to the
 * kobo; whatever rounding leaves over goes to the last installment, so a schedule's principal always
 * sums to the loan exactly. Rates are percent per annum; the monthly rate is annual / 12.
 */

/** 40 significant digits: a kobo on a ₦100bn loan is still far above the working precision. */
const Dec = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_EVEN });
type Dec = Decimal;

/** So that a typo in a tenure cannot make the API build millions of rows. */
export const MAX_TENURE_MONTHS = 1200;

type CalculationMethod = (typeof CALCULATION_METHODS)[number];
export type CalculationMethodId = CalculationMethod['id'];

/** The ids served by `/calculation-method`, by code: `CALCULATION_METHOD.FLAT` is 1. */
export const CALCULATION_METHOD = Object.fromEntries(CALCULATION_METHODS.map((m) => [m.code, m.id])) as {
  readonly [M in CalculationMethod as M['code']]: M['id'];
};

export type TenureUnit = 'month' | 'year';

/**
 * Thrown for input the engine cannot schedule. `field` names the loan application or offset field
 * at fault, so the API can answer 422 with `{ [field]: message }` without translating.
 */
export class LoanScheduleError extends Error {
  readonly code = 'VALIDATION' as const;
  readonly field: string;

  constructor(field: string, message: string) {
    super(message);
    this.name = 'LoanScheduleError';
    this.field = field;
  }
}

export interface ScheduleRow {
  /** 1 for the first installment. */
  n: number;
  /** YYYY-MM-DD. */
  payment_month: string;
  principal: number;
  interest: number;
  /** principal + interest. */
  payment: number;
  /** Principal still owed once this installment is paid. */
  balance: number;
}

export interface ScheduleTotals {
  principal: number;
  interest: number;
  payment: number;
}

export interface Schedule {
  rows: ScheduleRow[];
  totals: ScheduleTotals;
}

export interface ScheduleInput {
  /** number, a whole number above 0. */
  principal: number;
  /** Percent per annum, a number or a decimal string such as '12.5'; 0 or more. */
  annualRatePercent: number | string;
  /** Whole months or years, at least 1. */
  tenure: number;
  tenureUnit: TenureUnit;
  /** One of the `CALCULATION_METHOD` ids. */
  method: number;
  /** YYYY-MM-DD; later installments fall on the same day of each following month. */
  firstPaymentDate: string;
}

// ---------------------------------------------------------------------------------------------
// Validation

function fail(field: string, message: string): never {
  throw new LoanScheduleError(field, message);
}

function checkWholeKobo(value: number, field: string, what: string): void {
  if (!Number.isSafeInteger(value) || value <= 0) fail(field, `${what} must be a whole number of kobo above zero`);
}

function parseRate(value: number | string): Dec {
  const valid =
    typeof value === 'number'
      ? Number.isFinite(value) && value >= 0
      : typeof value === 'string' && /^\d+(\.\d+)?$/.test(value.trim());
  if (!valid) fail('interest_rate', 'The interest rate must be a number of percent per annum, 0 or more');
  return new Dec(typeof value === 'number' ? value : value.trim());
}

function tenureMonths(tenure: number, unit: TenureUnit, field: string): number {
  if (!Number.isInteger(tenure) || tenure < 1) fail(field, 'The tenure must be a whole number, at least 1');
  if (unit !== 'month' && unit !== 'year') fail('tenure_type', 'The tenure type must be Month(s) or Year(s)');
  const months = unit === 'year' ? tenure * 12 : tenure;
  if (months > MAX_TENURE_MONTHS) fail(field, `The tenure must not exceed ${MAX_TENURE_MONTHS / 12} years`);
  return months;
}

function checkMethod(method: number): CalculationMethodId {
  const known = CALCULATION_METHODS.find((m) => m.id === method);
  if (!known) fail('calculation_method_id', 'Please select a valid calculation method');
  return known.id;
}

/** The spec's tenure types ('Month(s)', 'Year(s)', and the form's default 'Months(s)') as a unit. */
export function tenureUnitOf(tenureType: string): TenureUnit {
  if (/^months?(\(s\))?$/i.test(tenureType.trim())) return 'month';
  if (/^years?(\(s\))?$/i.test(tenureType.trim())) return 'year';
  return fail('tenure_type', 'The tenure type must be Month(s) or Year(s)');
}

// ---------------------------------------------------------------------------------------------
// Dates

/** A calendar date (dates.ts) from the year 1000 on; the schedule's dates are counted from it. */
function checkDate(value: string, field: string): string {
  if (!isCalendarDate(value) || value < '1000') fail(field, 'The date must be a calendar date written YYYY-MM-DD');
  return value;
}

// ---------------------------------------------------------------------------------------------
// Arithmetic

function toKoboHalfEven(value: Dec): number {
  const rounded = value.toDecimalPlaces(0, Decimal.ROUND_HALF_EVEN);
  if (rounded.abs().greaterThan(Number.MAX_SAFE_INTEGER)) fail('loan_amount', 'The loan is too large to schedule');
  return rounded.toNumber();
}

/** One month's interest on a balance. Multiplying before the single division keeps exact halves exact. */
function monthlyInterest(balance: number, ratePercent: Dec): number {
  return toKoboHalfEven(ratePercent.times(balance).dividedBy(1200));
}

/**
 * `total` in `count` level shares with the remainder on the last. The share is total / count rounded
 * half-even; when that would hand out more than the total before the last share (only for amounts of
 * a few kobo per share, e.g. 17 kobo over 10 months), it is a kobo lower, so the last share is never
 * negative.
 */
function levelShares(total: number, count: number): number[] {
  let share = toKoboHalfEven(new Dec(total).dividedBy(count));
  if (share * (count - 1) > total) share -= 1;
  return [...Array<number>(count - 1).fill(share), total - share * (count - 1)];
}

interface Parts {
  principal: number[];
  interest: number[];
}

/** Flat rate: interest on the whole principal for the whole tenure, spread evenly like the principal. */
function flatParts(principal: number, ratePercent: Dec, months: number): Parts {
  const totalInterest = toKoboHalfEven(ratePercent.times(principal).times(months).dividedBy(1200));
  return { principal: levelShares(principal, months), interest: levelShares(totalInterest, months) };
}

/** Reducing balance, equal principal: level principal, each month's interest on the balance before it. */
function equalPrincipalParts(principal: number, ratePercent: Dec, months: number): Parts {
  const shares = levelShares(principal, months);
  let balance = principal;
  const interest = shares.map((share) => {
    const due = monthlyInterest(balance, ratePercent);
    balance -= share;
    return due;
  });
  return { principal: shares, interest };
}

/** The annuity installment P·r / (1 − (1 + r)^−n), r the monthly rate, unrounded. */
export function annuityPayment(principal: number, ratePercent: Dec | number | string, months: number): Dec {
  const rate = new Dec(ratePercent).dividedBy(1200);
  if (rate.isZero()) return new Dec(principal).dividedBy(months);
  return rate.times(principal).dividedBy(new Dec(1).minus(rate.plus(1).pow(-months)));
}

/**
 * Runs a level installment against the balance; undefined when it would repay the loan before the
 * last month (a row whose principal exceeds the balance left).
 */
function amortise(principal: number, ratePercent: Dec, months: number, installment: number): Parts | undefined {
  const parts: Parts = { principal: [], interest: [] };
  let balance = principal;
  for (let month = 1; month < months; month++) {
    const interest = monthlyInterest(balance, ratePercent);
    const repaid = installment - interest;
    if (repaid > balance) return undefined;
    parts.interest.push(interest);
    parts.principal.push(repaid);
    balance -= repaid;
  }
  parts.interest.push(monthlyInterest(balance, ratePercent));
  parts.principal.push(balance);
  return parts;
}

/**
 * Reducing balance, equal installments (annuity). The installment is the annuity formula rounded
 * half-even; the last row takes whatever balance is left. When rounding up would repay the loan
 * before its last month, the installment is lowered a kobo at a time until the last row still has
 * principal to pay. It never falls below the first month's interest, so no row repays negative
 * principal.
 *
 * The half-kobo of rounding compounds at the monthly rate over the tenure. For the rates and tenures
 * cooperatives lend at (40% over 10 years, say) the last row differs from the others by about a naira;
 * at extreme combinations (60% and more over 30 years and more) the installment barely exceeds the
 * interest and the last row becomes a large balloon. The property tests pin the rule that holds
 * everywhere: one kobo more on the installment would repay the loan before its last month.
 */
function annuityParts(principal: number, ratePercent: Dec, months: number): Parts {
  if (ratePercent.isZero())
    return { principal: levelShares(principal, months), interest: Array<number>(months).fill(0) };
  for (let installment = toKoboHalfEven(annuityPayment(principal, ratePercent, months)); ; installment--) {
    const parts = amortise(principal, ratePercent, months, installment);
    if (parts) return parts;
  }
}

function partsFor(method: CalculationMethodId, principal: number, ratePercent: Dec, months: number): Parts {
  switch (method) {
    case CALCULATION_METHOD.FLAT:
      return flatParts(principal, ratePercent, months);
    case CALCULATION_METHOD.REDUCING_EQUAL_INSTALLMENT:
      return annuityParts(principal, ratePercent, months);
    case CALCULATION_METHOD.REDUCING_EQUAL_PRINCIPAL:
      return equalPrincipalParts(principal, ratePercent, months);
  }
}

function totalsOf(rows: readonly ScheduleRow[]): ScheduleTotals {
  const totals = { principal: 0, interest: 0, payment: 0 };
  for (const row of rows) {
    totals.principal += row.principal;
    totals.interest += row.interest;
    totals.payment += row.payment;
  }
  if (!Number.isSafeInteger(totals.payment)) fail('loan_amount', 'The loan is too large to schedule');
  return totals;
}

/** A monthly repayment schedule for a new loan, or for the remainder of a restructured one. */
export function buildSchedule(input: ScheduleInput): Schedule {
  checkWholeKobo(input.principal, 'loan_amount', 'The loan amount');
  const ratePercent = parseRate(input.annualRatePercent);
  const months = tenureMonths(input.tenure, input.tenureUnit, 'tenure');
  const method = checkMethod(input.method);
  const first = checkDate(input.firstPaymentDate, 'payment_start_date');

  const parts = partsFor(method, input.principal, ratePercent, months);
  let balance = input.principal;
  const rows = parts.principal.map((principal, i): ScheduleRow => {
    const interest = parts.interest[i] ?? 0;
    balance -= principal;
    // From the first date each time, never from the previous row: 31 January, 28/29 February, 31 March.
    return {
      n: i + 1,
      payment_month: addMonths(first, i),
      principal,
      interest,
      payment: principal + interest,
      balance,
    };
  });
  return { rows, totals: totalsOf(rows) };
}

// ---------------------------------------------------------------------------------------------
// Repayments

/** A stored schedule row with what has been paid on it. */
export interface LoanRow extends ScheduleRow {
  principal_paid: number;
  interest_paid: number;
  /** 1 once the row's interest and principal are both paid in full. */
  is_paid: ScheduleLineStatus;
}

/** What one repayment, payoff or offset put on one row. */
export interface RowAllocation {
  n: number;
  interest: number;
  principal: number;
}

export interface Outstanding {
  /** Principal not yet repaid. */
  outstandingPrincipal: number;
  /** Scheduled interest not yet paid, including months still to come. */
  outstandingInterest: number;
  /** Everything the schedule still asks for; the loan is complete when this is 0. */
  outstanding: number;
}

export interface RepaymentResult extends Outstanding {
  rows: LoanRow[];
  /** Rows that received money, oldest first. */
  allocations: RowAllocation[];
  /** Money left once every row is paid: an overpayment for the caller to return or keep. */
  leftover: number;
}

/** Schedule rows as stored for a new loan: nothing paid yet. */
export function openRows(rows: readonly ScheduleRow[]): LoanRow[] {
  return rows.map((row) => ({ ...row, principal_paid: 0, interest_paid: 0, is_paid: SCHEDULE_LINE_STATUS.NOT_PAID }));
}

function checkRows(rows: readonly LoanRow[]): LoanRow[] {
  const sorted = [...rows].sort((a, b) => a.n - b.n);
  for (const row of sorted) {
    const whole = [row.principal, row.interest, row.principal_paid, row.interest_paid].every(
      (v) => Number.isSafeInteger(v) && v >= 0,
    );
    if (!whole || row.principal_paid > row.principal || row.interest_paid > row.interest) {
      // Stored rows, not user input: a server fault rather than a 422.
      throw new Error(`Schedule row ${row.n} has amounts that are not whole kobo or exceed its installment`);
    }
  }
  return sorted;
}

function outstandingOf(rows: readonly LoanRow[]): Outstanding {
  let principal = 0;
  let interest = 0;
  for (const row of rows) {
    if (row.is_paid === SCHEDULE_LINE_STATUS.PAID) continue;
    principal += row.principal - row.principal_paid;
    interest += row.interest - row.interest_paid;
  }
  return { outstandingPrincipal: principal, outstandingInterest: interest, outstanding: principal + interest };
}

/**
 * Applies a repayment (payroll deduction, offset) to a loan's rows. Money goes to the oldest unpaid
 * row first, and within a row to its interest before its principal: interest already earned is
 * settled before the balance it was earned on, and no row is left with interest in arrears while a
 * later one is paid. A row whose interest and principal are both covered becomes is_paid 1. Rows
 * already marked paid are left alone. The input is not changed.
 */
export function applyRepayment(rows: readonly LoanRow[], amount: number): RepaymentResult {
  checkWholeKobo(amount, 'amount', 'The repayment');
  let left = amount;
  const allocations: RowAllocation[] = [];
  let blocked = false;
  const updated = checkRows(rows).map((row): LoanRow => {
    if (row.is_paid === SCHEDULE_LINE_STATUS.PAID || blocked) return { ...row };
    const interest = Math.min(left, row.interest - row.interest_paid);
    const principal = Math.min(left - interest, row.principal - row.principal_paid);
    left -= interest + principal;
    if (interest + principal > 0) allocations.push({ n: row.n, interest, principal });
    const next = {
      ...row,
      interest_paid: row.interest_paid + interest,
      principal_paid: row.principal_paid + principal,
    };
    const paid = next.interest_paid === row.interest && next.principal_paid === row.principal;
    blocked = !paid;
    return { ...next, is_paid: paid ? SCHEDULE_LINE_STATUS.PAID : SCHEDULE_LINE_STATUS.NOT_PAID };
  });
  return { rows: updated, allocations, leftover: left, ...outstandingOf(updated) };
}

// ---------------------------------------------------------------------------------------------
// Offsets

export interface PayoffQuote {
  /** YYYY-MM-DD, the day the money is received. */
  date: string;
  /** All principal not yet repaid. */
  principal: number;
  /** Interest due on that day (see `payoffQuote`). */
  interest: number;
  /** principal + interest. */
  amount: number;
}

/**
 * Unpaid interest that is due on `date`, per row: in full for rows whose payment date is on or before
 * `date`, in full for the month in progress (the first row due after `date`, unless `date` is itself
 * a payment date and so the day that month begins), and none for later months.
 */
function interestDueOn(rows: readonly LoanRow[], date: string): Map<number, number> {
  const due = new Map<number, number>();
  let previousDate: string | undefined;
  let inProgressFound = false;
  for (const row of rows) {
    const isDue = row.payment_month <= date;
    const inProgress = !isDue && !inProgressFound && previousDate !== date;
    if (!isDue) inProgressFound = true;
    if (row.is_paid === SCHEDULE_LINE_STATUS.NOT_PAID && (isDue || inProgress))
      due.set(row.n, row.interest - row.interest_paid);
    previousDate = row.payment_month;
  }
  return due;
}

/**
 * What it costs to settle a loan in full on `date` (offset type 2): all unpaid principal, plus the
 * unpaid interest of every installment due on or before `date`, plus the interest of the month in
 * progress, charged in full. Interest of later months is not charged.
 *
 * Why this rule: the monthly rate is the only rate the cooperative sets (DESIGN.md section 3), so
 * interest is earned by the month, with no day count to argue about; a month that has started was
 * lent for, and a month that has not started was not. A payoff on a payment date owes nothing for
 * the month that begins that day. The same rule applies to every calculation method, so a flat-rate
 * loan repaid early is not charged interest for months it no longer runs.
 */
export function payoffQuote(rows: readonly LoanRow[], date: string): PayoffQuote {
  checkDate(date, 'date');
  const sorted = checkRows(rows);
  const { outstandingPrincipal } = outstandingOf(sorted);
  let interest = 0;
  for (const amount of interestDueOn(sorted, date).values()) interest += amount;
  return { date, principal: outstandingPrincipal, interest, amount: outstandingPrincipal + interest };
}

export interface SettledRows {
  /**
   * The rows as they stand once settled: each one that received money is is_paid 1, and its
   * principal, interest and payment are what it actually received (interest not charged is dropped,
   * so the stored schedule still adds up to what the member paid). A row settled ahead of its date
   * takes the settlement date as its payment_month, so dates never run backwards when a restructured
   * schedule follows, and a later payoff finds the month in progress. Open rows after the last one
   * that received money are left out (a restructured schedule replaces them); `balance` is the
   * loan's principal still owed after each row.
   */
  rows: LoanRow[];
  allocations: RowAllocation[];
}

/**
 * Closes the unpaid rows: each gets the interest due on `date` and, oldest first, as much of
 * `principalPaid` as its principal still needs.
 */
function settleRows(rows: LoanRow[], date: string, principalPaid: number): SettledRows {
  const interestDue = interestDueOn(rows, date);
  const loanPrincipal = rows.reduce((sum, row) => sum + row.principal, 0);
  let principalLeft = principalPaid;
  let repaid = 0;
  let kept = 0;
  const settled: LoanRow[] = [];
  const allocations: RowAllocation[] = [];
  for (const row of rows) {
    let closed: LoanRow = row;
    if (row.is_paid === SCHEDULE_LINE_STATUS.NOT_PAID) {
      const interest = interestDue.get(row.n) ?? 0;
      const principal = Math.min(principalLeft, row.principal - row.principal_paid);
      principalLeft -= principal;
      if (interest + principal > 0) allocations.push({ n: row.n, interest, principal });
      const principalTotal = row.principal_paid + principal;
      const interestTotal = row.interest_paid + interest;
      closed = {
        ...row,
        payment_month: row.payment_month < date ? row.payment_month : date,
        principal: principalTotal,
        interest: interestTotal,
        payment: principalTotal + interestTotal,
        principal_paid: principalTotal,
        interest_paid: interestTotal,
        is_paid: SCHEDULE_LINE_STATUS.PAID,
      };
    }
    repaid += closed.principal;
    settled.push({ ...closed, balance: loanPrincipal - repaid });
    if (row.is_paid === SCHEDULE_LINE_STATUS.PAID || closed.payment > 0) kept = settled.length;
  }
  return { rows: settled.slice(0, kept), allocations };
}

export interface PayoffResult extends SettledRows {
  quote: PayoffQuote;
}

/** Settles a loan in full on `date` (offset type 2) at the `payoffQuote` amount; the loan is then complete. */
export function payOff(rows: readonly LoanRow[], date: string): PayoffResult {
  const quote = payoffQuote(rows, date);
  return { quote, ...settleRows(checkRows(rows), date, quote.principal) };
}

export interface RestructureInput {
  rows: readonly LoanRow[];
  /** YYYY-MM-DD, the day the offset is received. */
  date: string;
  /** number paid now. */
  offsetAmount: number;
  /** The loan's own rate and method: a restructure changes the tenure, not the price. */
  annualRatePercent: number | string;
  method: number;
  /** The restructure tenure. */
  tenure: number;
  tenureUnit: TenureUnit;
  /** The repayment start date of the new schedule, after `date`. */
  firstPaymentDate: string;
}

export interface RestructureResult extends SettledRows {
  /** The payoff quote on `date`, for reference: its interest is what the offset settles first. */
  quote: PayoffQuote;
  interestPaid: number;
  principalPaid: number;
  /** The principal re-amortised by `schedule`. */
  newPrincipal: number;
  /** The new installments; their `n` continues after the settled rows. */
  schedule: Schedule;
}

/**
 * A part offset (offset types 1 and 3). The amount first pays the interest due on `date` under the
 * payoff rule (arrears and the month in progress), then principal, oldest row first. The principal
 * still owed is re-amortised over the restructure tenure from the new repayment start date, with the
 * loan's method and rate. Stored as `rows` followed by `schedule.rows`, the loan's principal still
 * sums to the amount lent and its balance still runs down to 0.
 *
 * The offset must cover that interest, so that unpaid interest is never turned into principal, and
 * must be less than the payoff amount: an offset that settles everything is a full payoff (type 2).
 */
export function restructure(input: RestructureInput): RestructureResult {
  checkWholeKobo(input.offsetAmount, 'offset_amount', 'The amount to offset');
  const quote = payoffQuote(input.rows, input.date);
  if (input.offsetAmount < quote.interest) {
    fail('offset_amount', `The amount to offset must at least cover the interest due (${formatNaira(quote.interest)})`);
  }
  if (input.offsetAmount >= quote.amount) {
    fail('offset_amount', 'The amount to offset settles the whole loan: use a full payoff instead');
  }
  tenureMonths(input.tenure, input.tenureUnit, 'restructure_tenure');
  checkDate(input.firstPaymentDate, 'payment_start_date');
  if (input.firstPaymentDate <= input.date)
    fail('payment_start_date', 'The repayment start date must be after the offset date');

  const principalPaid = input.offsetAmount - quote.interest;
  const newPrincipal = quote.principal - principalPaid;
  const settled = settleRows(checkRows(input.rows), input.date, principalPaid);
  const fresh = buildSchedule({
    principal: newPrincipal,
    annualRatePercent: input.annualRatePercent,
    tenure: input.tenure,
    tenureUnit: input.tenureUnit,
    method: input.method,
    firstPaymentDate: input.firstPaymentDate,
  });
  const offset = settled.rows.at(-1)?.n ?? 0;
  const schedule = { rows: fresh.rows.map((row) => ({ ...row, n: row.n + offset })), totals: fresh.totals };
  return { quote, interestPaid: quote.interest, principalPaid, newPrincipal, schedule, ...settled };
}
