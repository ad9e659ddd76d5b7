import { describe, expect, it } from 'vitest';
import { approvalPosting, periodText, splitText, statusType } from './declaration-format';

describe('a saved dividend as the pages name it', () => {
  it('shows the period, or Uploaded for a dividend without one', () => {
    expect(periodText({ from: '2026-10-01', to: '2026-10-31' })).toBe('01 Oct 2026 – 31 Oct 2026');
    expect(periodText({ from: null, to: null })).toBe('Uploaded');
  });

  it('shows X / Y, or a dash for an uploaded dividend', () => {
    expect(splitText({ x_percent: 55.56, y_percent: 44.44 })).toBe('55.56\u00a0/\u00a044.44');
    expect(splitText({ x_percent: 100, y_percent: 0 })).toBe('100\u00a0/\u00a00');
    expect(splitText({ x_percent: null, y_percent: null })).toBe('—');
  });

  it('shows Draft pending, Approved info, Paid success, Cancelled stopped', () => {
    expect([0, 1, 2, 3].map(statusType)).toEqual(['pending', 'info', 'success', 'stopped']);
  });
});

describe('what approving a dividend posts', () => {
  it('debits retained earnings and credits the provision with the pool', () => {
    expect(approvalPosting({ amount: 1000, revenue_sharing: null })).toBe(
      'Dr Retained earnings ₦1,000.00, Cr Provision for dividend ₦1,000.00',
    );
  });

  it("adds a revenue sharing's reserve and admin fee to the debit, each credited to its own account", () => {
    const sharing = { from: '2026-01-01', to: '2026-10-31', distributable: 5000 };
    expect(
      approvalPosting({ amount: 1000.5, revenue_sharing: { ...sharing, statutory_reserve: 250.25, admin_fee: 100 } }),
    ).toBe(
      'Dr Retained earnings ₦1,350.75, Cr Provision for dividend ₦1,000.50, Cr Statutory reserve ₦250.25, Cr Admin fee ₦100.00',
    );
    expect(
      approvalPosting({ amount: 1000, revenue_sharing: { ...sharing, statutory_reserve: 0, admin_fee: 40 } }),
    ).toBe('Dr Retained earnings ₦1,040.00, Cr Provision for dividend ₦1,000.00, Cr Admin fee ₦40.00');
  });

  it('stays exact for totals sent as decimal text', () => {
    expect(approvalPosting({ amount: '90071992547409.99', revenue_sharing: null })).toBe(
      'Dr Retained earnings ₦90,071,992,547,409.99, Cr Provision for dividend ₦90,071,992,547,409.99',
    );
  });
});
