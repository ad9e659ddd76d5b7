import { describe, expect, it } from 'vitest';
import { addFigures, formatNaira, subtractFigures } from './money';

describe('formatNaira', () => {
  it('shows naira with thousands separators and 2 decimals', () => {
    expect(formatNaira(1234.5)).toBe('₦1,234.50');
    expect(formatNaira(1_000_000)).toBe('₦1,000,000.00');
  });

  it('shows zero as naira 0', () => {
    expect(formatNaira(0)).toBe('₦0');
    expect(formatNaira('0.00')).toBe('₦0');
    expect(formatNaira(0.001)).toBe('₦0');
  });

  it('treats a missing amount as zero', () => {
    expect(formatNaira(null)).toBe('₦0');
    expect(formatNaira(undefined)).toBe('₦0');
  });

  it('reads numeric strings from the API', () => {
    expect(formatNaira('2500.75')).toBe('₦2,500.75');
  });

  it('puts the sign before the currency symbol', () => {
    expect(formatNaira(-45.1)).toBe('-₦45.10');
  });

  it('shows a dash for something that is not a number', () => {
    expect(formatNaira('abc')).toBe('—');
  });
});

/**
 * Figures of any size as the API sends them (numbers, or decimal text past ₦70 trillion): shown and added to the kobo.
 */
describe('naira figures past what a number holds', () => {
  it('shows decimal text exactly', () => {
    expect(formatNaira('90081992547409.90')).toBe('₦90,081,992,547,409.90');
    expect(formatNaira('-90071992547409.93')).toBe('-₦90,071,992,547,409.93');
    expect(formatNaira('180143985094819.84')).toBe('₦180,143,985,094,819.84');
  });

  it('adds and subtracts to the kobo, whatever the mix of numbers and text', () => {
    expect(addFigures([0.1, 0.2])).toBe(0.3);
    expect(addFigures(['90071992547409.91', 0.01, 10_000_000_000])).toBe('90081992547409.92');
    expect(subtractFigures('90081992547409.92', 0.02)).toBe('90081992547409.90');
    expect(subtractFigures('70368744177664.00', 0.01)).toBe(70_368_744_177_663.99);
  });
});
