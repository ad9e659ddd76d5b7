import type { KoboSum } from './money.ts';
import { basisPointsOf } from './money.ts';
import { nextMonth } from './dates.ts';

/**
 * Revenue sharing (issue 21; docs/decisions.md 2026-11-26 "Dividends: GL setup and revenue
 * sharing"): what a period's surplus leaves to share, exact to the kobo. Percentages arrive with at
 * most 2 decimals and are used as hundredths of a percent (basis points), so no step rounds twice.
 */
export const WHOLE = 10_000n;

/** `bp` basis points of a non-negative amount, rounded half-even to the kobo (DESIGN.md section 3). */
export function shareOf(amount: KoboSum, bp: bigint): KoboSum {
  return divideHalfEven(amount * bp, WHOLE);
}

/**
 * `total` split by weights, each part rounded down to the kobo and the kobo left over given one each
 * to the parts with the largest remainders (ties to the earlier part): the parts add up to `total`
 * exactly, each is within a kobo of its exact share, and a part of weight 0 gets nothing.
 */
export function largestRemainders(total: KoboSum, weights: readonly bigint[]): KoboSum[] {
  const sum = weights.reduce((a, b) => a + b, 0n);
  if (sum <= 0n || total <= 0n) return weights.map(() => 0n);
  const parts = weights.map((w) => (total * w) / sum);
  let left = total - parts.reduce((a, b) => a + b, 0n);
  const order = weights
    .map((w, index) => ({ index, remainder: (total * w) % sum }))
    .filter((p) => weights[p.index] > 0n)
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of order) {
    if (left === 0n) break;
    parts[index] += 1n;
    left -= 1n;
  }
  return parts;
}

export interface SharingInput {
  /** The period's income and expenses (income statement classes), kobo. */
  revenue: KoboSum;
  expenses: KoboSum;
  /** Percentages with at most 2 decimals. */
  reservePercent: number;
  adminFee: { kind: 'amount'; kobo: KoboSum } | { kind: 'percent'; percent: number };
  ratios: { savings: number; loan: number; other: number };
}

export interface Sharing {
  revenue: KoboSum;
  expenses: KoboSum;
  /** Revenue less expenses; may be negative. */
  surplus: KoboSum;
  reserve: KoboSum;
  adminFee: KoboSum;
  /** What is left to share; negative when an admin fee amount is more than the surplus after the reserve. */
  distributable: KoboSum;
  pools: { savings: KoboSum; loan: KoboSum; other: KoboSum };
}

/**
 * The statutory reserve is its percentage of the surplus, the admin fee an amount or a percentage of
 * the surplus, and the rest is split by the ratios (largest remainders). A period without a surplus
 * shares nothing: reserve, fee and pools are 0.
 */
export function shareRevenue(input: SharingInput): Sharing {
  const surplus = input.revenue - input.expenses;
  if (surplus <= 0n) {
    return {
      revenue: input.revenue,
      expenses: input.expenses,
      surplus,
      reserve: 0n,
      adminFee: 0n,
      distributable: 0n,
      pools: { savings: 0n, loan: 0n, other: 0n },
    };
  }
  const reserve = shareOf(surplus, basisPointsOf(input.reservePercent));
  const adminFee =
    input.adminFee.kind === 'amount' ? input.adminFee.kobo : shareOf(surplus, basisPointsOf(input.adminFee.percent));
  const distributable = surplus - reserve - adminFee;
  const [savings, loan, other] = largestRemainders(distributable, [
    basisPointsOf(input.ratios.savings),
    basisPointsOf(input.ratios.loan),
    basisPointsOf(input.ratios.other),
  ]);
  return {
    revenue: input.revenue,
    expenses: input.expenses,
    surplus,
    reserve,
    adminFee,
    distributable,
    pools: { savings, loan, other },
  };
}

/** `numerator / denominator` (denominator > 0, numerator ≥ 0) rounded half-even to a whole kobo. */
export function divideHalfEven(numerator: bigint, denominator: bigint): bigint {
  const quotient = numerator / denominator;
  const twice = (numerator % denominator) * 2n;
  if (twice > denominator || (twice === denominator && quotient % 2n === 1n)) return quotient + 1n;
  return quotient;
}

/** The months (YYYY-MM) from the month of `from` to the month of `to`, both included. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  for (let month = from.slice(0, 7); month <= to.slice(0, 7); month = nextMonth(month)) months.push(month);
  return months;
}

/** One member's bases of a dividend: the sum of their month-end savings balances and the loan interest they paid. */
export interface DividendBasis {
  savings: KoboSum;
  loan: KoboSum;
}

/** One member's dividend: the part shared by savings and the part shared by loan interest. */
export interface DividendParts {
  savings: KoboSum;
  loan: KoboSum;
}

/**
 * A dividend pool shared among members (issue 21, "Compute"): `savingsBp` basis points of it by
 * savings and the rest by loan interest paid, i.e. member i gets
 *   pool × (X × s_i / S + Y × l_i / L)   (X + Y = WHOLE, S and L the totals of the bases),
 * each part rounded down to the kobo and the kobo left over given one each to the parts with the
 * largest remainders, ties to the earlier member (the caller orders them by member number), savings
 * part before loan part. So the parts add up to the pool exactly and each is within a kobo of its
 * exact share. The part of a basis whose total is 0 must have a share of 0 (the caller refuses
 * otherwise); it then gets nothing.
 */
export function shareDividend(pool: KoboSum, savingsBp: bigint, members: readonly DividendBasis[]): DividendParts[] {
  const loanBp = WHOLE - savingsBp;
  const totalSavings = members.reduce((sum, m) => sum + m.savings, 0n);
  const totalLoan = members.reduce((sum, m) => sum + m.loan, 0n);
  if ((savingsBp > 0n && totalSavings === 0n) || (loanBp > 0n && totalLoan === 0n))
    throw new Error('A share of the pool has no basis to be shared by');
  // Over the common denominator WHOLE × S × L, member i's savings part weighs X × s_i × L and its
  // loan part Y × l_i × S (a total of 0 is taken as 1: its share is 0, so its parts weigh nothing).
  const s = totalSavings === 0n ? 1n : totalSavings;
  const l = totalLoan === 0n ? 1n : totalLoan;
  const weights = members.flatMap((m) => [savingsBp * m.savings * l, loanBp * m.loan * s]);
  const parts = largestRemainders(pool, weights);
  return members.map((_, i) => ({ savings: parts[2 * i], loan: parts[2 * i + 1] }));
}
