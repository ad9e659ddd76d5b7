import type { LoanRow } from '@coopledger/shared/loan-schedule';
import type { LoanView, ScheduleRowView, SuretyView } from '@coopledger/shared/loan-views';
import { toNaira } from '@coopledger/shared/money';
import { LOAN_REPAYMENT_STATUS, LOAN_STATUS, SCHEDULE_LINE_STATUS } from '@coopledger/shared/statuses';
import type { LoanRecord } from './loan-entity.ts';
import { findLoan } from './loan-entity.ts';
import type { SuretyRecord } from './surety-entity.ts';
import { suretiesByIds } from './surety-entity.ts';

/**
 * Loans and surety requests as the API shows them, and the rules read off a loan (running,
 * outstanding). The stored items, their keys, queries and changes are the entity modules'
 * (loan-entity.ts, surety-entity.ts, docs/data-model.md "Loans"); their names are also exported
 * from here for the modules outside loans that read loans (payroll, reports, savings, core/access).
 */

export type {
  LoanStatus,
  LoanView,
  PaidStatus,
  ScheduleRowView,
  SuretyStatus,
  SuretyView,
} from '@coopledger/shared/loan-views';
export type { LoanRecord } from './loan-entity.ts';
export { cooperativeLoans, findLoan, loanRepaymentUpdate, loansByIds, memberLoans } from './loan-entity.ts';
export type { SuretyRecord } from './surety-entity.ts';
export { cooperativeSureties, memberSureties, suretiesByIds } from './surety-entity.ts';

/** Pending, or approved and not completed: the loans that count as running for the eligibility rules. */
export const isRunning = (loan: Pick<LoanRecord, 'status' | 'is_paid'>) =>
  loan.status === LOAN_STATUS.PENDING ||
  (loan.status === LOAN_STATUS.APPROVED && loan.is_paid !== LOAN_REPAYMENT_STATUS.COMPLETED);

/** Principal and interest still unpaid on a schedule, kobo. */
export function outstandingOf(rows: readonly LoanRow[]): number {
  let left = 0;
  for (const row of rows) {
    if (row.is_paid === SCHEDULE_LINE_STATUS.PAID) continue;
    left += row.principal - row.principal_paid + (row.interest - row.interest_paid);
  }
  return left;
}

export const presentSurety = (s: SuretyRecord): SuretyView => ({
  id: s.id,
  member_id: s.member_id,
  member: { id: s.member_id, name: s.member_name },
  status: s.status,
});

export function presentLoan(loan: LoanRecord, sureties: SuretyRecord[]): LoanView {
  return {
    id: loan.id,
    member_id: loan.member_id,
    member: {
      id: loan.member_id,
      name: loan.member_name,
      firstname: loan.member.firstname,
      lastname: loan.member.lastname,
    },
    product: { id: loan.product_id, name: loan.product_name },
    loan_product_id: loan.product_id,
    loan_amount: toNaira(loan.loan_amount),
    total_interest: toNaira(loan.total_interest),
    total_amount: toNaira(loan.total_amount),
    loan_balance: toNaira(
      loan.is_paid === LOAN_REPAYMENT_STATUS.COMPLETED && loan.status === LOAN_STATUS.APPROVED ? 0 : loan.loan_balance,
    ),
    tenure: loan.tenure,
    tenure_type: loan.tenure_type,
    interest_rate: loan.interest_rate,
    calculation_method_id: loan.calculation_method_id,
    charge_id: loan.charge_id,
    charge_amount: toNaira(loan.charge_amount),
    penal_charge: loan.penal_charge,
    penal_type: loan.penal_type ?? null,
    upfront: loan.upfront,
    upfront_amount: toNaira(loan.upfront_amount),
    paid_out: toNaira(loan.loan_amount - loan.charge_amount - loan.upfront_amount),
    source: loan.source,
    repayment_type: loan.repayment_type,
    payment_start_date: loan.payment_start_date,
    date: loan.date,
    status: loan.status,
    is_paid: loan.is_paid,
    bank_id: loan.bank_id ?? null,
    created_by: loan.created_by,
    first_approval: loan.first_approval ?? null,
    approved_by: loan.approved_by ?? null,
    approved_at: loan.approved_at ?? null,
    created_at: loan.created_at,
    sureties: loan.surety_ids.flatMap((id) => sureties.filter((s) => s.id === id).map(presentSurety)),
  };
}

export const presentScheduleRow = (row: LoanRow): ScheduleRowView => ({
  payment_month: row.payment_month,
  principal: toNaira(row.principal),
  interest: toNaira(row.interest),
  payment: toNaira(row.payment),
  balance: toNaira(row.balance),
  is_paid: row.is_paid,
});

/** Loans as the API shows them, their sureties read in one batch. */
export async function presentLoans(tenant: string, loans: LoanRecord[]): Promise<LoanView[]> {
  const sureties = await suretiesByIds(
    tenant,
    loans.flatMap((l) => l.surety_ids),
  );
  return loans.map((loan) => presentLoan(loan, sureties));
}

/** The contract's Loan object with its schedule rows (the loan form PDF is generated from it). */
export async function getLoanView(
  tenant: string,
  loanId: string,
): Promise<(LoanView & { schedule: ScheduleRowView[] }) | undefined> {
  const loan = await findLoan(tenant, loanId);
  if (!loan) return undefined;
  const sureties = await suretiesByIds(tenant, loan.surety_ids);
  return { ...presentLoan(loan, sureties), schedule: loan.schedule.map(presentScheduleRow) };
}
