import { describe, expect, it } from 'vitest';
import { memberDividendPeriod, memberDividendStatus } from './member-dividend-format';

describe("a member's dividend as their dashboard names it", () => {
  it('shows the period, or the day an uploaded dividend was declared', () => {
    expect(
      memberDividendPeriod({ from: '2026-01-01', to: '2026-10-31', approved_at: '2026-11-02T09:00:00.000Z' }),
    ).toBe('01 Jan 2026 – 31 Oct 2026');
    expect(memberDividendPeriod({ from: null, to: null, approved_at: '2026-11-02T09:00:00.000Z' })).toBe(
      'Declared 02 Nov 2026',
    );
    expect(memberDividendPeriod({ from: null, to: null, approved_at: null })).toBe('Declared');
  });

  it("shows the member's line paid into savings or by bank with its day, else approved and not yet paid", () => {
    expect(memberDividendStatus({ paid: true, paid_into: 'savings', paid_on: '2026-11-20' })).toEqual({
      type: 'success',
      text: 'Paid into savings on 20 Nov 2026',
    });
    expect(memberDividendStatus({ paid: true, paid_into: 'bank', paid_on: '2026-11-21' })).toEqual({
      type: 'success',
      text: 'Paid by bank on 21 Nov 2026',
    });
    expect(memberDividendStatus({ paid: true, paid_into: null, paid_on: null })).toEqual({
      type: 'success',
      text: 'Paid',
    });
    expect(memberDividendStatus({ paid: false, paid_into: null, paid_on: null })).toEqual({
      type: 'info',
      text: 'Approved, not yet paid',
    });
  });
});
