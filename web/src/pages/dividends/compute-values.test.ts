import { describe, expect, it } from 'vitest';
import type { RevenueSharingParams, RevenueSharingView } from '../../api/dividends';
import {
  carryInState,
  carryOf,
  computeBody,
  initialComputeValues,
  lastCompleteYear,
  sameBody,
  splitOfRatios,
} from './compute-values';

const PARAMS: RevenueSharingParams = {
  from: '2026-01-01',
  to: '2026-10-31',
  reserve_percent: '10',
  admin_fee_type: 'amount',
  admin_fee: '',
  savings_ratio: '50',
  loan_ratio: '40',
  other_ratio: '10',
};

function sharing(overrides: Partial<RevenueSharingView> = {}): RevenueSharingView {
  return {
    from: '2026-01-01',
    to: '2026-10-31',
    reserve_percent: 10,
    admin_fee_type: 'amount',
    admin_fee_given: 0,
    ratios: { savings: 50, loan: 40, other: 10 },
    total_revenue: 1_000_000,
    total_expenses: 250_000,
    surplus: 750_000,
    statutory_reserve: 75_000,
    admin_fee: 0,
    distributable: 675_000,
    pools: { savings: 337_500, loan: 270_000, other: 67_500 },
    no_surplus: false,
    ...overrides,
  };
}

describe('X and Y from the sharing ratio', () => {
  it('is the savings ratio over savings + loan, rounded half up to 2 decimals, and Y the rest of 100', () => {
    expect(splitOfRatios(50, 40)).toEqual({ x: 55.56, y: 44.44 });
    expect(splitOfRatios(50, 50)).toEqual({ x: 50, y: 50 });
    expect(splitOfRatios(60, 0)).toEqual({ x: 100, y: 0 });
    expect(splitOfRatios(0, 30)).toEqual({ x: 0, y: 100 });
    // 1/3 = 33.333...: down; 2/3 = 66.666...: up; 1/8 = 12.5 exactly.
    expect(splitOfRatios(10, 20)).toEqual({ x: 33.33, y: 66.67 });
    expect(splitOfRatios(20, 10)).toEqual({ x: 66.67, y: 33.33 });
    expect(splitOfRatios(12.5, 87.5)).toEqual({ x: 12.5, y: 87.5 });
    // Half a hundredth rounds up: 1 / 16 = 6.25; 0.01 / 0.32 = 3.125 -> 3.13.
    expect(splitOfRatios(0.01, 0.31)).toEqual({ x: 3.13, y: 96.87 });
  });

  it('has no split when nothing goes to savings or loan interest', () => {
    expect(splitOfRatios(0, 0)).toBeUndefined();
  });

  it('always adds up to exactly 100', () => {
    for (const [s, l] of [
      [1, 2],
      [33.33, 33.33],
      [7, 13],
      [99.99, 0.01],
      [0.01, 99.98],
    ] as const) {
      const split = splitOfRatios(s, l);
      expect(Math.round((split?.x ?? 0) * 100) + Math.round((split?.y ?? 0) * 100)).toBe(10_000);
    }
  });
});

describe('carrying a revenue sharing into Compute', () => {
  it('suggests the savings pool plus the loan pool, X and Y from the ratio, and keeps the query it came from', () => {
    expect(carryOf(PARAMS, sharing())).toEqual({
      sharing: { params: PARAMS, from: '2026-01-01', to: '2026-10-31', distributable: 675_000 },
      amount: '607500.00',
      x_percent: '55.56',
      y_percent: '44.44',
    });
  });

  it('adds pools to the kobo, including totals sent as decimal text', () => {
    const carry = carryOf(PARAMS, sharing({ pools: { savings: 0.05, loan: '90071992547409.93', other: 0 } }));
    expect(carry?.amount).toBe('90071992547409.98');
  });

  it('carries nothing without a surplus or when both pools are 0', () => {
    expect(carryOf(PARAMS, sharing({ no_surplus: true, pools: { savings: 0, loan: 0, other: 0 } }))).toBeNull();
    expect(carryOf(PARAMS, sharing({ ratios: { savings: 0, loan: 0, other: 100 } }))).toBeNull();
    expect(carryOf(PARAMS, sharing({ pools: { savings: 0, loan: 0, other: 12 } }))).toBeNull();
  });
});

describe('the compute form on opening', () => {
  it('defaults to the last complete calendar year, X 50 and Y 50, no amount', () => {
    expect(lastCompleteYear('2026-11-27')).toEqual({ from: '2025-01-01', to: '2025-12-31' });
    expect(lastCompleteYear('2027-01-01')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(initialComputeValues('2026-11-27')).toEqual({
      from: '2025-01-01',
      to: '2025-12-31',
      x_percent: '50',
      y_percent: '50',
      amount: '',
    });
  });

  it("takes a carried sharing's pool and split, and its period only when it is whole months up to today", () => {
    const carry = carryOf(PARAMS, sharing());
    expect(initialComputeValues('2026-11-27', carry)).toEqual({
      from: '2026-01-01',
      to: '2026-10-31',
      x_percent: '55.56',
      y_percent: '44.44',
      amount: '607500.00',
    });
    // The revenue sharing's default period (1 January to today) is not whole months.
    const toToday = carryOf({ ...PARAMS, to: '2026-11-27' }, sharing({ to: '2026-11-27' }));
    expect(initialComputeValues('2026-11-27', toToday)).toMatchObject({ from: '2025-01-01', to: '2025-12-31' });
    const midMonth = carryOf(PARAMS, sharing({ from: '2026-01-15' }));
    expect(initialComputeValues('2026-11-27', midMonth)).toMatchObject({ from: '2025-01-01', to: '2025-12-31' });
  });

  it('reads a carry from the router state and ignores anything else', () => {
    const carry = carryOf(PARAMS, sharing());
    expect(carryInState({ carry })).toEqual(carry);
    expect(carryInState(null)).toBeNull();
    expect(carryInState({})).toBeNull();
    expect(carryInState({ carry: { amount: '1', x_percent: '50', y_percent: '50' } })).toBeNull();
    expect(carryInState({ carry: { ...carry, amount: 5 } })).toBeNull();
  });
});

describe('the body of a compute or a save', () => {
  const values = { from: '2026-10-01', to: '2026-10-31', x_percent: '100', y_percent: '0', amount: '1000' };

  it('sends the revenue sharing while it is kept', () => {
    const carry = carryOf(PARAMS, sharing());
    expect(computeBody(values, null)).toEqual(values);
    expect(computeBody(values, carry?.sharing ?? null)).toEqual({ ...values, revenue_sharing: PARAMS });
  });

  it('tells a changed input from the one computed', () => {
    const computed = computeBody(values, null);
    expect(sameBody(computed, computeBody({ ...values }, null))).toBe(true);
    expect(sameBody(computed, computeBody({ ...values, amount: '1001' }, null))).toBe(false);
    expect(sameBody(computed, computeBody(values, carryOf(PARAMS, sharing())?.sharing ?? null))).toBe(false);
  });
});
