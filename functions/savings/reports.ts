import type { MemberDashboardView, StaffDashboardView } from '@coopledger/shared/dashboard-views';
import { nairaFigure, sumKobo, toNaira } from '@coopledger/shared/money';
import { today } from '@coopledger/shared/dates';
import { statsOfCooperative } from '../cooperatives/cooperative-stats-entity.ts';
import { latestLoans, pendingLoanCount } from '../loans/loan-entity.ts';
import type { TableColumn } from '#core/workbook';
import { tableWorkbook } from '#core/workbook';
import type { OrderRecord } from './order-entity.ts';
import { ordersOf, pendingOrderCount } from './order-entity.ts';
import { memberSavingsOf } from './member-savings-entity.ts';
import type { MemberTransaction } from './member-transaction-entity.ts';
import { latestSavingsMovements } from './member-transaction-entity.ts';
import { presentOrder, presentTransaction } from './orders.ts';
import { monthsOf } from './savings-month-entity.ts';
import { memberLoans, memberSureties, presentLoans } from '../loans/loan-store.ts';
import { presentSuretyRequests } from '../loans/sureties.ts';
import { LOAN_REPAYMENT_STATUS, LOAN_STATUS, SURETY_STATUS } from '@coopledger/shared/statuses';

export function matchesTransaction(t: MemberTransaction, query: string | undefined): boolean {
  const q = query?.trim().toLowerCase();
  if (!q) return true;
  return [t.reference_no, t.type.name, t.description, t.product_name].some((v) =>
    String(v ?? '')
      .toLowerCase()
      .includes(q),
  );
}

export function historyWorkbook(memberId: string, rows: MemberTransaction[]): Promise<Buffer> {
  const columns: TableColumn<MemberTransaction>[] = [
    { header: 'Ref. No', width: 24, value: (t) => t.reference_no },
    { header: 'Type', width: 14, value: (t) => t.type.name },
    { header: 'Description', width: 40, value: (t) => t.description },
    { header: 'Amount', width: 16, value: (t) => toNaira(t.amount), money: true },
    { header: 'Date', width: 14, value: (t) => t.transaction_date },
  ];
  return tableWorkbook('Transactions', columns, rows, { creator: `CoopLedger (${memberId})` });
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The staff dashboard: pending counts, the year's deposits and withdrawals by month, recent orders. */
export async function staffDashboard(tenant: string): Promise<StaffDashboardView> {
  const year = today().slice(0, 4);
  const [counts, deposits, withdrawals, months, recentDeposits, recentWithdrawals, pendingLoans, recentLoans] =
    await Promise.all([
      statsOfCooperative(tenant),
      pendingOrderCount(tenant, 'DEPOSIT'),
      pendingOrderCount(tenant, 'WITHDRAWAL'),
      monthsOf(tenant, year),
      ordersOf(tenant, 'DEPOSIT', undefined, undefined, 5),
      ordersOf(tenant, 'WITHDRAWAL', undefined, undefined, 5),
      // Loans: pending ones counted on the cooperative's loan index; the latest 5 by application date.
      pendingLoanCount(tenant),
      latestLoans(tenant, 5),
    ]);
  const byMonth = new Map(months.map((m) => [m.month, m]));
  const overview = MONTHS.map((name, i) => {
    const month = `${year}-${String(i + 1).padStart(2, '0')}`;
    const figures = byMonth.get(month);
    return {
      month: name,
      period: month,
      deposits: nairaFigure(figures?.deposits ?? 0),
      withdrawals: nairaFigure(figures?.withdrawals ?? 0),
    };
  });
  const row = (o: OrderRecord) => ({ ...presentOrder(o), name: o.member_name, product: o.product_name });
  return {
    dashboard: {
      pending: Math.max(0, counts.registrations_pending ?? 0),
      withdrawal: withdrawals,
      deposit: deposits,
      request: pendingLoans,
    },
    transaction_overview: { year: Number(year), overview },
    deposits: recentDeposits.map(row),
    withdrawals: recentWithdrawals.map(row),
    loan_applications: await presentLoans(tenant, recentLoans),
  };
}

/**
 * A member's dashboard: savings totals, last payment and the latest savings transactions (loan
 * movements are the Loans Overview's); their pending
 * surety requests and the latest five; their loans (total lent on approved loans, balance of the
 * approved loans still running, the latest five).
 */
export async function memberDashboard(tenant: string, memberId: string): Promise<MemberDashboardView> {
  const [summary, latest, sureties, loans] = await Promise.all([
    memberSavingsOf(tenant, memberId),
    latestSavingsMovements(tenant, memberId, 10),
    memberSureties(tenant, memberId),
    memberLoans(tenant, memberId),
  ]);
  const approved = loans.filter((l) => l.status === LOAN_STATUS.APPROVED);
  const running = approved.filter((l) => l.is_paid !== LOAN_REPAYMENT_STATUS.COMPLETED);
  const last = summary?.last_payment;
  return {
    pending_surety: sureties.filter((r) => r.status === SURETY_STATUS.PENDING).length,
    sureties: await presentSuretyRequests(tenant, sureties.slice(0, 5)),
    savings_overview: {
      balance: nairaFigure(summary?.balance ?? 0),
      available: nairaFigure(summary?.available ?? 0),
      last_payment: last ? { amount: toNaira(last.amount), date: last.date } : null,
      histories: latest.map(presentTransaction),
    },
    loan_overview: {
      total_loan: nairaFigure(sumKobo(approved.map((l) => l.loan_amount))),
      active_loan: nairaFigure(sumKobo(running.map((l) => l.loan_balance))),
      loans: await presentLoans(tenant, loans.slice(0, 5)),
    },
  };
}
