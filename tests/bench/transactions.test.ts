import { describe, expect, it } from 'vitest';
import { countTransactFailure, emptyCounts, keyShape } from './transactions.ts';

const id = '01KAMZ3Q5T8W2N6X4C7V9B1D0F';

describe('bench write counts', () => {
  it('names items by the shape of their key, without tenant or ids', () => {
    expect(keyShape({ pk: `T#${id}#GLTOT`, sk: '101002' })).toBe('GLTOT 101002');
    expect(keyShape({ pk: `T#${id}#SAVINGS#${id}`, sk: 'PLAN' })).toBe('SAVINGS#* PLAN');
    expect(keyShape({ pk: { S: `T#${id}#MEMBERSAV#DEMO0013` }, sk: { S: 'SUMMARY' } })).toBe('MEMBERSAV#* SUMMARY');
    expect(keyShape({ pk: `T#${id}`, sk: 'STATS' })).toBe('STATS');
  });

  it('counts conflicts by item, conditions and other errors apart', () => {
    const counts = emptyCounts();
    const items = [
      { Put: { Item: { pk: `T#${id}#IDEM`, sk: 'x' } } },
      { Update: { Key: { pk: `T#${id}#SAVSTATS`, sk: '2026-03' } } },
    ];
    const cancelled = (...codes: string[]) =>
      Object.assign(new Error('cancelled'), {
        name: 'TransactionCanceledException',
        CancellationReasons: codes.map((Code) => ({ Code })),
      });
    countTransactFailure(counts, cancelled('None', 'TransactionConflict'), items);
    countTransactFailure(counts, cancelled('ConditionalCheckFailed', 'None'), items);
    countTransactFailure(counts, Object.assign(new Error('busy'), { name: 'ThrottlingException' }), items);
    expect(counts).toMatchObject({
      transactConflicts: 1,
      transactConditionFailures: 1,
      conflictItems: { 'SAVSTATS 2026-03': 1 },
      transactOtherErrors: { ThrottlingException: 1 },
    });
  });
});
