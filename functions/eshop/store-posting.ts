import type { Kobo } from '@coopledger/shared/money';
import { formatNaira, kobo } from '@coopledger/shared/money';
import { amountLimit } from '@coopledger/shared/posting-rules';
import { writeEffects } from '#core/entity';
import { conflict, invalid } from '#core/errors';
import { newId } from '#core/ids';
import type { Effect, Posting, PostingLine } from '#core/ledger';
import { post } from '#core/ledger';

/**
 * A store posting: pairs of a debit and a credit of the same amount (a sale and its cost, a receipt,
 * a write-off). A pair worth nothing (a free item, stock whose cost rounds to 0 kobo) is left out,
 * and when every pair is, the effects land in one transaction without a journal. The journal id is
 * chosen first so the effects (stock movements, the order) can name it; null when there is none.
 */
export interface StorePosting extends Omit<Posting, 'lines' | 'effects' | 'journalId'> {
  pairs: { debit: string; credit: string; amount: number; description?: string }[];
  /** The effects, given the journal id (null when nothing of value moves). */
  effects: (journalId: string | null) => Effect[];
}

export const linesOf = (pairs: StorePosting['pairs']): PostingLine[] =>
  pairs
    .filter((pair) => pair.amount > 0)
    .flatMap((pair) => [
      { glCode: pair.debit, side: 'D' as const, amount: kobo(pair.amount), description: pair.description },
      { glCode: pair.credit, side: 'C' as const, amount: kobo(pair.amount), description: pair.description },
    ]);

/** Posts a store posting once per idempotency key; answers the journal id (null when nothing of value moved). */
export async function postStore(posting: StorePosting): Promise<{ journalId: string | null; duplicate: boolean }> {
  const { pairs, effects, ...rest } = posting;
  const lines = linesOf(pairs);
  if (lines.length === 0) {
    await writeEffects(effects(null), conflict('This changed at the same time; please try again'));
    return { journalId: null, duplicate: false };
  }
  const journalId = newId();
  return post({ ...rest, lines, journalId, effects: effects(journalId) });
}

/**
 * A value worked out from a price and a quantity (kobo, exact as a bigint), refused with 422 on
 * `field` when it is more than the largest single amount allowed (the cooperative's limit), so no
 * product of large figures reaches the ledger or past the safe integers.
 */
export function withinLimit(value: bigint, field: string, what: string): Kobo {
  const limit = amountLimit();
  if (value > BigInt(limit)) {
    throw invalid(field, `${what} comes to more than ${formatNaira(limit)}, the largest amount allowed`);
  }
  return kobo(Number(value));
}
