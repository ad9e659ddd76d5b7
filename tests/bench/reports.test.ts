import { describe, expect, it } from 'vitest';
import {
  FIRST_DAY,
  LAST_DAY,
  LedgerModel,
  MONTHS,
  PAIRS,
  RANGES,
  journalAt,
  journalItems,
  measureName,
} from './reports.ts';

describe('bench reports ledger', () => {
  it('generates the same journals every time, over 24 months and every pair of accounts', () => {
    expect(MONTHS).toHaveLength(24);
    expect(journalAt(12345)).toEqual(journalAt(12345));
    const journals = Array.from({ length: 20_000 }, (_, i) => journalAt(i));
    const months = new Set(journals.map((j) => j.date.slice(0, 7)));
    const pairs = new Set(journals.map((j) => `${j.debit}/${j.credit}`));
    expect(months.size).toBe(24);
    expect(pairs.size).toBe(PAIRS.length);
    for (const j of journals) {
      expect(j.date >= FIRST_DAY && j.date <= LAST_DAY).toBe(true);
      expect(Number.isSafeInteger(j.amount) && j.amount >= 1000_00 && j.amount <= 500_000_99).toBe(true);
      expect(j.debit).not.toBe(j.credit);
    }
    // Not all the same: a sum that drops or doubles one journal shows.
    expect(new Set(journals.map((j) => j.amount)).size).toBeGreaterThan(19_000);
  });

  it('writes a header and one line per side, balanced, with the ledger keys', () => {
    const j = journalAt(7);
    const [head, debit, credit] = journalItems('C1', j, 'J1', '2026-01-01T00:00:00Z');
    expect(head).toMatchObject({
      pk: 'T#C1#JOURNAL#J1',
      sk: 'HEAD',
      gsi1pk: `T#C1#JOURNALS#${j.date.slice(0, 7)}`,
      amount: j.amount,
    });
    expect(debit).toMatchObject({
      pk: `T#C1#GL#${j.debit}#${j.date.slice(0, 7)}`,
      sk: `${j.date}#J1#000`,
      dc: 'D',
      amount: j.amount,
    });
    expect(credit).toMatchObject({
      pk: `T#C1#GL#${j.credit}#${j.date.slice(0, 7)}`,
      sk: `${j.date}#J1#001`,
      dc: 'C',
      amount: j.amount,
    });
  });

  it('keeps the month, day and all-time balances the ledger would hold', () => {
    const model = new LedgerModel();
    for (let i = 0; i < 5000; i++) model.add(journalAt(i));
    const items = model.balanceItems('C1');
    const sum = (entity: string, side: 'debit' | 'credit') =>
      items.filter((i) => i.entity === entity).reduce((s, i) => s + Number(i[side]), 0);
    for (const entity of ['GL_DAY', 'GL_MONTH', 'GL_TOTAL']) {
      expect(sum(entity, 'debit')).toBe(model.debitTotal);
      expect(sum(entity, 'credit')).toBe(model.debitTotal);
    }
    expect(
      items
        .filter((i) => i.entity === 'GL_TOTAL')
        .map((i) => i.sk)
        .sort(),
    ).toEqual([...new Set(PAIRS.flat())].sort());
    const all = [...model.between(FIRST_DAY, LAST_DAY).values()];
    expect(all.reduce((s, m) => s + m.debit, 0)).toBe(model.debitTotal);
    const mid = [...model.between(RANGES.mid.start, RANGES.mid.end).values()].reduce((s, m) => s + m.debit, 0);
    expect(mid).toBeGreaterThan(0);
    expect(mid).toBeLessThan(model.debitTotal);
  });

  it('names measures like the other measures', () => {
    expect(measureName('trialBalance', 'full', 'small')).toBe('trialBalanceFullSmall1');
    expect(measureName('balanceSheet', 'mid', 'large')).toBe('balanceSheetMidLarge1');
  });
});
