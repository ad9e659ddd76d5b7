import { describe, expect, it } from 'vitest';
import { moneyCell } from './workbook.ts';

describe('money cells of the downloads', () => {
  it('are numbers while Excel holds every kobo (15 digits), exact text from ₦10 trillion', () => {
    expect(moneyCell(1234.5)).toBe(1234.5);
    expect(moneyCell(9_999_999_999_999.99)).toBe(9_999_999_999_999.99);
    expect(moneyCell(10_000_000_000_000)).toBe('10000000000000.00');
    expect(moneyCell('90071992547409.93')).toBe('90071992547409.93');
    expect(moneyCell(-12_345_678_901_234.5)).toBe('-12345678901234.50');
    expect(moneyCell(undefined)).toBe('');
  });
});
