import { describe, expect, it } from 'vitest';
import { approvalNote } from './approval-note';

describe('approvalNote', () => {
  it('names who entered a record waiting for its approval', () => {
    expect(approvalNote({ created_by: 'DEMO0001', first_approval: null, approved_by: null }, false)).toBe(
      'Entered by DEMO0001',
    );
  });

  it('says a second approver is needed after the first of two approvals', () => {
    const note = approvalNote(
      { created_by: 'DEMO-ACCT', first_approval: { by: 'DEMO-ADMIN', at: '2026-11-27T10:00:00Z' }, approved_by: null },
      false,
    );
    expect(note).toBe('Entered by DEMO-ACCT; approved once by DEMO-ADMIN, a second approver is needed');
  });

  it('names both approvers of an approval that took two, and the one of an approval that took one', () => {
    const two = { created_by: 'A', first_approval: { by: 'B', at: '2026-11-27T10:00:00Z' }, approved_by: 'C' };
    const one = { created_by: 'A', first_approval: null, approved_by: 'C' };
    expect(approvalNote(two, true)).toBe('Entered by A; approved by B and C');
    expect(approvalNote(one, true)).toBe('Entered by A; approved by C');
  });
});
