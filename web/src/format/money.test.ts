import { describe, expect, it } from 'vitest';
import { formatNaira } from './money';

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
