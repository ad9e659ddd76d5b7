import { describe, expect, it } from 'vitest';
import { appliedUpdate } from './audit.ts';

describe('appliedUpdate: the "after" of an update, from the item read before it', () => {
  const before = { pk: 'T#C#ORDER#1', sk: 'ORDER', status: 0, balance: 1500, note: 'old', gsi2pk: 'P', gsi2sk: 'S' };

  it('sets values, adds, subtracts, keeps what exists and removes', () => {
    const after = appliedUpdate(before, {
      UpdateExpression:
        'SET #s = :s, #b = #b + :d, #n = if_not_exists(#n, :n), #m = if_not_exists(#m, :m) REMOVE #g1, #g2',
      ExpressionAttributeNames: {
        '#s': 'status',
        '#b': 'balance',
        '#n': 'note',
        '#m': 'memo',
        '#g1': 'gsi2pk',
        '#g2': 'gsi2sk',
      },
      ExpressionAttributeValues: { ':s': 1, ':d': 250, ':n': 'new', ':m': 'first' },
    });
    // 1,500 + 250 = 1,750; note kept (it exists); memo set (it did not).
    expect(after).toEqual({ pk: 'T#C#ORDER#1', sk: 'ORDER', status: 1, balance: 1750, note: 'old', memo: 'first' });
  });

  it('adds a number with ADD, from zero when there was none, and subtracts with SET a = a - :v', () => {
    const after = appliedUpdate(before, {
      UpdateExpression: 'ADD #b :d, #c :one SET #s = #s - :one',
      ExpressionAttributeNames: { '#b': 'balance', '#c': 'count', '#s': 'status' },
      ExpressionAttributeValues: { ':d': -500, ':one': 1 },
    });
    expect([after.balance, after.count, after.status]).toEqual([1000, 1, -1]);
  });

  it('marks what it cannot work out (a nested path, a list append) as changed', () => {
    const after = appliedUpdate(before, {
      UpdateExpression: 'SET #a.#b = :v, #l = list_append(#l, :x)',
      ExpressionAttributeNames: { '#a': 'grid', '#b': 'members', '#l': 'lines' },
      ExpressionAttributeValues: { ':v': 1, ':x': [1] },
    });
    expect([after.grid, after.lines]).toEqual(['(changed)', '(changed)']);
  });

  it('adds exactly past 2^53 kobo, giving the digits when the total is not a safe number', () => {
    const after = appliedUpdate(
      { pk: 'T#C#GLTOT', sk: '101', debit: 9_007_199_254_740_991, credit: 5n },
      {
        UpdateExpression: 'ADD #d :d, #c :c',
        ExpressionAttributeNames: { '#d': 'debit', '#c': 'credit' },
        ExpressionAttributeValues: { ':d': 1, ':c': 7n },
      },
    );
    // 9,007,199,254,740,991 + 1 = 9,007,199,254,740,992 (2^53, past the safe integers); 5 + 7 = 12.
    expect([after.debit, after.credit]).toEqual(['9007199254740992', 12]);
  });
});
