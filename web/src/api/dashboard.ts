import type { NairaFigure } from '@coopledger/shared/money';
import { useQuery } from '@tanstack/react-query';
import { apiData } from './client';
import type { Loan, SuretyRequest } from './loans';
import type { TransactionOrder } from './orders';

export interface TileData {
  user: number;
  store: number;
  cooperatives: number;
}

/** Counts for the platform home's tiles (super-admin). */
export function useTileData() {
  return useQuery({
    queryKey: ['dashboard', 'tiles'],
    queryFn: ({ signal }) => apiData<TileData>('/dashboard/tile-data', { signal, scoped: false }),
  });
}

/** One month of the staff dashboard's Transactions Overview, in naira. */
export interface MonthFigures {
  /** Jan ... Dec */
  month: string;
  /** YYYY-MM */
  period: string;
  deposits: number | string;
  withdrawals: number | string;
}

/** A row of Recent Deposits or Recent Withdrawals: an order with the member's and product's names. */
export interface RecentOrder extends TransactionOrder {
  name: string;
  product: string;
}

/** GET /cooperative/dashboard (spec 000 section 3: Staff dashboard). */
export interface StaffDashboard {
  dashboard: { pending: number; withdrawal: number; deposit: number; request: number };
  transaction_overview: { year: number; overview: MonthFigures[] };
  deposits: RecentOrder[];
  withdrawals: RecentOrder[];
  /** The 5 most recent loans. */
  loan_applications: Loan[];
}

/** A member transaction as the dashboards and the history show it. */
export interface MemberTransaction {
  id: string;
  reference_no: string;
  type: { name: string };
  description: string;
  amount: number;
  transaction_date: string;
  product_name?: string;
}

/** GET /cooperative/member/single/dashboard (spec 000 section 3: Member dashboard). */
export interface MemberDashboard {
  pending_surety: number;
  /** The latest 5 requests to the member to stand surety. */
  sureties: SuretyRequest[];
  savings_overview: {
    balance: NairaFigure;
    available?: NairaFigure;
    last_payment: { amount: number; date: string } | null;
    histories: MemberTransaction[];
  };
  loan_overview: { total_loan: NairaFigure; active_loan: NairaFigure; loans: Loan[] };
}

/** The staff dashboard of the active cooperative; orders placed or decided refresh it. */
export function useStaffDashboard(cooperativeId: string | null) {
  return useQuery({
    queryKey: ['dashboard', 'cooperative', cooperativeId],
    queryFn: ({ signal }) => apiData<StaffDashboard>('/cooperative/dashboard', { signal }),
    enabled: cooperativeId !== null,
  });
}

/** The signed-in member's (or executive's) own dashboard. */
export function useMemberDashboard(cooperativeId: string | null, loginId: string) {
  return useQuery({
    queryKey: ['dashboard', 'member', cooperativeId, loginId],
    queryFn: ({ signal }) => apiData<MemberDashboard>('/cooperative/member/single/dashboard', { signal }),
  });
}
