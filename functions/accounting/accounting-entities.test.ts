import { describe, expect, it } from 'vitest';
import { JOURNAL_ENTRY_STATUS } from '@coopledger/shared/statuses';
import { createEffect, replaceEffect } from './journal-entry-entity.ts';
import { useConfigEnv } from '../core/test-support/config-env.ts';

/** An entry as createEntry stored it before entity modules (docs/data-model.md, "Manual journal entry"). */
const stored = {
  pk: 'T#C1#JE#JV000001',
  sk: 'ENTRY',
  gsi1pk: 'T#C1#JES',
  gsi1sk: '2026-03-10#JV000001',
  entity: 'JOURNAL_ENTRY',
  transaction_code: 'JV000001',
  date: '2026-03-10',
  description: 'Office rent',
  lines: [
    { gl_code: '601001', description: 'Rent', debit: 5_000_000, credit: 0 },
    { gl_code: '101001', debit: 0, credit: 5_000_000 },
  ],
  journal_id: 'J1',
  version: 1,
  status: JOURNAL_ENTRY_STATUS.POSTED,
  created_by: 'ADMIN',
  created_at: '2026-03-10T09:00:00.000Z',
  updated_at: '2026-03-10T09:00:00.000Z',
};

describe('journal entry entity', () => {
  useConfigEnv({ TABLE_NAME: 'entity-test' });

  it('writes a new entry as entries were stored before, only if its code is new', () => {
    const { pk: _pk, sk: _sk, gsi1pk: _1, gsi1sk: _2, entity: _3, ...entry } = stored;
    const { item } = createEffect('C1', entry);
    // As before, and in the posted entries' index by date (the journal list).
    expect(item.Put?.Item).toEqual({ ...stored, gsi2pk: 'T#C1#JES#POSTED', gsi2sk: '2026-03-10#JV000001' });
    expect(item.Put?.ConditionExpression).toMatch(/^attribute_not_exists\(/);
  });

  it("an edit's posting replaces the lines whole, moves the entry to its new date in the list and clears the pending version, only at the version read", () => {
    const lines = [
      { gl_code: '601001', debit: 4_000_000, credit: 0 },
      { gl_code: '101001', debit: 0, credit: 4_000_000 },
    ];
    const { item, onConditionFailed } = replaceEffect('C1', stored, {
      version: 2,
      date: '2026-03-12',
      description: 'Office rent (corrected)',
      lines,
      journal_id: 'J2',
      updated_at: 'now',
      updated_by: 'ADMIN',
    });
    const update = item.Update!;
    expect(update.Key).toEqual({ pk: 'T#C1#JE#JV000001', sk: 'ENTRY' });
    const names = update.ExpressionAttributeNames ?? {};
    const values = update.ExpressionAttributeValues ?? {};
    const valueOf = (attribute: string): unknown => {
      const name = Object.keys(names).find(
        (n) => names[n] === attribute && update.UpdateExpression?.includes(`${n} = `),
      );
      const match = new RegExp(`${name} = (:[a-z0-9_]+)`).exec(update.UpdateExpression ?? '');
      return match ? values[match[1]] : undefined;
    };
    // Two lines where there were two: an element-wise update would leave a longer old list's tail.
    expect(valueOf('lines')).toEqual(lines);
    expect(valueOf('gsi1sk')).toBe('2026-03-12#JV000001');
    expect(valueOf('gsi2sk')).toBe('2026-03-12#JV000001');
    expect(valueOf('version')).toBe(2);
    expect(update.UpdateExpression).toMatch(/REMOVE #r_1/);
    expect(names['#r_1']).toBe('pending_version');
    expect(update.ConditionExpression).toBe('(#c_1 = :c_1) AND (#c_2 = :c_2)');
    expect([names['#c_1'], values[':c_1'], names['#c_2'], values[':c_2']]).toEqual([
      'version',
      1,
      'status',
      JOURNAL_ENTRY_STATUS.POSTED,
    ]);
    expect(onConditionFailed?.statusCode).toBe(409);
  });
});
