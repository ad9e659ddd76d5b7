import { describe, expect, it } from 'vitest';
import { divideHalfEven, largestRemainders, monthsBetween, shareDividend, shareOf, shareRevenue } from './dividends.ts';

describe('revenue sharing arithmetic', () => {
  it('rounds a percentage of an amount half-even to the kobo', () => {
    // 12.5% of 1,001 kobo = 125.125 -> 125; of 1,004 = 125.5 -> 126 (even); of 1,012 = 126.5 -> 126 (even).
    expect(shareOf(1001n, 1250n)).toBe(125n);
    expect(shareOf(1004n, 1250n)).toBe(126n);
    expect(shareOf(1012n, 1250n)).toBe(126n);
    expect(shareOf(1013n, 1250n)).toBe(127n);
  });

  it('splits by largest remainders so the parts add up, a part of weight 0 getting nothing', () => {
    // 10 kobo by 50/40/10: 5, 4, 1 exactly.
    expect(largestRemainders(10n, [5000n, 4000n, 1000n])).toEqual([5n, 4n, 1n]);
    // 7 kobo by 50/40/10: exact 3.5, 2.8, 0.7 -> floors 3, 2, 0 and 2 kobo left, to the largest
    // remainders .8 (loan) and .7 (other), not .5 (savings).
    expect(largestRemainders(7n, [5000n, 4000n, 1000n])).toEqual([3n, 3n, 1n]);
    // 3 kobo by 50/50/0: 1.5 and 1.5 -> 1 and 1, the kobo left to the earlier of the tie; the 0% part gets none.
    expect(largestRemainders(3n, [5000n, 5000n, 0n])).toEqual([2n, 1n, 0n]);
    expect(largestRemainders(0n, [5000n, 5000n, 0n])).toEqual([0n, 0n, 0n]);
  });

  it('adds up to the whole for any amount and ratio', () => {
    for (let i = 0; i < 500; i++) {
      const total = BigInt(Math.floor(Math.random() * 1e12));
      const a = Math.floor(Math.random() * 10_001);
      const b = Math.floor(Math.random() * (10_001 - a));
      const weights = [BigInt(a), BigInt(b), BigInt(10_000 - a - b)];
      const parts = largestRemainders(total, weights);
      expect(parts.reduce((x, y) => x + y, 0n)).toBe(total);
      parts.forEach((part, k) => {
        // Each part is within one kobo of its exact share total * w / 10,000.
        const exactTimes = total * weights[k];
        expect(part * 10_000n - exactTimes).toBeGreaterThan(-10_000n);
        expect(part * 10_000n - exactTimes).toBeLessThan(10_000n);
      });
    }
  });

  it('takes the reserve and the admin fee from the surplus and shares the rest', () => {
    // Revenue 1,250,000.00, expenses 850,000.00: surplus 400,000.00 (40,000,000 kobo).
    // Reserve 20% = 80,000.00; admin fee 2.5% = 10,000.00; left 310,000.00,
    // shared 50/40/10 = 155,000.00 / 124,000.00 / 31,000.00.
    const shared = shareRevenue({
      revenue: 125_000_000n,
      expenses: 85_000_000n,
      reservePercent: 20,
      adminFee: { kind: 'percent', percent: 2.5 },
      ratios: { savings: 50, loan: 40, other: 10 },
    });
    expect(shared).toEqual({
      revenue: 125_000_000n,
      expenses: 85_000_000n,
      surplus: 40_000_000n,
      reserve: 8_000_000n,
      adminFee: 1_000_000n,
      distributable: 31_000_000n,
      pools: { savings: 15_500_000n, loan: 12_400_000n, other: 3_100_000n },
    });
  });

  it('shares nothing without a surplus, and reports a fee amount above what the reserve leaves', () => {
    const loss = shareRevenue({
      revenue: 100n,
      expenses: 250n,
      reservePercent: 20,
      adminFee: { kind: 'amount', kobo: 5_000n },
      ratios: { savings: 50, loan: 40, other: 10 },
    });
    expect(loss).toMatchObject({ surplus: -150n, reserve: 0n, adminFee: 0n, distributable: 0n });
    // Surplus 1,000.00, reserve 25% = 250.00, fee 800.00 leaves -50.00.
    const over = shareRevenue({
      revenue: 200_000n,
      expenses: 100_000n,
      reservePercent: 25,
      adminFee: { kind: 'amount', kobo: 80_000n },
      ratios: { savings: 50, loan: 40, other: 10 },
    });
    expect(over.distributable).toBe(-5_000n);
  });
});

describe('dividend arithmetic', () => {
  it('lists the months of a period across a year end', () => {
    expect(monthsBetween('2025-11-01', '2026-02-28')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsBetween('2025-03-01', '2025-03-31')).toEqual(['2025-03']);
  });

  it('rounds an average half-even to the kobo', () => {
    expect(divideHalfEven(10n, 4n)).toBe(2n); // 2.5 -> 2 (even)
    expect(divideHalfEven(14n, 4n)).toBe(4n); // 3.5 -> 4 (even)
    expect(divideHalfEven(11n, 4n)).toBe(3n); // 2.75 -> 3
    expect(divideHalfEven(9n, 4n)).toBe(2n); // 2.25 -> 2
  });

  it('shares a pool by savings and loan interest, worked by hand', () => {
    // Pool ₦1,000.00 = 100,000 kobo, X = 60%, Y = 40%: 60,000 kobo by savings, 40,000 by interest.
    // Savings bases 100, 200, 300 (S = 600): 10,000, 20,000, 30,000 exactly.
    // Interest 0, 1, 2 (L = 3): 0, 13,333.33, 26,666.67 -> floors 0, 13,333, 26,666, and the one kobo
    // left goes to the largest remainder (.67 of the third member's loan part).
    const parts = shareDividend(100_000n, 6_000n, [
      { savings: 100n, loan: 0n },
      { savings: 200n, loan: 1n },
      { savings: 300n, loan: 2n },
    ]);
    expect(parts).toEqual([
      { savings: 10_000n, loan: 0n },
      { savings: 20_000n, loan: 13_333n },
      { savings: 30_000n, loan: 26_667n },
    ]);
  });

  it('gives the kobo left over to the earlier member on a tie', () => {
    // 1 kobo among three equal savers, all by savings: a third each -> 0, the kobo to the first.
    const parts = shareDividend(1n, 10_000n, [
      { savings: 5n, loan: 0n },
      { savings: 5n, loan: 0n },
      { savings: 5n, loan: 0n },
    ]);
    expect(parts.map((p) => p.savings)).toEqual([1n, 0n, 0n]);
    expect(parts.every((p) => p.loan === 0n)).toBe(true);
  });

  it('refuses a share with nothing to share it by', () => {
    expect(() => shareDividend(100n, 5_000n, [{ savings: 10n, loan: 0n }])).toThrow();
    expect(shareDividend(100n, 10_000n, [{ savings: 10n, loan: 0n }])).toEqual([{ savings: 100n, loan: 0n }]);
  });

  it('adds up to the pool for random members and pools, each part within a kobo of its exact share', () => {
    const random = (n: number) => BigInt(Math.floor(Math.random() * n));
    for (let round = 0; round < 200; round++) {
      const members = Array.from({ length: 1 + Number(random(40)) }, () => ({
        savings: random(4) === 0n ? 0n : random(1e13),
        loan: random(3) === 0n ? 0n : random(1e9),
      }));
      members[0].savings += 1n;
      members[0].loan += 1n;
      const pool = 1n + random(1e12);
      const x = random(10_001);
      const parts = shareDividend(pool, x, members);
      expect(parts.reduce((sum, p) => sum + p.savings + p.loan, 0n)).toBe(pool);
      const S = members.reduce((a, m) => a + m.savings, 0n);
      const L = members.reduce((a, m) => a + m.loan, 0n);
      members.forEach((m, i) => {
        // exact savings part = pool × x × s / (10,000 × S): part × 10,000 × S is within 10,000 × S of it.
        const savingsGap = parts[i].savings * 10_000n * S - pool * x * m.savings;
        expect(savingsGap > -10_000n * S && savingsGap < 10_000n * S).toBe(true);
        const loanGap = parts[i].loan * 10_000n * L - pool * (10_000n - x) * m.loan;
        expect(loanGap > -10_000n * L && loanGap < 10_000n * L).toBe(true);
      });
    }
  });
});
