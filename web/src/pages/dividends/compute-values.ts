import { lastDayOfMonth } from '@coopledger/shared/dates';
import { WHOLE } from '@coopledger/shared/dividends';
import type { NairaFigure } from '@coopledger/shared/money';
import { basisPointsOf, figureKobo, nairaText, percentOfBasisPoints, ratioPercent } from '@coopledger/shared/money';
import type { DividendComputeParams, RevenueSharingParams, RevenueSharingView } from '../../api/dividends';

/**
 * The compute page's starting values and what the revenue sharing section carries into it
 * (docs/decisions.md 2026-11-27 "Dividends: the compute and saved dividends pages"). Pure, so the
 * rules are tested without a browser (compute-values.test.ts).
 */

/** The compute form's own fields (the carried revenue sharing is kept beside them). */
export type ComputeFormValues = Omit<DividendComputeParams, 'revenue_sharing'>;

/** A revenue sharing carried into the compute page: its query, its period and its distributable surplus. */
export interface CarriedSharing {
  params: RevenueSharingParams;
  from: string;
  to: string;
  distributable: NairaFigure;
}

/** What "Carry into Compute" hands the compute page (router state). */
export interface ComputeCarry {
  sharing: CarriedSharing;
  /** The suggested pool: the savings pool plus the loan interest pool, naira with 2 decimals. */
  amount: string;
  /** X and Y as text, adding up to 100. */
  x_percent: string;
  y_percent: string;
}

/**
 * X from the sharing ratio: the savings ratio's share of savings + loan, as a percentage rounded
 * half up to 2 decimals (computed on basis points, so exactly); Y is what is left of 100. Undefined
 * when both ratios are 0 (nothing of the surplus goes to members).
 */
export function splitOfRatios(savingsRatio: number, loanRatio: number): { x: number; y: number } | undefined {
  const savings = basisPointsOf(savingsRatio);
  const loan = basisPointsOf(loanRatio);
  if (savings + loan <= 0n) return undefined;
  const x = ratioPercent(savings, savings + loan);
  return { x, y: percentOfBasisPoints(WHOLE - basisPointsOf(x)) };
}

/**
 * What Calculate's answer carries into Compute: the pool is the savings pool plus the loan pool, X
 * and Y follow the sharing ratio. Null when there is nothing to carry (no surplus, or both pools 0).
 */
export function carryOf(params: RevenueSharingParams, result: RevenueSharingView): ComputeCarry | null {
  const split = splitOfRatios(result.ratios.savings, result.ratios.loan);
  const pool = (figureKobo(result.pools.savings) ?? 0n) + (figureKobo(result.pools.loan) ?? 0n);
  if (result.no_surplus || !split || pool <= 0n) return null;
  return {
    sharing: { params, from: result.from, to: result.to, distributable: result.distributable },
    amount: nairaText(pool),
    x_percent: String(split.x),
    y_percent: String(split.y),
  };
}

/** The last complete calendar year before `day` (YYYY-MM-DD): 1 January to 31 December of last year. */
export function lastCompleteYear(day: string): { from: string; to: string } {
  const year = Number(day.slice(0, 4)) - 1;
  return { from: `${year}-01-01`, to: `${year}-12-31` };
}

const isWholeMonths = (from: string, to: string, day: string) =>
  from.endsWith('-01') && to === lastDayOfMonth(to) && from <= to && to <= day;

/**
 * The form's values on opening: the last complete calendar year, X 50 and Y 50, no amount; or,
 * carried from a revenue sharing, its pool, X and Y, and its period when that is whole months
 * (a dividend's period must be; otherwise the last complete year stays).
 */
export function initialComputeValues(day: string, carry?: ComputeCarry | null): ComputeFormValues {
  const year = lastCompleteYear(day);
  if (!carry) return { ...year, x_percent: '50', y_percent: '50', amount: '' };
  const { from, to } = carry.sharing;
  return {
    ...(isWholeMonths(from, to, day) ? { from, to } : year),
    x_percent: carry.x_percent,
    y_percent: carry.y_percent,
    amount: carry.amount,
  };
}

const isText = (value: unknown): value is string => typeof value === 'string';

/** The carry in the router state, if that is what the state holds (a reload keeps it; anything else is ignored). */
export function carryInState(state: unknown): ComputeCarry | null {
  const carry = (state as { carry?: Partial<ComputeCarry> } | null)?.carry;
  const sharing = carry?.sharing;
  if (!carry || !sharing || typeof sharing.params !== 'object' || sharing.params === null) return null;
  if (![carry.amount, carry.x_percent, carry.y_percent, sharing.from, sharing.to].every(isText)) return null;
  return carry as ComputeCarry;
}

/** The body of a compute or a save: the form's values and, while it is kept, the carried revenue sharing. */
export function computeBody(values: ComputeFormValues, sharing: CarriedSharing | null): DividendComputeParams {
  const { from, to, x_percent, y_percent, amount } = values;
  return { from, to, x_percent, y_percent, amount, ...(sharing ? { revenue_sharing: sharing.params } : {}) };
}

/** Whether two bodies ask the same (Save as draft saves only what was computed and shown). */
export const sameBody = (a: DividendComputeParams, b: DividendComputeParams): boolean =>
  JSON.stringify(a) === JSON.stringify(b);
