/**
 * How a member's deducted amount is shared out (docs/decisions.md "Payroll deductions"): the loans
 * first, oldest loan first, each up to what it has due; then the store orders paid by payroll
 * deduction, oldest first, each up to its installments due; then the savings plans, oldest first,
 * each up to its contribution; anything left above what was due goes to the primary savings plan.
 * An amount below what was due is a shortfall: the savings (and, below the loans' and orders' dues,
 * the later ones) receive less. Kobo in, kobo out; the sums always match the amount received.
 */

export interface Claim {
  id: string;
  due: number;
}

export interface Allocation {
  loans: { id: string; amount: number }[];
  orders: { id: string; amount: number }[];
  plans: { id: string; amount: number }[];
  /** Above what was due; included in the primary plan's amount in `plans`. */
  excess: number;
  /** Due but not received. */
  shortfall: number;
  toLoans: number;
  toStore: number;
  toSavings: number;
}

export function allocate(
  received: number,
  loans: readonly Claim[],
  plans: readonly Claim[],
  primaryPlanId: string | null,
  orders: readonly Claim[] = [],
): Allocation {
  if (!Number.isSafeInteger(received) || received < 0)
    throw new Error(`Received amount ${received} must be whole kobo, not negative`);
  let left = received;
  const take = (claims: readonly Claim[]) =>
    claims.map((claim) => {
      const amount = Math.min(left, Math.max(0, claim.due));
      left -= amount;
      return { id: claim.id, amount };
    });
  const loanShares = take(loans);
  const orderShares = take(orders);
  const planShares = take(plans);
  const due = [...loans, ...orders, ...plans].reduce((s, c) => s + Math.max(0, c.due), 0);
  const excess = left;
  if (excess > 0) {
    if (!primaryPlanId) throw new Error('An excess needs a primary savings plan');
    const primary = planShares.find((p) => p.id === primaryPlanId);
    if (primary) primary.amount += excess;
    else planShares.push({ id: primaryPlanId, amount: excess });
  }
  const sum = (shares: readonly { amount: number }[]) => shares.reduce((s, share) => s + share.amount, 0);
  return {
    loans: loanShares.filter((l) => l.amount > 0),
    orders: orderShares.filter((o) => o.amount > 0),
    plans: planShares.filter((p) => p.amount > 0),
    excess,
    shortfall: Math.max(0, due - received),
    toLoans: sum(loanShares),
    toStore: sum(orderShares),
    toSavings: sum(planShares),
  };
}
