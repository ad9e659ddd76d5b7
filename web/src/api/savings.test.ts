import { describe, expect, it } from 'vitest';
import { historyFileName } from './savings';

describe('historyFileName', () => {
  it('names the download by member and local time of the download', () => {
    expect(historyFileName('DEMO0001', new Date(2026, 0, 5, 9, 3, 7))).toBe(
      'transaction-history-DEMO0001-20260105-090307.xlsx',
    );
    expect(historyFileName('X1', new Date(2026, 11, 31, 23, 59, 59))).toBe(
      'transaction-history-X1-20261231-235959.xlsx',
    );
  });
});
