import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compareKobo, figureKobo, formatNaira, koboOf, nairaFigure, nairaText, storedKobo, sumKobo } from './money.ts';

/**
 * Totals of any size (issue 18, item 1): sums are exact bigints, and a naira figure goes on the wire
 * as a number only while a double holds every kobo of it (below 2^46 naira), else as decimal text.
 */
const TWO_46_NAIRA_IN_KOBO = 7_036_874_417_766_400n; // 2^46 × 100

describe('sums of amounts', () => {
  it('adds numbers and bigints from the table exactly past 2^53', () => {
    // 2^53 − 1 + 1 + 1: as numbers the last kobo would be lost.
    expect(sumKobo([Number.MAX_SAFE_INTEGER, 1, 1])).toBe(9_007_199_254_740_993n);
    expect(sumKobo([9_007_199_254_740_993n, -3, undefined])).toBe(9_007_199_254_740_990n);
    expect(koboOf('123')).toBe(123n);
    expect(() => koboOf(1.5)).toThrow(RangeError);
    expect(() => koboOf(2 ** 60)).toThrow(RangeError);
    expect(compareKobo(9_007_199_254_740_993n, Number.MAX_SAFE_INTEGER)).toBe(1);
  });

  it('stores a sum as a number while it is one exactly, else as a bigint', () => {
    expect(storedKobo(9_007_199_254_740_991n)).toBe(Number.MAX_SAFE_INTEGER);
    expect(storedKobo(9_007_199_254_740_992n)).toBe(9_007_199_254_740_992n);
    expect(storedKobo(-5n)).toBe(-5);
  });
});

describe('naira figures on the wire', () => {
  it('are numbers below 2^46 naira and decimal text from there on', () => {
    expect(nairaFigure(123_45)).toBe(123.45);
    expect(nairaFigure(TWO_46_NAIRA_IN_KOBO - 1n)).toBe(70_368_744_177_663.99);
    expect(nairaFigure(TWO_46_NAIRA_IN_KOBO)).toBe('70368744177664.00');
    expect(nairaFigure(9_007_199_254_740_993n)).toBe('90071992547409.93');
    expect(nairaFigure(-9_007_199_254_740_993n)).toBe('-90071992547409.93');
    expect(nairaText(-5)).toBe('-0.05');
  });

  it('print back every kobo exactly below the threshold, and read back exactly either way', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -TWO_46_NAIRA_IN_KOBO + 1n, max: TWO_46_NAIRA_IN_KOBO - 1n }), (kobo) => {
        const figure = nairaFigure(kobo);
        expect(typeof figure).toBe('number');
        // JSON carries the number's shortest text; it must be the exact two-decimal amount.
        expect(figureKobo(JSON.parse(JSON.stringify(figure)) as number)).toBe(kobo);
      }),
    );
    fc.assert(
      fc.property(fc.bigInt({ min: TWO_46_NAIRA_IN_KOBO, max: 10n ** 30n }), (kobo) => {
        expect(figureKobo(nairaFigure(kobo))).toBe(kobo);
        expect(figureKobo(nairaFigure(-kobo))).toBe(-kobo);
      }),
    );
  });

  it('would lose kobo as numbers past 2^46 naira, which is why they are text there', () => {
    // ₦70,368,744,177,664.01 and .02 are the same double.
    expect(Number('70368744177664.01')).toBe(Number('70368744177664.02'));
    expect(nairaFigure(TWO_46_NAIRA_IN_KOBO + 1n)).not.toBe(nairaFigure(TWO_46_NAIRA_IN_KOBO + 2n));
  });

  it('are read back from the wire, numbers and text, refusing anything else', () => {
    expect(figureKobo(1234.5)).toBe(123450n);
    expect(figureKobo('90071992547409.9')).toBe(9_007_199_254_740_990n);
    expect(figureKobo('1,000.05')).toBe(100005n);
    expect(figureKobo('1.005')).toBeUndefined();
    expect(figureKobo('abc')).toBeUndefined();
    expect(figureKobo(null)).toBeUndefined();
  });
});

describe('formatNaira of totals', () => {
  it('formats a total past 2^53 kobo to the kobo', () => {
    expect(formatNaira(9_008_199_254_740_990n)).toBe('₦90,081,992,547,409.90');
    expect(formatNaira(-9_007_199_254_740_993n)).toBe('-₦90,071,992,547,409.93');
    expect(formatNaira(0n)).toBe('₦0');
  });
});
