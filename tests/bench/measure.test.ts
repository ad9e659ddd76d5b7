import { describe, expect, it } from 'vitest';
import { percentile, run } from './measure.ts';

describe('bench measurement', () => {
  it('takes percentiles by nearest rank', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile([7], 99)).toBe(7);
  });

  it('runs every task once and counts failures', async () => {
    const seen: number[] = [];
    const result = await run(10, 3, async (i) => {
      seen.push(i);
      if (i === 4) throw new Error('boom');
    });
    expect(seen.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(result.errors).toBe(1);
    expect(result.requests).toBe(10);
  });
});
