import type { LoanRow } from '@coopledger/shared/loan-schedule';
import type { PayrollRepaymentType } from '@coopledger/shared/schemas/payroll';
import type { Frequency } from '@coopledger/shared/schemas/savings';
import { setupRecords } from '../setup/setup-entity.ts';
import type { LoanRecord } from '../loans/loan-store.ts';
import { cooperativeLoans } from '../loans/loan-store.ts';
import type { MemberRecord } from '../members/member-store.ts';
import { listMembers } from '../members/member-store.ts';
import type { PlanRecord } from '../savings/plan-entity.ts';
import { fullName, scheduleDates } from '../savings/plans.ts';
import { cooperativePlans } from '../savings/plan-entity.ts';
import {
  LOAN_REPAYMENT_STATUS,
  LOAN_STATUS,
  MEMBER_STATUS,
  SCHEDULE_LINE_STATUS,
  isActive,
} from '@coopledger/shared/statuses';

/**
 * What each member owes for a payroll period (docs/decisions.md "Payroll deductions"):
 *  - Savings (Salary runs only; savings are deducted from salary): every active plan open during
 *    the period owes its contribution (`amount`) once per step of its frequency from its start date
 *    that falls in the period (a monthly plan once a month; a Targeted plan's steps are its
 *    schedule's dates).
 *  - Loans of the run's repayment type, approved and not completed: the principal and interest
 *    still unpaid on the installments due on or before the period's end (arrears included).
 * Amounts are kobo.
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

export interface MemberDues {
  member_id: string;
  staff_id: string;
  name: string;
  department: string;
  plans: PlanDue[];
  loans: LoanDue[];
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
  plan: Pick<PlanRecord, 'start_date' | 'end_date' | 'frequency' | 'amount'>,
  period: Pick<Period, 'start_date' | 'end_date'>,
) => planSteps(plan, period) * plan.amount;

/** Principal and interest unpaid on the installments due on or before `end`. */
export function loanDueBy(rows: readonly LoanRow[], end: string): number {
  let due = 0;
  for (const row of rows) {
    if (row.is_paid === SCHEDULE_LINE_STATUS.PAID || row.payment_month > end) continue;
    due += row.principal - row.principal_paid + (row.interest - row.interest_paid);
  }
  return due;
}

export const isRepaying = (loan: Pick<LoanRecord, 'status' | 'is_paid'>) =>
  loan.status === LOAN_STATUS.APPROVED && loan.is_paid !== LOAN_REPAYMENT_STATUS.COMPLETED;

const byStart = (a: PlanRecord, b: PlanRecord) => a.start_date.localeCompare(b.start_date) || a.id.localeCompare(b.id);

/** The plan that takes an excess: the oldest active plan that is not Targeted, else the oldest active one. */
export function primaryPlan(plans: readonly PlanRecord[]): PlanRecord | undefined {
  const active = plans.filter((p) => isActive(p.status)).sort(byStart);
  return active.find((p) => !p.is_target) ?? active[0];
}

/** One member's dues from their plans and loans. */
export function memberDues(
  member: MemberRecord,
  department: string,
  plans: PlanRecord[],
  loans: LoanRecord[],
  period: Period,
): MemberDues {
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
    .filter((l) => isRepaying(l) && (l.repayment_type ?? 'Salary') === period.repayment_type)
    .sort((a, b) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id))
    .map((l) => ({
      loan_id: l.id,
      product_id: String(l.product_id),
      product_name: l.product_name,
      due: loanDueBy(l.schedule, period.end_date),
    }))
    .filter((l) => l.due > 0);
  const total = planDues.reduce((s, p) => s + p.due, 0) + loanDues.reduce((s, l) => s + l.due, 0);
  return {
    member_id: member.id,
    staff_id: member.staff_id ?? '',
    name: fullName(member),
    department,
    plans: planDues,
    loans: loanDues,
    total,
    primary_plan_id: primaryPlan(plans)?.id ?? null,
  };
}

export interface CooperativeDues {
  /** Active members with something due, by name. */
  due: MemberDues[];
  /** Every active member's dues (with nothing due too), by member number. */
  byMember: Map<string, MemberDues>;
  /** Every member of the cooperative (inactive ones too), by member number and by staff ID (upper case). */
  members: Map<string, MemberRecord>;
  byStaffId: Map<string, MemberRecord>;
}

/**
 * The dues of every active member of the cooperative for the period: one Query each for the
 * members, the plans and the loans of the cooperative, and the departments.
 */
export async function cooperativeDues(tenant: string, period: Period): Promise<CooperativeDues> {
  const [members, plans, loans, departments] = await Promise.all([
    listMembers(tenant),
    cooperativePlans(tenant),
    cooperativeLoans(tenant),
    setupRecords.department.list(tenant),
  ]);
  const departmentName = new Map(departments.map((d) => [String(d.id), String(d.name)]));
  const plansOf = new Map<string, PlanRecord[]>();
  for (const plan of plans) plansOf.set(plan.member_id, [...(plansOf.get(plan.member_id) ?? []), plan]);
  const loansOf = new Map<string, LoanRecord[]>();
  for (const loan of loans) loansOf.set(loan.member_id, [...(loansOf.get(loan.member_id) ?? []), loan]);
  const byMember = new Map<string, MemberDues>();
  const all = new Map<string, MemberRecord>();
  const byStaffId = new Map<string, MemberRecord>();
  for (const member of members) {
    all.set(member.id.toUpperCase(), member);
    if (member.staff_id) byStaffId.set(member.staff_id.trim().toUpperCase(), member);
    if (member.status !== MEMBER_STATUS.APPROVED) continue;
    const department = departmentName.get(String(member.work_info?.department_id ?? '')) ?? '';
    byMember.set(
      member.id,
      memberDues(member, department, plansOf.get(member.id) ?? [], loansOf.get(member.id) ?? [], period),
    );
  }
  const due = [...byMember.values()]
    .filter((d) => d.total > 0)
    .sort((a, b) => a.name.localeCompare(b.name) || a.member_id.localeCompare(b.member_id));
  return { due, byMember, members: all, byStaffId };
}
