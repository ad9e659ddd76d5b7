import { describe, expect, it } from 'vitest';
import { addFigures, formatNaira, subtractFigures } from './money';

/** Figures of any size as the API sends them (numbers, or decimal text past ₦70 trillion): shown and added to the kobo. */
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
