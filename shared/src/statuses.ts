/**
 * Named statuses: for each stored entity with a status, the values it stores (unchanged: these are
 * the numbers and words already in the table, so nothing is migrated) and the label the screens show
 * for each. Functions and the web compare with and write these names, never a raw number: the lint
 * rule in eslint.config.js fails on a number compared with or assigned to a `status` (or `*_status`).
 */

type ValueOf<T> = T[keyof T];
/** One label per value of a status. */
type Labels<S extends Readonly<Record<string, number>>> = Readonly<Record<ValueOf<S>, string>>;

/** The label of a stored value, or `fallback` for a value the status does not have. */
export function statusLabel<S extends number | string>(
  labels: Readonly<Record<S, string>>,
  value: unknown,
  fallback = 'Unknown',
): string {
  const key = String(value);
  return Object.hasOwn(labels, key) ? (labels as Readonly<Record<string, string>>)[key] : fallback;
}

/**
 * Active (1) or inactive (0). The status of cooperatives, users, savings plans, GL accounts and
 * chart categories, setup records (departments, staff categories, charges, bank accounts, products,
 * savings and loan setups, asset types, roles, e-shop categories), elections, positions,
 * contestants and the store's products: each has its own name below, all with these values.
 */
export const ACTIVE_STATUS = { INACTIVE: 0, ACTIVE: 1 } as const;
export type ActiveStatus = ValueOf<typeof ACTIVE_STATUS>;
export const ACTIVE_STATUS_LABELS: Labels<typeof ACTIVE_STATUS> = {
  [ACTIVE_STATUS.INACTIVE]: 'Inactive',
  [ACTIVE_STATUS.ACTIVE]: 'Active',
};
/** True when a status (number or the form's text) is Active. */
export const isActive = (status: unknown): boolean => Number(status) === ACTIVE_STATUS.ACTIVE;
/** The status of an on/off switch or tick box. */
export const activeStatusOf = (active: boolean): ActiveStatus =>
  active ? ACTIVE_STATUS.ACTIVE : ACTIVE_STATUS.INACTIVE;

export const COOPERATIVE_STATUS = ACTIVE_STATUS;
/** A sign-in user: active only while they may sign in (a member's user follows the member). */
export const USER_STATUS = ACTIVE_STATUS;
export const SAVINGS_PLAN_STATUS = ACTIVE_STATUS;
export const GL_ACCOUNT_STATUS = ACTIVE_STATUS;
/** Setup records and chart categories and sub-categories. */
export const SETUP_STATUS = ACTIVE_STATUS;
export const ELECTION_STATUS = ACTIVE_STATUS;
export const POSITION_STATUS = ACTIVE_STATUS;
export const CONTESTANT_STATUS = ACTIVE_STATUS;
/** A product of a cooperative's store: members and executives see only Active products; staff see both. */
export const PRODUCT_STATUS = ACTIVE_STATUS;
export type ProductStatus = ActiveStatus;
export const PRODUCT_STATUS_LABELS = ACTIVE_STATUS_LABELS;

/** member.status: 0 warning (new or pending), 1 approved, 2 inactive. */
export const MEMBER_STATUS = { WARNING: 0, APPROVED: 1, INACTIVE: 2 } as const;
export type MemberStatus = ValueOf<typeof MEMBER_STATUS>;
export const MEMBER_STATUS_LABELS: Labels<typeof MEMBER_STATUS> = {
  [MEMBER_STATUS.WARNING]: 'Warning',
  [MEMBER_STATUS.APPROVED]: 'Approved',
  [MEMBER_STATUS.INACTIVE]: 'Inactive',
};

/** Pending and decided: a public registration, a savings change request, a deposit or withdrawal order, an asset. */
const DECISION_STATUS = { PENDING: 0, APPROVED: 1, DENIED: 2 } as const;
type DecisionStatus = ValueOf<typeof DECISION_STATUS>;
const DECISION_STATUS_LABELS: Labels<typeof DECISION_STATUS> = {
  [DECISION_STATUS.PENDING]: 'Pending',
  [DECISION_STATUS.APPROVED]: 'Approved',
  [DECISION_STATUS.DENIED]: 'Denied',
};

export const PENDING_MEMBER_STATUS = DECISION_STATUS;
export type PendingMemberStatus = DecisionStatus;
export const PENDING_MEMBER_STATUS_LABELS = DECISION_STATUS_LABELS;

export const CHANGE_REQUEST_STATUS = DECISION_STATUS;
export type ChangeRequestStatus = DecisionStatus;
export const CHANGE_REQUEST_STATUS_LABELS = DECISION_STATUS_LABELS;

export const ORDER_STATUS = DECISION_STATUS;
export type OrderStatus = DecisionStatus;
export const ORDER_STATUS_LABELS = DECISION_STATUS_LABELS;

export const ASSET_STATUS = DECISION_STATUS;
export type AssetStatus = DecisionStatus;
export const ASSET_STATUS_LABELS = DECISION_STATUS_LABELS;

/** A surety's answer to a loan's request. */
export const SURETY_STATUS = DECISION_STATUS;
export type SuretyStatus = DecisionStatus;
export const SURETY_STATUS_LABELS = DECISION_STATUS_LABELS;

/**
 * A member's request to leave the cooperative (functions/members/exits.ts): pending until an admin
 * approves it (the settlement is posted and the member exited) or denies it, or the member or staff
 * cancel it.
 */
export const MEMBER_EXIT_STATUS = { PENDING: 0, APPROVED: 1, DENIED: 2, CANCELLED: 3 } as const;
export type MemberExitStatus = ValueOf<typeof MEMBER_EXIT_STATUS>;
export const MEMBER_EXIT_STATUS_LABELS: Labels<typeof MEMBER_EXIT_STATUS> = {
  [MEMBER_EXIT_STATUS.PENDING]: 'Pending',
  [MEMBER_EXIT_STATUS.APPROVED]: 'Exited',
  [MEMBER_EXIT_STATUS.DENIED]: 'Denied',
  [MEMBER_EXIT_STATUS.CANCELLED]: 'Cancelled',
};

/** A target savings plan's schedule item. */
export const SCHEDULE_ITEM_STATUS = { NOT_PAID: 0, PAID: 1 } as const;
export type ScheduleItemStatus = ValueOf<typeof SCHEDULE_ITEM_STATUS>;
export const SCHEDULE_ITEM_STATUS_LABELS: Labels<typeof SCHEDULE_ITEM_STATUS> = {
  [SCHEDULE_ITEM_STATUS.NOT_PAID]: 'Not Paid',
  [SCHEDULE_ITEM_STATUS.PAID]: 'Paid',
};

/** loan.status: the application's decision. */
export const LOAN_STATUS = { PENDING: 0, APPROVED: 1, REJECTED: 2 } as const;
export type LoanStatus = ValueOf<typeof LOAN_STATUS>;
export const LOAN_STATUS_LABELS: Labels<typeof LOAN_STATUS> = {
  [LOAN_STATUS.PENDING]: 'Pending',
  [LOAN_STATUS.APPROVED]: 'Approved',
  [LOAN_STATUS.REJECTED]: 'Rejected',
};

/** loan.is_paid: an approved loan's repayment. */
export const LOAN_REPAYMENT_STATUS = { RUNNING: 0, COMPLETED: 1, INCOMPLETE: 2 } as const;
export type LoanRepaymentStatus = ValueOf<typeof LOAN_REPAYMENT_STATUS>;
export const LOAN_REPAYMENT_STATUS_LABELS: Labels<typeof LOAN_REPAYMENT_STATUS> = {
  [LOAN_REPAYMENT_STATUS.RUNNING]: 'Running',
  [LOAN_REPAYMENT_STATUS.COMPLETED]: 'Completed',
  [LOAN_REPAYMENT_STATUS.INCOMPLETE]: 'Incomplete',
};

/** A loan schedule line's is_paid: its interest and principal both received. */
export const SCHEDULE_LINE_STATUS = { NOT_PAID: 0, PAID: 1 } as const;
export type ScheduleLineStatus = ValueOf<typeof SCHEDULE_LINE_STATUS>;
export const SCHEDULE_LINE_STATUS_LABELS: Labels<typeof SCHEDULE_LINE_STATUS> = {
  [SCHEDULE_LINE_STATUS.NOT_PAID]: 'Not Paid',
  [SCHEDULE_LINE_STATUS.PAID]: 'Paid',
};

/** A manual journal entry: posted, or deleted (reversed). */
/** Above the cooperative's two-approval threshold an entry awaits approval, unposted, until approved or denied. */
export const JOURNAL_ENTRY_STATUS = { DELETED: 0, POSTED: 1, AWAITING_APPROVAL: 2, DENIED: 3 } as const;
export type JournalEntryStatus = ValueOf<typeof JOURNAL_ENTRY_STATUS>;
export const JOURNAL_ENTRY_STATUS_LABELS: Labels<typeof JOURNAL_ENTRY_STATUS> = {
  [JOURNAL_ENTRY_STATUS.DELETED]: 'Deleted',
  [JOURNAL_ENTRY_STATUS.POSTED]: 'Posted',
  [JOURNAL_ENTRY_STATUS.AWAITING_APPROVAL]: 'Awaiting approval',
  [JOURNAL_ENTRY_STATUS.DENIED]: 'Denied',
};

export const INVESTMENT_STATUS = { OPEN: 1, CLOSED: 2 } as const;
export type InvestmentStatus = ValueOf<typeof INVESTMENT_STATUS>;
export const INVESTMENT_STATUS_LABELS: Labels<typeof INVESTMENT_STATUS> = {
  [INVESTMENT_STATUS.OPEN]: 'Open',
  [INVESTMENT_STATUS.CLOSED]: 'Closed',
};

/** A dividend declaration (issue 21): computed or uploaded as a Draft, approved, paid; a Draft may be deleted. */
export const DIVIDEND_STATUS = { DRAFT: 0, APPROVED: 1, PAID: 2, CANCELLED: 3 } as const;
export type DividendStatus = ValueOf<typeof DIVIDEND_STATUS>;
export const DIVIDEND_STATUS_LABELS: Labels<typeof DIVIDEND_STATUS> = {
  [DIVIDEND_STATUS.DRAFT]: 'Draft',
  [DIVIDEND_STATUS.APPROVED]: 'Approved',
  [DIVIDEND_STATUS.PAID]: 'Paid',
  [DIVIDEND_STATUS.CANCELLED]: 'Cancelled',
};

/**
 * An order of the store (issue 22; the spec's mock statuses, numbered here): Pending -> Confirmed ->
 * On the Way -> Delivered; Cancelled and Rejected end it before delivery (its stock and any savings
 * it held released), Returned after (docs/decisions.md 2026-11-27 "Store stock and orders").
 */
export const ESHOP_ORDER_STATUS = {
  PENDING: 0,
  CONFIRMED: 1,
  ON_THE_WAY: 2,
  DELIVERED: 3,
  CANCELLED: 4,
  REJECTED: 5,
  RETURNED: 6,
} as const;
export type EshopOrderStatus = ValueOf<typeof ESHOP_ORDER_STATUS>;
export const ESHOP_ORDER_STATUS_LABELS: Labels<typeof ESHOP_ORDER_STATUS> = {
  [ESHOP_ORDER_STATUS.PENDING]: 'Pending',
  [ESHOP_ORDER_STATUS.CONFIRMED]: 'Confirmed',
  [ESHOP_ORDER_STATUS.ON_THE_WAY]: 'On the Way',
  [ESHOP_ORDER_STATUS.DELIVERED]: 'Delivered',
  [ESHOP_ORDER_STATUS.CANCELLED]: 'Cancelled',
  [ESHOP_ORDER_STATUS.REJECTED]: 'Rejected',
  [ESHOP_ORDER_STATUS.RETURNED]: 'Returned',
};

/** A customer of the store (a member who has ordered): Active may order, Blocked (the spec's "Block") may not. */
export const ESHOP_CUSTOMER_STATUS = { BLOCKED: 0, ACTIVE: 1 } as const;
export type EshopCustomerStatus = ValueOf<typeof ESHOP_CUSTOMER_STATUS>;
export const ESHOP_CUSTOMER_STATUS_LABELS: Labels<typeof ESHOP_CUSTOMER_STATUS> = {
  [ESHOP_CUSTOMER_STATUS.BLOCKED]: 'Block',
  [ESHOP_CUSTOMER_STATUS.ACTIVE]: 'Active',
};

/** A member, savings or loan import (a workflow's progress). */
export const IMPORT_STATUSES = ['VALIDATING', 'INVALID', 'WRITING', 'COMPLETED', 'FAILED'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** A payroll run (see payroll-views.ts for the path between them). */
export const PAYROLL_RUN_STATUSES = [
  'VALIDATING',
  'INVALID',
  'POSTING',
  'COMPLETED',
  'FAILED',
  'REVERSING',
  'REVERSED',
  'REVERSAL_FAILED',
] as const;
export type PayrollRunStatus = (typeof PAYROLL_RUN_STATUSES)[number];
export const PAYROLL_RUN_STATUS_LABELS: Readonly<Record<PayrollRunStatus, string>> = {
  VALIDATING: 'Validating',
  INVALID: 'Invalid',
  POSTING: 'Posting',
  COMPLETED: 'Completed',
  FAILED: 'Failed',
  REVERSING: 'Reversing',
  REVERSED: 'Reversed',
  REVERSAL_FAILED: 'Reversal failed',
};
