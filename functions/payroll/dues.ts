import type { LoanRow } from '@coopledger/shared/loan-schedule';
import type { PayrollRepaymentType } from '@coopledger/shared/schemas/payroll';
import type { Frequency } from '@coopledger/shared/schemas/savings';
import { setupRecords } from '../setup/setup-entity.ts';
import type { LoanRecord } from '../loans/loan-entity.ts';
import type { MemberRecord } from '../members/member-store.ts';
import { listMembers } from '../members/member-store.ts';
import type { MemberSummary } from '../members/member-summary-entity.ts';
import { memberSummaries } from '../members/member-summary-entity.ts';
import { fullName, scheduleDates } from '../savings/plans.ts';
import type { DueItems, DueLoan, DueOrder, DuePlan } from './due-entity.ts';
import { eachDuePage, owedByDate } from './due-entity.ts';
import { LOAN_REPAYMENT_STATUS, LOAN_STATUS, MEMBER_STATUS, isActive } from '@coopledger/shared/statuses';

/**
 * What each member owes for a payroll period (docs/decisions.md "Payroll deductions"):
 *  - Savings (Salary runs only; savings are deducted from salary): every active plan open during
 *    the period owes its contribution (`amount`) once per step of its frequency from its start date
 *    that falls in the period (a monthly plan once a month; a Targeted plan's steps are its
 *    schedule's dates).
 *  - Loans of the run's repayment type, approved and not completed: the principal and interest
 *    still unpaid on the installments due on or before the period's end (arrears included).
 *  - Store orders paid by payroll deduction (Salary runs only): what is still owed on their monthly
 *    installments due on or before the period's end (arrears included).
 * Amounts are kobo. The plans and loans are read from the payroll due items (due-entity.ts): only
 * active plans and repaying loans, each loan with what it owes by payment date, never a schedule.
 */

export interface PlanDue {
  plan_id: string;
  product_id: string;
  product_name: string;
  due: number;
}

export interface LoanDue {
  loan_id: string;
  product_id: string;
  product_name: string;
  due: number;
}

export interface OrderDue {
  order_id: string;
  order_no: string;
  due: number;
}

export interface MemberDues {
  member_id: string;
  staff_id: string;
  name: string;
  department: string;
  plans: PlanDue[];
  loans: LoanDue[];
  /** Store orders paid by payroll deduction. */
  orders: OrderDue[];
  total: number;
  /** The plan an amount above what is due goes to: the oldest active plan (not Targeted when there is another). */
  primary_plan_id: string | null;
}

export interface Period {
  start_date: string;
  end_date: string;
  repayment_type: PayrollRepaymentType;
}

/** Contribution steps of a plan that fall inside the period. */
export function planSteps(
  plan: { start_date: string; end_date: string; frequency: Frequency },
  period: Pick<Period, 'start_date' | 'end_date'>,
): number {
  if (plan.start_date > period.end_date || plan.end_date < period.start_date) return 0;
  const last = plan.end_date < period.end_date ? plan.end_date : period.end_date;
  return scheduleDates(plan.start_date, last, plan.frequency).filter((date) => date >= period.start_date).length;
}

const planDue = (
  plan: Pick<DuePlan, 'start_date' | 'end_date' | 'frequency' | 'amount'>,
  period: Pick<Period, 'start_date' | 'end_date'>,
) => planSteps(plan, period) * plan.amount;

/** What is still owed on the unpaid installments due on or before `end` (from a loan's `owed_by_date`). */
export function owedOnOrBefore(owed: Readonly<Record<string, number>>, end: string): number {
  let due = 0;
  for (const [date, amount] of Object.entries(owed)) if (date <= end) due += amount;
  return due;
}

/** Principal and interest unpaid on the installments of a schedule due on or before `end`. */
export const loanDueBy = (rows: readonly LoanRow[], end: string): number => owedOnOrBefore(owedByDate(rows), end);

export const isRepaying = (loan: Pick<LoanRecord, 'status' | 'is_paid'>) =>
  loan.status === LOAN_STATUS.APPROVED && loan.is_paid !== LOAN_REPAYMENT_STATUS.COMPLETED;

type PlanOrder = { id: string; start_date: string; status: number; is_target: boolean };
const byStart = (a: PlanOrder, b: PlanOrder) => a.start_date.localeCompare(b.start_date) || a.id.localeCompare(b.id);

/** The plan that takes an excess: the oldest active plan that is not Targeted, else the oldest active one. */
export function primaryPlan<P extends PlanOrder>(plans: readonly P[]): P | undefined {
  const active = plans.filter((p) => isActive(p.status)).sort(byStart);
  return active.find((p) => !p.is_target) ?? active[0];
}

type Owed = Pick<MemberDues, 'plans' | 'loans' | 'orders' | 'total' | 'primary_plan_id'>;

/**
 * What one member owes from their active plans, repaying loans and payroll-paid store orders (as
 * their payroll due items hold them).
 */
function owedBy(
  plans: readonly DuePlan[],
  loans: readonly DueLoan[],
  orders: readonly DueOrder[],
  period: Period,
): Owed {
  const planDues: PlanDue[] =
    period.repayment_type === 'Salary'
      ? plans
          .filter((p) => isActive(p.status))
          .sort(byStart)
          .map((p) => ({
            plan_id: p.id,
            product_id: String(p.product_id),
            product_name: p.product_name,
            due: planDue(p, period),
          }))
          .filter((p) => p.due > 0)
      : [];
  const loanDues: LoanDue[] = loans
    .filter((l) => (l.repayment_type ?? 'Salary') === period.repayment_type)
    .sort((a, b) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id))
    .map((l) => ({
      loan_id: l.id,
      product_id: String(l.product_id),
      product_name: l.product_name,
      due: owedOnOrBefore(l.owed_by_date, period.end_date),
    }))
    .filter((l) => l.due > 0);
  const orderDues: OrderDue[] =
    period.repayment_type === 'Salary'
      ? [...orders]
          .sort((a, b) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id))
          .map((o) => ({ order_id: o.id, order_no: o.order_no, due: owedOnOrBefore(o.owed_by_date, period.end_date) }))
          .filter((o) => o.due > 0)
      : [];
  const sum = (dues: readonly { due: number }[]) => dues.reduce((s, d) => s + d.due, 0);
  return {
    plans: planDues,
    loans: loanDues,
    orders: orderDues,
    total: sum(planDues) + sum(loanDues) + sum(orderDues),
    primary_plan_id: primaryPlan(plans)?.id ?? null,
  };
}

type DuePerson = Pick<MemberSummary, 'id' | 'firstname' | 'middlename' | 'lastname' | 'staff_id'>;
const personOf = (member: DuePerson, department: string) => ({
  member_id: member.id,
  staff_id: member.staff_id ?? '',
  name: fullName(member),
  department,
});

/** One member's dues from their active plans, repaying loans and payroll-paid store orders. */
export function memberDues(
  member: DuePerson,
  department: string,
  plans: readonly DuePlan[],
  loans: readonly DueLoan[],
  period: Period,
  orders: readonly DueOrder[] = [],
): MemberDues {
  return { ...personOf(member, department), ...owedBy(plans, loans, orders, period) };
}

export interface CooperativeDues {
  /** Every active member's dues (with nothing due too), by member number. */
  byMember: Map<string, MemberDues>;
  /** Every member of the cooperative (inactive ones too), by member number and by staff ID (upper case). */
  members: Map<string, MemberRecord>;
  byStaffId: Map<string, MemberRecord>;
}

type MemberItems = { plans: DuePlan[]; loans: DueLoan[]; orders: DueOrder[] };

/** Payroll due items grouped by member number as their pages arrive; `add` returns the members first seen. */
function dueItemsByMember() {
  const byMember = new Map<string, MemberItems>();
  const of = (memberId: string, seen: string[]) => {
    let found = byMember.get(memberId);
    if (!found) {
      found = { plans: [], loans: [], orders: [] };
      byMember.set(memberId, found);
      seen.push(memberId);
    }
    return found;
  };
  return {
    byMember,
    add({ plans, loans, orders }: DueItems): string[] {
      const seen: string[] = [];
      for (const plan of plans) of(plan.member_id, seen).plans.push(plan);
      for (const loan of loans) of(loan.member_id, seen).loans.push(loan);
      for (const order of orders) of(order.member_id, seen).orders.push(order);
      return seen;
    },
  };
}

async function departmentNames(tenant: string): Promise<Map<string, string>> {
  const departments = await setupRecords.department.list(tenant);
  return new Map(departments.map((d) => [String(d.id), String(d.name)]));
}

const departmentOf = (names: Map<string, string>, member: Pick<MemberSummary, 'work_info'>) =>
  names.get(String(member.work_info?.department_id ?? '')) ?? '';

/**
 * The dues of every active member of the cooperative for the period, for the upload's validation
 * (which finds the file's members by number or staff ID): one Query of the members, the payroll
 * due items (one Query a partition) and the departments.
 */
export async function cooperativeDues(tenant: string, period: Period): Promise<CooperativeDues> {
  const grouped = dueItemsByMember();
  const [members, departments] = await Promise.all([
    listMembers(tenant),
    departmentNames(tenant),
    eachDuePage(tenant, (page) => grouped.add(page)),
  ]);
  const itemsOf = grouped.byMember;
  const byMember = new Map<string, MemberDues>();
  const all = new Map<string, MemberRecord>();
  const byStaffId = new Map<string, MemberRecord>();
  for (const member of members) {
    all.set(member.id.toUpperCase(), member);
    if (member.staff_id) byStaffId.set(member.staff_id.trim().toUpperCase(), member);
    if (member.status !== MEMBER_STATUS.APPROVED) continue;
    const items = itemsOf.get(member.id) ?? { plans: [], loans: [], orders: [] };
    byMember.set(
      member.id,
      memberDues(member, departmentOf(departments, member), items.plans, items.loans, period, items.orders),
    );
  }
  return { byMember, members: all, byStaffId };
}

const names = new Intl.Collator();
const byName = (a: MemberDues, b: MemberDues) =>
  names.compare(a.name, b.name) || a.member_id.localeCompare(b.member_id);

/**
 * The payroll file's members: the active members with something due in the period, by name. The
 * payroll due items give who owes what; the members they name are read (BatchGetItem of their names,
 * staff ID, department and status) page by page as the due items arrive, so the two reads overlap.
 */
export async function payrollDues(tenant: string, period: Period): Promise<MemberDues[]> {
  const grouped = dueItemsByMember();
  const summaryReads: Promise<MemberSummary[]>[] = [];
  const readSummaries = (ids: string[]) => {
    const read = memberSummaries(tenant, ids);
    // Awaited below with the others; marked handled now so a failure while pages still arrive is not unhandled.
    read.catch(() => undefined);
    summaryReads.push(read);
  };
  const [departments] = await Promise.all([
    departmentNames(tenant),
    eachDuePage(tenant, (page) => {
      const seen = grouped.add(page);
      if (seen.length > 0) readSummaries(seen);
    }),
  ]);
  const due: MemberDues[] = [];
  for (const member of (await Promise.all(summaryReads)).flat()) {
    if (member.status !== MEMBER_STATUS.APPROVED) continue;
    const items = grouped.byMember.get(member.id);
    if (!items) continue;
    const owed = owedBy(items.plans, items.loans, items.orders, period);
    if (owed.total > 0) due.push({ ...personOf(member, departmentOf(departments, member)), ...owed });
  }
  return due.sort(byName);
}
