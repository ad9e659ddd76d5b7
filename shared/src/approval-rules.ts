import type { Kobo } from './money.ts';

/**
 * A cooperative's four-eyes rules (docs/decisions.md "Four-eyes approvals"), set by its admins:
 * - `creator_cannot_approve`: the person who created an order, a loan or a dividend cannot approve it
 *   (on unless an admin turns it off);
 * - `second_approval_above`: a deposit, a withdrawal or a loan of more than this amount needs two
 *   approvals by two different people (null: one approval always does).
 */
export interface ApprovalRules {
  creator_cannot_approve: boolean;
  second_approval_above: Kobo | null;
}

/** The rules of a cooperative whose admins have not saved any. */
export const DEFAULT_APPROVAL_RULES: ApprovalRules = { creator_cannot_approve: true, second_approval_above: null };

/** One approval given: by whom and when. */
export interface ApprovalMark {
  by: string;
  at: string;
}

/** How many approvals an amount needs under the rules: 2 above the threshold, else 1. */
export function approvalsNeeded(rules: ApprovalRules, amount: Kobo): 1 | 2 {
  return rules.second_approval_above !== null && amount > rules.second_approval_above ? 2 : 1;
}

export const CREATOR_CANNOT_APPROVE = 'The person who created this record cannot approve it; another approver must';
export const FIRST_APPROVAL_GIVEN = 'first approval given; a second approver must approve it';
export const SECOND_APPROVER_NEEDED = 'You gave the first approval; a second approver must give the other';

/** What GET and PUT /cooperative/approval-rules answer: the rules in naira, and who saved them (null: defaults). */
export interface ApprovalRulesView {
  creator_cannot_approve: boolean;
  second_approval_above: number | null;
  updated_at: string | null;
  updated_by: string | null;
}
