/** What an order or a loan says of its approvals (docs/decisions.md "Four-eyes approvals"). */
export interface ApprovalTrail {
  created_by: string;
  first_approval: { by: string; at: string } | null;
  approved_by: string | null;
}

/**
 * The line under a status: who entered it; while pending after a first approval, that a second
 * approver is needed (and who may not give it); once approved, by whom.
 */
export function approvalNote(record: ApprovalTrail, approved: boolean): string {
  const entered = `Entered by ${record.created_by}`;
  const first = record.first_approval?.by;
  if (approved && record.approved_by)
    return `${entered}; approved by ${first && first !== record.approved_by ? `${first} and ` : ''}${record.approved_by}`;
  if (first) return `${entered}; approved once by ${first}, a second approver is needed`;
  return entered;
}
