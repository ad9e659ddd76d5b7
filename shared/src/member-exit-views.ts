/**
 * Member exit as the API sends it (functions/members/exits.ts presents it, web/src/api/member-exit.ts
 * reads it). Amounts are naira figures; dates YYYY-MM-DD, timestamps ISO 8601.
 */
import type { NairaFigure } from './money.ts';
import type { MemberExitStatus, SuretyStatus } from './statuses.ts';

export interface ExitPlanLine {
  id: string;
  product_name: string;
  balance: NairaFigure;
  lien: NairaFigure;
}

export interface ExitLoanLine {
  id: string;
  product_name: string;
  loan_balance: NairaFigure;
  /** The payoff on the settlement date (the engine's full-offset quote). */
  principal: NairaFigure;
  interest: NairaFigure;
  payoff: NairaFigure;
}

export interface ExitDividendLine {
  id: string;
  from: string | null;
  to: string | null;
  amount: NairaFigure;
}

/** A guarantee the leaving member gives on another member's loan. */
export interface ExitGuaranteeLine {
  surety_id: string;
  status: SuretyStatus;
  loan_id: string;
  borrower: { id: string; name: string };
  product_name: string;
  loan_balance: NairaFigure;
  /** The borrower's loan status (0 pending application, 1 approved and running). */
  loan_status: number;
}

export interface ExitSettlementView {
  member: { id: string; name: string; status: number; exited_at: string | null };
  date: string;
  plans: ExitPlanLine[];
  loans: ExitLoanLine[];
  dividends: ExitDividendLine[];
  guarantees: ExitGuaranteeLine[];
  savings_total: NairaFigure;
  loans_total: NairaFigure;
  exit_charge: NairaFigure;
  dividends_total: NairaFigure;
  /** savings - loan payoffs - exit charge + dividends declared and unpaid. */
  net: NairaFigure;
  /** How much is missing when loans and the charge are more than the savings (0 otherwise). */
  shortfall: NairaFigure;
  /** What stops the exit now, each a sentence; empty when it can be approved. */
  blockers: string[];
  exit: MemberExitView | null;
}

export interface MemberExitView {
  id: string;
  member_id: string;
  member_name: string;
  status: MemberExitStatus;
  status_label: string;
  reason: string | null;
  requested_by: string;
  created_at: string;
  decided_by: string | null;
  decided_at: string | null;
  decision_reason: string | null;
  /** Once approved: what was posted. */
  settlement: {
    date: string;
    bank_id: string;
    savings_total: NairaFigure;
    loans_total: NairaFigure;
    exit_charge: NairaFigure;
    payout: NairaFigure;
    reference_no: string;
  } | null;
}
