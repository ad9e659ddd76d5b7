import { describe, expect, it } from 'vitest';
import { MAX_ID_LENGTH, isIdName, isValidId } from './ids.ts';

describe('the id rule', () => {
  it('knows ids by their names, but not the staff ID people type', () => {
    for (const name of [
      'id',
      'coop_id',
      'cooperative_id',
      'loan_id',
      'principal_gl',
      'cooperative_code',
      'transaction_code',
      'ledger_code',
      'gl_code',
    ]) {
      expect(isIdName(name), name).toBe(true);
    }
    for (const name of ['staff_id', 'sort_code', 'code', 'name', 'identity', 'ids'])
      expect(isIdName(name), name).toBe(false);
  });

  it('accepts the ids the platform makes and blank values', () => {
    for (const value of [
      '01JD3K7Q8X9Y2Z4A5B6C7D8E9F',
      'DEMO0001',
      'DEMO-ADMIN',
      'super.admin_1',
      'NG-LAGOS',
      '10101',
      42,
      '',
      '   ',
      null,
      undefined,
    ]) {
      expect(isValidId(value), String(value)).toBe(true);
    }
  });

  it(`refuses ids longer than ${MAX_ID_LENGTH} characters, key separators and values that are not text or numbers`, () => {
    expect(isValidId('A'.repeat(MAX_ID_LENGTH))).toBe(true);
    expect(isValidId('A'.repeat(MAX_ID_LENGTH + 1))).toBe(false);
    for (const value of [
      'T#OTHER',
      'DEMO 0001',
      'a/b',
      'Fúnmi',
      [['x']],
      { id: 'x' },
      true,
      Number.NaN,
      Number.POSITIVE_INFINITY,
    ]) {
      expect(isValidId(value), JSON.stringify(value)).toBe(false);
    }
  });
});
