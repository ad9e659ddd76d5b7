import { describe, expect, it } from 'vitest';
import { today } from '@coopledger/shared/dates';
import type { HeadOfficeSummaryView } from '../../api/dividends';
import { measureCell, measureRows, percentText, summaryYears } from './head-office-format';

const SUMMARY: HeadOfficeSummaryView = {
  year: 2026,
  from: '2026-01-01',
  to: '2026-11-27',
  targets: {
    savings_mobilised: 1_000_000,
    loans_disbursed: '800000.50',
    new_members: 1200,
    surplus: 0,
    updated_at: '2026-11-27T08:00:00.000Z',
    updated_by: 'DEMO-ADMIN',
  },
  actuals: { savings_mobilised: 500_000, loans_disbursed: 250_000, new_members: 1500, surplus: -1_234.5 },
  percent: { savings_mobilised: 50, loans_disbursed: 31.25, new_members: 125, surplus: null },
};

describe('head office summary rows', () => {
  it('shows naira for money, a count for members, and a dash for a measure without a target', () => {
    expect(measureRows(SUMMARY)).toEqual([
      {
        measure: 'savings_mobilised',
        label: 'Savings mobilised',
        target: '₦1,000,000.00',
        actual: '₦500,000.00',
        percent: '50%',
      },
      {
        measure: 'loans_disbursed',
        label: 'Loans disbursed',
        target: '₦800,000.50',
        actual: '₦250,000.00',
        percent: '31.25%',
      },
      { measure: 'new_members', label: 'New members', target: '1,200', actual: '1,500', percent: '125%' },
      { measure: 'surplus', label: 'Surplus', target: '₦0', actual: '-₦1,234.50', percent: '—' },
    ]);
  });

  it("says 'Not set' for every target before the year's targets are saved", () => {
    const rows = measureRows({ ...SUMMARY, targets: null });
    expect(rows.map((r) => r.target)).toEqual(['Not set', 'Not set', 'Not set', 'Not set']);
  });

  it('writes a percentage with at most two decimals', () => {
    expect(percentText(66.67)).toBe('66.67%');
    expect(percentText(0)).toBe('0%');
    expect(percentText(null)).toBe('—');
  });

  it('offers next year first, then back through the years before this one', () => {
    const year = Number(today().slice(0, 4));
    const years = summaryYears();
    expect(years[0]).toBe(year + 1);
    expect(years[1]).toBe(year);
    expect(years).toHaveLength(12);
    expect(years.at(-1)).toBe(year - 10);
  });

  it("puts a measure in one cell for the platform's table", () => {
    expect(measureCell(SUMMARY, 'savings_mobilised')).toBe('₦500,000.00 of ₦1,000,000.00 (50%)');
    expect(measureCell(SUMMARY, 'new_members')).toBe('1,500 of 1,200 (125%)');
    expect(measureCell(SUMMARY, 'surplus')).toBe('-₦1,234.50 (no target)');
    expect(measureCell({ ...SUMMARY, targets: null }, 'loans_disbursed')).toBe('₦250,000.00');
  });
});
