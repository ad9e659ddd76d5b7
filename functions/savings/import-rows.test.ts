import { describe, expect, it } from 'vitest';
import { checkSequence, chunkGroups, parseRow, postingOrder, rowIdentity } from './import-rows.ts';

const TODAY = '2026-06-30';
const raw = (values: Record<string, string>, row = 2) => ({ row, values });

describe('parseRow', () => {
  it('reads an opening balance to kobo', () => {
    expect(
      parseRow(
        'NORMAL_BALANCES',
        raw({ member: 'DEMO0001', product: 'Regular Savings', balance: '15,000.50', as_at_date: '2026-01-31' }),
        TODAY,
      ),
    ).toEqual({
      ok: {
        row: 2,
        member: 'DEMO0001',
        product: 'Regular Savings',
        transaction_type: 'DEPOSIT',
        amount: 1_500_050,
        date: '2026-01-31',
      },
      errors: [],
    });
  });

  it('reads a history row; the type is case-insensitive and the description optional', () => {
    const { ok } = parseRow(
      'NORMAL_HISTORY',
      raw({
        member: 'S-1',
        product: 'Regular Savings',
        transaction_type: 'withdrawal',
        amount: '0.01',
        date: '2026-02-28',
        description: '',
      }),
      TODAY,
    );
    expect(ok).toEqual({
      row: 2,
      member: 'S-1',
      product: 'Regular Savings',
      transaction_type: 'WITHDRAWAL',
      amount: 1,
      date: '2026-02-28',
      description: undefined,
    });
  });

  it('gives one error per bad column', () => {
    const { ok, errors } = parseRow(
      'NORMAL_HISTORY',
      raw(
        { member: '', product: 'Regular Savings', transaction_type: 'TRANSFER', amount: '1.005', date: '2026-13-01' },
        7,
      ),
      TODAY,
    );
    expect(ok).toBeUndefined();
    expect(errors).toEqual([
      { row: 7, column: 'member', message: 'This field is required' },
      { row: 7, column: 'transaction_type', message: 'Enter DEPOSIT or WITHDRAWAL' },
      { row: 7, column: 'amount', message: 'Enter an amount in naira with at most 2 decimals' },
      { row: 7, column: 'date', message: 'Enter a valid date as YYYY-MM-DD' },
    ]);
  });

  it('refuses zero and negative amounts, empty cells and future dates', () => {
    const { errors } = parseRow(
      'NORMAL_BALANCES',
      raw({ member: 'A', product: '', balance: '0', as_at_date: '2026-07-01' }),
      TODAY,
    );
    expect(errors.map((e) => [e.column, e.message])).toEqual([
      ['product', 'This field is required'],
      ['balance', 'Enter an amount greater than zero'],
      ['as_at_date', 'The date must not be in the future'],
    ]);
    expect(
      parseRow('NORMAL_BALANCES', raw({ member: 'A', product: 'P', balance: '-5', as_at_date: '2026-01-01' }), TODAY)
        .errors,
    ).toEqual([{ row: 2, column: 'balance', message: 'Enter an amount greater than zero' }]);
    expect(
      parseRow('NORMAL_BALANCES', raw({ member: 'A', product: 'P', balance: 'ten', as_at_date: '' }), TODAY).errors.map(
        (e) => e.message,
      ),
    ).toEqual(['Enter an amount in naira with at most 2 decimals', 'This field is required']);
  });

  it('refuses a target payment before its plan starts', () => {
    expect(
      parseRow(
        'TARGET_HISTORY',
        raw({ member: 'A', plan_start_date: '2026-03-01', amount: '10', date: '2026-02-01' }),
        TODAY,
      ).errors,
    ).toEqual([{ row: 2, column: 'date', message: 'The payment date must not be before the plan starts' }]);
    expect(
      parseRow(
        'TARGET_HISTORY',
        raw({ member: 'A', plan_start_date: '2026-03-01', amount: '10', date: '2026-03-01' }),
        TODAY,
      ).ok,
    ).toMatchObject({ plan_start_date: '2026-03-01', amount: 1000 });
  });
});

describe('checkSequence', () => {
  it('replays a plan by date, then file order, from its available balance', () => {
    const movements = [
      { row: 2, transaction_type: 'WITHDRAWAL' as const, amount: 500, date: '2026-01-10' },
      { row: 3, transaction_type: 'DEPOSIT' as const, amount: 400, date: '2026-01-05' },
      { row: 4, transaction_type: 'WITHDRAWAL' as const, amount: 401, date: '2026-01-10' },
    ];
    expect(checkSequence(movements, 100)).toEqual([
      {
        row: 4,
        column: 'amount',
        message: 'This withdrawal would take the balance below zero: ₦0 is available on 2026-01-10',
      },
    ]);
    expect(checkSequence(movements, 501)).toEqual([]);
  });

  it('skips rows already posted (the available balance holds them)', () => {
    expect(
      checkSequence([{ row: 2, transaction_type: 'WITHDRAWAL', amount: 500, date: '2026-01-10', posted: true }], 0),
    ).toEqual([]);
  });
});

describe('postingOrder, rowIdentity and chunkGroups', () => {
  it('orders by date then row', () => {
    expect(
      postingOrder([
        { row: 3, date: '2026-01-02' },
        { row: 4, date: '2026-01-01' },
        { row: 2, date: '2026-01-02' },
      ]).map((r) => r.row),
    ).toEqual([4, 2, 3]);
  });

  it('gives the same row the same identity, and tells equal rows apart by occurrence and cooperative', () => {
    const row = {
      member_id: 'demo0001',
      target: 'product:P1',
      transaction_type: 'DEPOSIT',
      amount: 100,
      date: '2026-01-01',
    };
    const id = rowIdentity('C1', 'NORMAL_HISTORY', row, 0);
    expect(id).toMatch(/^IMP[0-9a-f]{40}$/);
    expect(rowIdentity('C1', 'NORMAL_HISTORY', { ...row, member_id: 'DEMO0001' }, 0)).toBe(id);
    expect(rowIdentity('C1', 'NORMAL_HISTORY', row, 1)).not.toBe(id);
    expect(rowIdentity('C2', 'NORMAL_HISTORY', row, 0)).not.toBe(id);
    expect(rowIdentity('C1', 'NORMAL_BALANCES', row, 0)).not.toBe(id);
    expect(rowIdentity('C1', 'NORMAL_HISTORY', { ...row, amount: 101 }, 0)).not.toBe(id);
  });

  it('packs whole groups into chunks', () => {
    expect(chunkGroups([[1, 2], [3], [4, 5, 6], [7]], 3)).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(chunkGroups([[1, 2, 3, 4]], 3)).toEqual([[1, 2, 3, 4]]);
    expect(chunkGroups([], 3)).toEqual([]);
  });
});
