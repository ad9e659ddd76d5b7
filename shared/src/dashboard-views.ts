/**
 * The dashboards as the API sends them (functions/dashboard and functions/savings/reports.ts
 * present them, web/src/api/dashboard.ts reads them): the platform home's tiles, the staff
 * dashboard and a member's own. Amounts are naira; running totals are `NairaFigure`.
 */
import type { CooperativeView } from './cooperative-views.ts';
import type { Page } from './envelope.ts';
import type { LoanView, SuretyRequestView } from './loan-views.ts';
import type { NairaFigure } from './money.ts';
import type { MemberTransactionView, TransactionOrderView } from './savings-views.ts';

/** The platform home (super-admin, GET /dashboard): a page of cooperatives and the platform totals. */
export interface PlatformDashboardView {
  cooperatives: Page<CooperativeView>;
  totals: { cooperatives: number; active_cooperatives: number };
}

/** Counts for the platform home's tiles (super-admin). */
export interface TileDataView {
  user: number;
  /** The products of every cooperative's store. */
  store: number;
  cooperatives: number;
}

/** One month of the staff dashboard's Transactions Overview. */
export interface MonthFiguresView {
  /** Jan ... Dec */
  month: string;
  /** YYYY-MM */
  period: string;
  deposits: NairaFigure;
  withdrawals: NairaFigure;
}

/** A row of Recent Deposits or Recent Withdrawals: an order with the member's and product's names. */
export interface RecentOrderView extends TransactionOrderView {
  name: string;
  product: string;
}

/** GET /cooperative/dashboard (spec 000 section 3: Staff dashboard). */
export interface StaffDashboardView {
  dashboard: { pending: number; withdrawal: number; deposit: number; request: number };
  transaction_overview: { year: number; overview: MonthFiguresView[] };
  deposits: RecentOrderView[];
  withdrawals: RecentOrderView[];
  /** The 5 most recent loans. */
  loan_applications: LoanView[];
}

/** GET /cooperative/member/single/dashboard (spec 000 section 3: Member dashboard). */
export interface MemberDashboardView {
  pending_surety: number;
  /** The latest 5 requests to the member to stand surety. */
  sureties: SuretyRequestView[];
  savings_overview: {
    balance: NairaFigure;
    available: NairaFigure;
    last_payment: { amount: number; date: string } | null;
    histories: MemberTransactionView[];
  };
  loan_overview: { total_loan: NairaFigure; active_loan: NairaFigure; loans: LoanView[] };
}
