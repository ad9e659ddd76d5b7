import type { MemberDividendView, MemberDividendsView } from '@coopledger/shared/dividend-views';
import { nairaFigure } from '@coopledger/shared/money';
import { DIVIDEND_STATUS, DIVIDEND_STATUS_LABELS } from '@coopledger/shared/statuses';
import type { DeclarationMember, DeclarationRecord, DividendPaymentRow } from './declaration-entity.ts';
import { allDeclarations, memberLinesOf, paymentRowOf } from './declaration-entity.ts';

/**
 * A member's own dividends (issue 21: "members see only their own dividends"; docs/decisions.md
 * 2026-11-27 "A member's own dividends"): their lines of the cooperative's Approved and Paid
 * declarations. A Draft may still be changed or deleted and a Cancelled one is not paid, so neither
 * is shown. The member is the caller (their member number from the token), never a request's.
 */

/** The statuses a member sees. */
const shown = (d: DeclarationRecord) => d.status === DIVIDEND_STATUS.APPROVED || d.status === DIVIDEND_STATUS.PAID;

/** A payment into savings that started and has not finished: it may have paid this member already. */
const savingsUnderway = (d: DeclarationRecord) =>
  d.status === DIVIDEND_STATUS.APPROVED && d.pay_mode === 'savings' && d.pay_status !== undefined;

function present(d: DeclarationRecord, line: DeclarationMember, row: DividendPaymentRow | undefined) {
  const paid = d.status === DIVIDEND_STATUS.PAID || row !== undefined;
  const view: MemberDividendView = {
    id: d.id,
    source: d.source,
    from: d.from ?? null,
    to: d.to ?? null,
    status: d.status,
    status_label: DIVIDEND_STATUS_LABELS[d.status],
    approved_at: d.approved_at ?? null,
    paid,
    paid_into: paid ? (row ? 'savings' : (d.pay_mode ?? null)) : null,
    paid_on: paid ? (row?.date ?? d.pay_date ?? d.paid_at?.slice(0, 10) ?? null) : null,
    savings_part: nairaFigure(line.savings_part),
    loan_part: nairaFigure(line.loan_part),
    amount: nairaFigure(line.amount),
  };
  return { view, paid, amount: BigInt(line.amount) };
}

/**
 * The member's lines, newest declaration first: the declarations are read whole (a few a year), the
 * member's line of each shown one by key (one BatchGetItem), and, for a payment into savings still
 * running or stopped, the member's row of its batch (paid or not yet).
 */
export async function memberDividends(tenant: string, memberId: string): Promise<MemberDividendsView> {
  const declarations = (await allDeclarations(tenant)).filter(shown);
  const lines =
    declarations.length > 0
      ? await memberLinesOf(
          tenant,
          declarations.map((d) => d.id),
          memberId,
        )
      : new Map();
  const mine = declarations.filter((d) => lines.has(d.id));
  const presented = await Promise.all(
    mine.map(async (d) => {
      const line = lines.get(d.id) as DeclarationMember;
      const row = savingsUnderway(d) ? await paymentRowOf(tenant, d.id, line.member_id) : undefined;
      return present(d, line, row);
    }),
  );
  let paid = 0n;
  let unpaid = 0n;
  for (const p of presented) {
    if (p.paid) paid += p.amount;
    else unpaid += p.amount;
  }
  return {
    dividends: presented.map((p) => p.view),
    total_paid: nairaFigure(paid),
    total_unpaid: nairaFigure(unpaid),
  };
}
