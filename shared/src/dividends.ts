import type { KoboSum } from './money.ts';
import { basisPointsOf } from './money.ts';

/**
 * Revenue sharing (issue 21; docs/decisions.md 2026-11-26 "Dividends: GL setup and revenue
 * sharing"): what a period's surplus leaves to share, exact to the kobo. Percentages arrive with at
 * most 2 decimals and are used as hundredths of a percent (basis points), so no step rounds twice.
 */
export const WHOLE = 10_000n;

/** `bp` basis points of a non-negative amount, rounded half-even to the kobo (DESIGN.md section 3). */
export function shareOf(amount: KoboSum, bp: bigint): KoboSum {
  const product = amount * bp;
  const quotient = product / WHOLE;
  const twice = (product % WHOLE) * 2n;
  if (twice > WHOLE || (twice === WHOLE && quotient % 2n === 1n)) return quotient + 1n;
  return quotient;
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
