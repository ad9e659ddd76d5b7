import type { LoanRow } from '@coopledger/shared/loan-schedule';
import type { LoanStatus, LoanView, PaidStatus, ScheduleRowView, SuretyStatus, SuretyView } from '@coopledger/shared/loan-views';
import { toNaira } from '@coopledger/shared/money';
import type { AppError } from '#core/errors';
import type { Item } from '#core/db';
import { getItem, getItems, queryAll, table } from '#core/db';
import type { Effect } from '#core/ledger';
import { keys } from '#core/keys';
import { LOAN_REPAYMENT_STATUS, LOAN_STATUS, SCHEDULE_LINE_STATUS } from '@coopledger/shared/statuses';

/**
 * Loans and surety requests as stored (docs/data-model.md "Loans"). Money is integer kobo.
 *
 * A loan item holds its repayment schedule (`schedule`, the engine's LoanRow[] from
 * shared/src/loan-schedule.ts) and `loan_balance`, the principal and interest still unpaid on it.
 * Every change to the schedule or the balance (approval, repayment, offset, restructure) writes both
 * together under the condition `version = :old` and sets `version = :old + 1`, so two such changes
 * can never interleave: the second one fails its condition, re-reads and recomputes.
 */

export type { LoanStatus, LoanView, PaidStatus, ScheduleRowView, SuretyStatus, SuretyView } from '@coopledger/shared/loan-views';

export interface LoanRecord extends Item {
  id: string;
  cooperative_id: string;
  /** The applicant's member number. */
  member_id: string;
  member: { firstname: string; lastname: string };
  member_name: string;
  /** The loan product (loan_product_id) and the loan setup it was applied under. */
  product_id: string;
  product_name: string;
  setup_id: string;
  /** Kobo. */
  loan_amount: number;
  /** Kobo: the schedule's interest. */
  total_interest: number;
  /** Kobo: loan_amount + total_interest. */
  total_amount: number;
  /** Kobo: principal + interest still unpaid on the stored schedule; 0 once completed. */
  loan_balance: number;
  tenure: number;
  tenure_type: string;
  /** Percent per annum. */
  interest_rate: number;
  calculation_method_id: number;
  charge_id: string;
  /** Kobo, computed from the setup's charge_type and charge_amount. */
  charge_amount: number;
  /** From the loan setup at application (never the request); `penal_type` is its unit. */
  penal_charge: number;
  penal_type?: 'None' | 'Flat' | 'Percentage';
  /** Percent of the loan amount withheld as upfront interest at disbursement. */
  upfront: number;
  /** Kobo: upfront percent of loan_amount. */
  upfront_amount: number;
  source: string;
  repayment_type: string;
  payment_start_date: string;
  /** Application date, YYYY-MM-DD. */
  date: string;
  status: LoanStatus;
  is_paid: PaidStatus;
  /** The two current sureties' request ids. */
  surety_ids: string[];
  /** Every surety request ever made for the loan (replaced ones too), removed with the loan. */
  all_surety_ids: string[];
  /** The stored schedule (for a pending loan: the one it would have). */
  schedule: LoanRow[];
  /** Bumped by every change to `schedule` or `loan_balance`. */
  version: number;
  bank_id?: string;
  approved_at?: string;
  approved_by?: string;
  rejected_at?: string;
  journal_id?: string;
  /** The lien placed on a savings plan at approval, kobo; released when the loan is completed. */
  lien?: { plan_id: string; amount: number; released: boolean } | null;
  created_by: string;
  created_at: string;
  updated_at: string;
}

export interface SuretyRecord extends Item {
  id: string;
  cooperative_id: string;
  loan_id: string;
  /** The surety's member number. */
  member_id: string;
  member_name: string;
  /** The applicant. */
  applicant_id: string;
  applicant_name: string;
  product_id: string;
  product_name: string;
  status: SuretyStatus;
  /** The request that took this one's place after it was denied. */
  replaced_by?: string;
  answered_at?: string;
  created_at: string;
}

export const findLoan = (tenant: string, loanId: string, consistent = true) => getItem<LoanRecord>(keys.loan(tenant, loanId), consistent);
export const findSurety = (tenant: string, suretyId: string, consistent = true) => getItem<SuretyRecord>(keys.surety(tenant, suretyId), consistent);

/** Surety requests by id, in the order asked for (missing ones left out). */
export async function suretiesByIds(tenant: string, ids: string[]): Promise<SuretyRecord[]> {
  if (ids.length === 0) return [];
  const found = await getItems<SuretyRecord>([...new Set(ids)].map((id) => keys.surety(tenant, id)));
  const byId = new Map(found.map((s) => [s.id, s]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Loans by id (missing ones left out). */
export async function loansByIds(tenant: string, ids: string[]): Promise<Map<string, LoanRecord>> {
  if (ids.length === 0) return new Map();
  const found = await getItems<LoanRecord>([...new Set(ids)].map((id) => keys.loan(tenant, id)));
  return new Map(found.map((l) => [l.id, l]));
}

/** The cooperative's loans by application date (one Query of gsi1), newest first. */
export function cooperativeLoans(tenant: string, from?: string, to?: string): Promise<LoanRecord[]> {
  const values: Record<string, string> = { ':pk': keys.loansPartition(tenant) };
  let condition = 'gsi1pk = :pk';
  if (from && to) {
    condition += ' AND gsi1sk BETWEEN :from AND :to';
    Object.assign(values, { ':from': from, ':to': `${to}~` });
  } else if (from) {
    condition += ' AND gsi1sk >= :from';
    values[':from'] = from;
  } else if (to) {
    condition += ' AND gsi1sk <= :to';
    values[':to'] = `${to}~`;
  }
  return queryAll<LoanRecord>({ IndexName: 'gsi1', KeyConditionExpression: condition, ExpressionAttributeValues: values, ScanIndexForward: false });
}

/** A member's loans (one Query of gsi2), newest first. */
export const memberLoans = (tenant: string, memberId: string) =>
  queryAll<LoanRecord>({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.memberLoansPartition(tenant, memberId) },
    ScanIndexForward: false,
  });

/** A member's surety requests (as the surety; one Query of gsi2), newest first. */
export const memberSureties = (tenant: string, memberId: string) =>
  queryAll<SuretyRecord>({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.memberSuretiesPartition(tenant, memberId) },
    ScanIndexForward: false,
  });

/** The cooperative's surety requests (one Query of gsi1), newest first. */
export const cooperativeSureties = (tenant: string) =>
  queryAll<SuretyRecord>({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.suretiesPartition(tenant) },
    ScanIndexForward: false,
  });

/** Pending, or approved and not completed: the loans that count as running for the eligibility rules. */
export const isRunning = (loan: Pick<LoanRecord, 'status' | 'is_paid'>) =>
  loan.status === LOAN_STATUS.PENDING || (loan.status === LOAN_STATUS.APPROVED && loan.is_paid !== LOAN_REPAYMENT_STATUS.COMPLETED);

/**
 * The loan item's change when a repayment (an offset, a payroll deduction) settles schedule rows:
 * the new schedule and balance under the version it read (and still approved, still as paid as it
 * was), the version bumped; when nothing is left, Completed, and the lien marked released when the
 * caller releases it in the same transaction.
 */
export function loanRepaymentUpdate(
  tenant: string,
  loan: LoanRecord,
  change: { rows: LoanRow[]; balance: number; completed: boolean; releaseLien: boolean; now: string },
  onConditionFailed: AppError,
): Effect {
  const values: Record<string, unknown> = {
    ':rows': change.rows,
    ':balance': change.balance,
    ':now': change.now,
    ':one': 1,
    ':version': loan.version,
    ':approved': LOAN_STATUS.APPROVED,
    ':paidBefore': loan.is_paid,
  };
  let update = 'SET #schedule = :rows, loan_balance = :balance, updated_at = :now, #version = #version + :one';
  if (change.completed) {
    update += ', is_paid = :completed, completed_at = :now';
    values[':completed'] = LOAN_REPAYMENT_STATUS.COMPLETED;
    if (change.releaseLien && loan.lien) {
      update += ', lien = :lien';
      values[':lien'] = { ...loan.lien, released: true };
    }
  }
  return {
    item: {
      Update: {
        TableName: table(),
        Key: keys.loan(tenant, loan.id),
        UpdateExpression: update,
        ConditionExpression: '#version = :version AND #status = :approved AND is_paid = :paidBefore',
        ExpressionAttributeNames: { '#schedule': 'schedule', '#version': 'version', '#status': 'status' },
        ExpressionAttributeValues: values,
      },
    },
    onConditionFailed,
  };
}

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
    member: { id: loan.member_id, name: loan.member_name, firstname: loan.member.firstname, lastname: loan.member.lastname },
    product: { id: loan.product_id, name: loan.product_name },
    loan_product_id: loan.product_id,
    loan_amount: toNaira(loan.loan_amount),
    total_interest: toNaira(loan.total_interest),
    total_amount: toNaira(loan.total_amount),
    loan_balance: toNaira(loan.is_paid === LOAN_REPAYMENT_STATUS.COMPLETED && loan.status === LOAN_STATUS.APPROVED ? 0 : loan.loan_balance),
    tenure: loan.tenure,
    tenure_type: loan.tenure_type,
    interest_rate: loan.interest_rate,
    calculation_method_id: loan.calculation_method_id,
    charge_id: loan.charge_id,
    charge_amount: toNaira(loan.charge_amount),
    penal_charge: loan.penal_charge,
    penal_type: loan.penal_type ?? null,
    upfront: loan.upfront,
    source: loan.source,
    repayment_type: loan.repayment_type,
    payment_start_date: loan.payment_start_date,
    date: loan.date,
    status: loan.status,
    is_paid: loan.is_paid,
    bank_id: loan.bank_id ?? null,
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
  const sureties = await suretiesByIds(tenant, loans.flatMap((l) => l.surety_ids));
  return loans.map((loan) => presentLoan(loan, sureties));
}

/** The contract's Loan object with its schedule rows (the loan form PDF is generated from it). */
export async function getLoanView(tenant: string, loanId: string): Promise<(LoanView & { schedule: ScheduleRowView[] }) | undefined> {
  const loan = await findLoan(tenant, loanId);
  if (!loan) return undefined;
  const sureties = await suretiesByIds(tenant, loan.surety_ids);
  return { ...presentLoan(loan, sureties), schedule: loan.schedule.map(presentScheduleRow) };
}
