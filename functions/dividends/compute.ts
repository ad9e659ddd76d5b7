import type { DividendParts } from '@coopledger/shared/dividends';
import { WHOLE, divideHalfEven, monthsBetween, shareDividend } from '@coopledger/shared/dividends';
import { nextMonth, today } from '@coopledger/shared/dates';
import type { DividendComputeInput } from '@coopledger/shared/schemas/dividends';
import { poolTooLarge } from '@coopledger/shared/schemas/dividends';
import { basisPointsOf } from '@coopledger/shared/money';
import { MEMBER_STATUS } from '@coopledger/shared/statuses';
import { conflict, invalid } from '#core/errors';
import type { ChartTree } from '../reports/chart-tree.ts';
import { savingsOfMembers } from '../savings/member-savings-entity.ts';
import { memberSummariesOfStatus } from '../members/member-summary-entity.ts';
import type { MemberMonth } from '../savings/member-month-entity.ts';
import { memberMonthsOf } from '../savings/member-month-entity.ts';
import type { DividendGlSetupRecord } from './gl-setup-entity.ts';
import { findDividendGlSetup } from './gl-setup-entity.ts';
import { sharingOf } from './revenue-sharing.ts';

/**
 * The dividend computation (issue 21, "Compute"; docs/decisions.md 2026-11-27 "Dividends: compute
 * and declarations"). For each member active now:
 *  - savings basis: the average of their month-end savings balances (all plans) over the months of
 *    the period, each month-end balance being their balance now less the savings moved in the months
 *    after it (the member month items, functions/savings/member-month-entity.ts);
 *  - loan basis: the loan interest they paid in the months of the period;
 * and the pool shared by `shareDividend` (shared/src/dividends.ts). Reads: the active members (one
 * Query of the status index), their savings totals (BatchGetItem, 8 calls in flight) and the
 * member month items from the period's first month to this one (4 Queries a month, 8 months at a
 * time): O(members + months), never a member's history.
 */

export interface ComputedMember {
  member_id: string;
  member_name: string;
  /** The sum of the month-end balances (the weight); `savings_basis` is its average. */
  month_end_sum: bigint;
  savings_basis: bigint;
  loan_basis: bigint;
  parts: DividendParts;
}

export interface Computation {
  input: DividendComputeInput;
  months: number;
  sharing: { from: string; to: string; distributable: bigint; reserve: bigint; admin_fee: bigint } | null;
  members: ComputedMember[];
  totals: { savings_basis: bigint; loan_basis: bigint; savings_part: bigint; loan_part: bigint };
}

const MONTHS_IN_FLIGHT = 8;
const byNumber = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

/** The GL setup every computation and approval needs; a 409 until it is saved. */
export async function requireGlSetup(tenant: string): Promise<DividendGlSetupRecord> {
  const setup = await findDividendGlSetup(tenant);
  if (!setup)
    throw conflict(
      'Set the dividend GL accounts first (Dividend calculator, GL setup): the dividend has nowhere to post',
    );
  return setup;
}

async function activeMembers(tenant: string) {
  const found = await memberSummariesOfStatus(tenant, MEMBER_STATUS.APPROVED);
  return found
    .map((m) => ({ id: m.id, name: [m.firstname, m.middlename, m.lastname].filter(Boolean).join(' ') }))
    .sort((a, b) => byNumber(a.id, b.id));
}

/** Every member's figures of each month, by month then member number. */
async function monthFigures(tenant: string, months: string[]): Promise<Map<string, Map<string, MemberMonth>>> {
  const byMonth = new Map<string, Map<string, MemberMonth>>();
  for (let first = 0; first < months.length; first += MONTHS_IN_FLIGHT) {
    const slice = months.slice(first, first + MONTHS_IN_FLIGHT);
    const found = await Promise.all(slice.map((month) => memberMonthsOf(tenant, month)));
    slice.forEach((month, i) => byMonth.set(month, new Map(found[i].map((f) => [f.member_id, f]))));
  }
  return byMonth;
}

export async function computeDividend(
  tenant: string,
  tree: ChartTree,
  input: DividendComputeInput,
): Promise<Computation> {
  await requireGlSetup(tenant);
  let sharing: Computation['sharing'] = null;
  if (input.revenue_sharing) {
    const shared = await sharingOf(tenant, tree, input.revenue_sharing);
    if (BigInt(input.amount) > shared.distributable) throw invalid('amount', poolTooLarge(shared.distributable));
    sharing = {
      from: input.revenue_sharing.from,
      to: input.revenue_sharing.to,
      distributable: shared.distributable,
      reserve: shared.reserve,
      admin_fee: shared.adminFee,
    };
  }

  const months = monthsBetween(input.from, input.to);
  const after = monthsBetween(`${nextMonth(input.to.slice(0, 7))}-01`, today());
  const members = await activeMembers(tenant);
  const [balances, figures] = await Promise.all([
    savingsOfMembers(
      tenant,
      members.map((m) => m.id),
    ),
    monthFigures(tenant, [...months, ...after]),
  ]);
  const net = (month: string, id: string, field: 'savings' | 'interest') =>
    BigInt(figures.get(month)?.get(id)?.[field] ?? 0);

  const bases = members.flatMap((member) => {
    // The balance at the end of the period: now, less what moved in the months since.
    let end = BigInt(balances.get(member.id)?.balance ?? 0);
    for (const month of after) end -= net(month, member.id, 'savings');
    let sum = 0n;
    let interest = 0n;
    for (let i = months.length - 1; i >= 0; i--) {
      // A month-end balance below 0 can only come of savings moved before these items were kept.
      sum += end > 0n ? end : 0n;
      end -= net(months[i], member.id, 'savings');
      interest += net(months[i], member.id, 'interest');
    }
    return sum > 0n || interest > 0n ? [{ member, sum, interest }] : [];
  });

  const totalSavings = bases.reduce((s, b) => s + b.sum, 0n);
  const totalInterest = bases.reduce((s, b) => s + b.interest, 0n);
  const savingsBp = basisPointsOf(input.x_percent);
  if (savingsBp > 0n && totalSavings === 0n)
    throw invalid(
      'x_percent',
      'No active member had savings in the period, so nothing can be shared by savings: set X to 0',
    );
  if (savingsBp < WHOLE && totalInterest === 0n)
    throw invalid(
      'y_percent',
      'No active member paid loan interest in the period, so nothing can be shared by loan interest: set Y to 0',
    );
  const parts = shareDividend(
    BigInt(input.amount),
    savingsBp,
    bases.map((b) => ({ savings: b.sum, loan: b.interest })),
  );
  const n = BigInt(months.length);
  const computed = bases.map((b, i): ComputedMember => ({
    member_id: b.member.id,
    member_name: b.member.name,
    month_end_sum: b.sum,
    savings_basis: divideHalfEven(b.sum, n),
    loan_basis: b.interest,
    parts: parts[i],
  }));
  return {
    input,
    months: months.length,
    sharing,
    members: computed,
    totals: {
      savings_basis: computed.reduce((s, m) => s + m.savings_basis, 0n),
      loan_basis: totalInterest,
      savings_part: computed.reduce((s, m) => s + m.parts.savings, 0n),
      loan_part: computed.reduce((s, m) => s + m.parts.loan, 0n),
    },
  };
}
