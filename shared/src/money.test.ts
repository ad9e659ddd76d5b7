import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatNaira, parseNaira, percentOf, toKobo, toNaira } from './money.ts';

describe('money', () => {
  it('converts naira with up to 2 decimals to integer kobo', () => {
    expect(parseNaira(1234.5)).toBe(123450);
    expect(parseNaira('1,000.05')).toBe(100005);
    expect(parseNaira('0.1')).toBe(10);
    expect(parseNaira(0.29)).toBe(29);
  });

  it('refuses more than 2 decimals and things that are not numbers', () => {
    expect(parseNaira('1.005')).toBeUndefined();
    expect(parseNaira('abc')).toBeUndefined();
    expect(parseNaira('')).toBeUndefined();
    expect(parseNaira(null)).toBeUndefined();
    expect(() => toKobo('12.345')).toThrow(RangeError);
  });

  it('round-trips every kobo amount through naira exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (kobo) => {
        expect(parseNaira(toNaira(kobo))).toBe(kobo);
        expect(parseNaira(String(toNaira(kobo)))).toBe(kobo);
      }),
    );
  });

  it('rounds percentages half-even to the kobo', () => {
    expect(percentOf(250, 1)).toBe(2); // 2.5 -> 2
    expect(percentOf(350, 1)).toBe(4); // 3.5 -> 4
    expect(percentOf(1_000_000, 2.5)).toBe(25_000);
  });

  it('formats naira with 2 decimals and zero as naira 0', () => {
    expect(formatNaira(0)).toBe('₦0');
    expect(formatNaira(123456789)).toBe('₦1,234,567.89');
    expect(formatNaira(-5)).toBe('-₦0.05');
  });
});
