import type { ApprovalMark, ApprovalRules } from '@coopledger/shared/approval-rules';
import { CREATOR_CANNOT_APPROVE, SECOND_APPROVER_NEEDED, approvalsNeeded } from '@coopledger/shared/approval-rules';
import type { Kobo } from '@coopledger/shared/money';
import { conflict, forbidden } from './errors.ts';

/** What is approved: who created it, its amount when the second-approval threshold applies, a first approval. */
export interface ApprovalSubject {
  created_by?: string;
  amount?: Kobo;
  first_approval?: ApprovalMark;
}

const samePerson = (a: string | undefined, b: string) => a !== undefined && a.toUpperCase() === b.toUpperCase();

/**
 * What an approval by `by` does under a cooperative's four-eyes rules (docs/decisions.md "Four-eyes
 * approvals"): refuses the creator (403) while the rule is on; gives the first of two approvals when the
 * amount is above the threshold and none was given (`first`); refuses the first approver a second time
 * (409); else completes the approval (`final`), which the caller posts.
 */
export function approvalStep(rules: ApprovalRules, subject: ApprovalSubject, by: string): 'first' | 'final' {
  if (rules.creator_cannot_approve && samePerson(subject.created_by, by)) throw forbidden(CREATOR_CANNOT_APPROVE);
  if (subject.amount === undefined || approvalsNeeded(rules, subject.amount) === 1) return 'final';
  if (!subject.first_approval) return 'first';
  if (samePerson(subject.first_approval.by, by)) throw conflict(SECOND_APPROVER_NEEDED);
  return 'final';
}
