import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  formatNaira,
  groupedNaira,
  kobo,
  koboOfNairaCell,
  multipleOf,
  parseNaira,
  percentOf,
  percentOfParts,
  ratioPercent,
  shareOf,
  toKobo,
  toNaira,
  wholePercent,
} from './money.ts';

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

  it('makes a Kobo only of a whole number of kobo within the safe integers', () => {
    expect(kobo(0)).toBe(0);
    expect(kobo(-250)).toBe(-250);
    expect(kobo(Number.MAX_SAFE_INTEGER)).toBe(9_007_199_254_740_991);
    for (const bad of [0.5, 1.005, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1]) {
      expect(() => kobo(bad), String(bad)).toThrow(RangeError);
    }
  });

  it('reads a naira number from a spreadsheet cell to the kobo, forgiving only a formula’s float noise', () => {
    expect(koboOfNairaCell(15000)).toBe(1_500_000);
    expect(koboOfNairaCell(0.1 + 0.2)).toBe(30); // 0.30000000000000004
    expect(koboOfNairaCell(1234.56)).toBe(123_456);
    expect(koboOfNairaCell(-12.5)).toBe(-1250);
    expect(koboOfNairaCell(1.005)).toBeUndefined(); // half a kobo is a third decimal, not noise
    expect(koboOfNairaCell(10.001)).toBeUndefined();
    expect(koboOfNairaCell(Number.NaN)).toBeUndefined();
    expect(koboOfNairaCell(Number.POSITIVE_INFINITY)).toBeUndefined();
    expect(koboOfNairaCell(1e14)).toBeUndefined(); // 10^16 kobo is beyond the safe integers
  });

  it('shares a percentage over parts, rounding half-even once at the end', () => {
    // ₦1,000 held all 31 days of a month at 12% a year: 1% of ₦1,000 = ₦10.
    expect(percentOfParts(100_000 * 31, 12, 12 * 31)).toBe(1000);
    expect(percentOfParts(1, 50, 1)).toBe(0); // 0.5 -> 0 (even)
    expect(percentOfParts(3, 50, 1)).toBe(2); // 1.5 -> 2 (even)
    expect(percentOfParts(2n ** 60n, 1, 100)).toBe(115_292_150_460_685); // 2^60 / 10^4 = 115292150460684.6976
    expect(() => percentOfParts(2n ** 60n, 100, 1)).toThrow(RangeError); // beyond the safe integers
  });

  it('shares an amount by a part of a whole, half-even to the kobo, and all of it for the whole', () => {
    expect(shareOf(61_500_000, 2, 15)).toBe(8_200_000); // 615,000.00 x 2/15 = 82,000.00
    expect(shareOf(100, 1, 3)).toBe(33); // 33.33...
    expect(shareOf(100, 2, 3)).toBe(67); // 66.66...
    expect(shareOf(100, 3, 3)).toBe(100);
    expect(shareOf(5, 1, 2)).toBe(2); // 2.5 -> 2 (even)
    expect(shareOf(7, 1, 2)).toBe(4); // 3.5 -> 4 (even)
    expect(shareOf(2n ** 60n, 1, 2 ** 20)).toBe(2 ** 40); // a stock value beyond 2^53 kobo
    // The parts of a stock taken out one by one add up to its value.
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), fc.integer({ min: 1, max: 50 }), (value, count) => {
        let left = value;
        let taken = 0;
        for (let onHand = count; onHand > 0; onHand--) {
          const cost = shareOf(left, 1, onHand);
          taken += cost;
          left -= cost;
        }
        return taken === value && left === 0;
      }),
    );
  });

  it('multiplies an amount half-even to the kobo', () => {
    expect(multipleOf(1_000_000, 2.5)).toBe(2_500_000);
    expect(multipleOf(333, 1.5)).toBe(500); // 499.5 -> 500 (even)
    expect(multipleOf(331, 1.5)).toBe(496); // 496.5 -> 496 (even)
    expect(multipleOf(101, 0.05)).toBe(5); // 5.05 -> 5
    expect(multipleOf(0, 3)).toBe(0);
  });

  it('gives a ratio as a percentage with 2 decimals, half up, exact beyond 2^53', () => {
    expect(ratioPercent(1n, 3n)).toBe(33.33);
    expect(ratioPercent(2n, 3n)).toBe(66.67);
    expect(ratioPercent(1n, 8n)).toBe(12.5);
    expect(ratioPercent(1n, 20_000n)).toBe(0.01); // 0.005% rounds half up
    expect(ratioPercent(1n, 20_001n)).toBe(0); // just under half a hundredth
    expect(ratioPercent(5n, 5n)).toBe(100);
    expect(ratioPercent(0n, 0n)).toBe(0);
    expect(ratioPercent(2n ** 60n, 2n ** 62n)).toBe(25);
  });

  it('gives a whole percent within 0..100, nothing to do counting as nothing done', () => {
    expect(wholePercent(0, 0)).toBe(0);
    expect(wholePercent(3, 0)).toBe(0);
    expect(wholePercent(1, 3)).toBe(33);
    expect(wholePercent(1, 8)).toBe(13); // 12.5 rounds up
    expect(wholePercent(12, 10)).toBe(100);
    expect(wholePercent(-1, 10)).toBe(0);
    expect(wholePercent(Number.NaN, 10)).toBe(0);
  });

  it('shows naira with separators and 2 decimals, exact for totals beyond 2^53', () => {
    expect(groupedNaira(0)).toBe('0.00');
    expect(groupedNaira(123_450)).toBe('1,234.50');
    expect(groupedNaira(-5)).toBe('-0.05');
    expect(groupedNaira(2n ** 63n)).toBe('92,233,720,368,547,758.08');
    expect(formatNaira(-123_450)).toBe('-₦1,234.50');
  });

  it('turns kobo into naira for the wire', () => {
    expect(toNaira(123_450)).toBe(1234.5);
    expect(toNaira(-1)).toBe(-0.01);
    expect(toNaira(0)).toBe(0);
  });
});
