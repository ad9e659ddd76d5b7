/**
 * Savings as the API sends them (functions/savings presents them, web/src/api/savings.ts and
 * orders.ts read them): plans, target schedules, change requests, deposit and withdrawal orders and
 * member transactions. Amounts are naira with at most 2 decimals; running totals are `NairaFigure`.
 */

import type { NairaFigure } from './money.ts';
import type { Frequency, TransactionType } from './schemas/savings.ts';
import type { ChangeRequestStatus, OrderStatus, ScheduleItemStatus } from './statuses.ts';

export type { OrderStatus } from './statuses.ts';
/** An order's kind. */
export type OrderType = TransactionType;

export interface PersonName {
  firstname: string;
  lastname: string;
}

/** A savings plan (the member's own list and the staff's Savings Accounts list). */
export interface SavingsPlanView {
  id: string;
  /** The member number. */
  coop_id: string;
  member_id: string;
  cooperative_id: string;
  user: PersonName | null;
  member_name: string;
  savings_product_id: string;
  product: { id: string; name: string; credit_interest: number };
  product_name: string;
  start_date: string;
  end_date: string;
  /** The contribution per period. */
  amount: number;
  /** Running totals: numbers, or decimal text past ₦70 trillion. */
  balance: NairaFigure;
  lien: number;
  available: NairaFigure;
  available_balance: NairaFigure;
  credit_interest: number;
  frequency: Frequency;
  status: number;
  is_target: boolean;
  last_payment: { amount: number; date: string } | null;
  created_at: string;
}

/** One payment of a target plan's schedule. */
export interface ScheduleItemView {
  id: string;
  serial: number;
  amount: number;
  payment_date: string;
  status: ScheduleItemStatus;
  status_name: string;
}

/** A request to change a plan's contribution; `member` only in the staff list. */
export interface ChangeRequestView {
  id: string;
  coop_id: string;
  member?: PersonName;
  savings_id: string;
  product_name: string;
  savings: { product: { name: string } };
  old_amount: number;
  new_amount: number;
  comment: string;
  status: ChangeRequestStatus;
  status_name: string;
  created_at: string;
}

/** A deposit or withdrawal order. */
export interface TransactionOrderView {
  id: string;
  coop_id: string;
  member: PersonName;
  member_name: string;
  savings_id: string;
  savings: { id: string; product: { name: string; product: { name: string } } };
  product_name: string;
  amount: number;
  /** The order's date, YYYY-MM-DD. */
  date: string;
  created_at: string;
  payment_mode_id: number;
  payment_mode: { id: number; name: string };
  comment: string | null;
  description: string | null;
  cooperative_id: string;
  transaction_type: OrderType;
  status: OrderStatus;
  status_name: string;
  reference_no: string | null;
  bank_id: string | null;
  /** Who entered the order, who gave the first of two approvals (while a second is awaited), who approved it. */
  created_by: string;
  first_approval: { by: string; at: string } | null;
  approved_by: string | null;
}

/** A line of a member's transaction history. */
export interface MemberTransactionView {
  id: string;
  reference_no: string;
  type: { name: string };
  type_name: string;
  description: string;
  amount: number;
  transaction_date: string;
  savings_id: string;
  product_name: string;
  created_at: string;
}

/** A month's interest credited (POST /cooperative/savings/credit-interest). */
export interface InterestRunView {
  /** YYYY-MM */
  month: string;
  /** Plans credited by this run. */
  credited: number;
  /** Plans an earlier run already credited for the month. */
  already: number;
  /** Plans with nothing to credit. */
  skipped: number;
  /** Naira credited by this run. */
  amount: number;
}
