import { describe, expect, it, vi } from 'vitest';
import { useConfigEnv } from './test-support/config-env.ts';
import { TtlCache, unchangedCheck } from './ttl-cache.ts';

/** A cache on a clock the test moves by hand. */
function cacheAt(options: { ttlMs?: number; max?: number } = {}) {
  let now = 1_000;
  const cache = new TtlCache<{ v: number }>({ ttlMs: options.ttlMs ?? 30_000, max: options.max ?? 10, now: () => now });
  return { cache, advance: (ms: number) => (now += ms) };
}

describe('TtlCache', () => {
  it('reads a record once while it is fresh, and again once its TTL has passed', async () => {
    const { cache, advance } = cacheAt({ ttlMs: 30_000 });
    const load = vi.fn(async () => ({ v: 1 }));
    await cache.get('A', 'k', load);
    advance(29_999);
    expect(await cache.get('A', 'k', load)).toEqual({ v: 1 });
    expect(load).toHaveBeenCalledTimes(1);
    advance(2);
    await cache.get('A', 'k', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps the same key of two tenants apart', async () => {
    const { cache } = cacheAt();
    await cache.get('A', 'k', async () => ({ v: 1 }));
    expect(await cache.get('B', 'k', async () => ({ v: 2 }))).toEqual({ v: 2 });
    expect(cache.peek('A', 'k')).toEqual({ v: 1 });
  });

  it('never serves a record after it was forgotten', async () => {
    const { cache } = cacheAt();
    await cache.get('A', 'k', async () => ({ v: 1 }));
    cache.forget('A', 'k');
    expect(await cache.get('A', 'k', async () => ({ v: 2 }))).toEqual({ v: 2 });
  });

  it('does not remember a record that was not found, one it is told not to keep, or a failed read', async () => {
    const { cache } = cacheAt();
    expect(await cache.get('A', 'missing', async () => undefined)).toBeUndefined();
    expect(
      await cache.get(
        'A',
        'inactive',
        async () => ({ v: 0 }),
        (r) => r.v > 0,
      ),
    ).toEqual({ v: 0 });
    await expect(cache.get('A', 'broken', () => Promise.reject(new Error('read failed')))).rejects.toThrow();
    expect(cache.size).toBe(0);
  });

  it('holds no more than its bound, dropping the least recently used', async () => {
    const { cache } = cacheAt({ max: 3 });
    for (const k of ['a', 'b', 'c']) await cache.get('A', k, async () => ({ v: 1 }));
    cache.peek('A', 'a');
    await cache.get('A', 'd', async () => ({ v: 1 }));
    expect(cache.size).toBe(3);
    expect(cache.peek('A', 'b')).toBeUndefined();
    expect(cache.peek('A', 'a')).toEqual({ v: 1 });
  });
});

describe('unchangedCheck', () => {
  useConfigEnv({ TABLE_NAME: 'ttl-cache-test' });

  it('conditions the transaction on the record existing with every value it was used with', () => {
    const check = unchangedCheck({ pk: 'T#C#BANK_ACCOUNT', sk: 'B1' }, { status: 1, coa_id: '101001' });
    expect(check.ConditionCheck).toMatchObject({
      Key: { pk: 'T#C#BANK_ACCOUNT', sk: 'B1' },
      ConditionExpression: 'attribute_exists(pk) AND #f0 = :v0 AND #f1 = :v1',
      ExpressionAttributeNames: { '#f0': 'status', '#f1': 'coa_id' },
      ExpressionAttributeValues: { ':v0': 1, ':v1': '101001' },
    });
  });
});
