import { LRUCache } from 'lru-cache';
import type { TransactItem } from './db.ts';
import { table } from './db.ts';
import type { Key } from './keys.ts';

/**
 * Records that change rarely, kept per Lambda instance for a short time (docs/decisions.md,
 * 2026-11-26 "Approvals"): the GL accounts a posting names, the bank account and the savings setup
 * of an approval. A cached record is only ever used where the same transaction checks it
 * (`unchangedCheck` below, or the ledger's ConditionCheck of each GL account), so a record changed
 * by another instance within the TTL fails the transaction instead of being used. The writes of this
 * instance forget what they change (core/setup-store.ts), so its next request reads the new record.
 * A record that is not found is not cached; neither is a failed read.
 */
export const RECORD_TTL_MS = 30_000;
const MAX_RECORDS = 5_000;

/** A bounded map of values that expire `ttlMs` after they were stored, keyed by tenant and key. */
export class TtlCache<V extends object> {
  private readonly entries: LRUCache<string, V>;

  constructor(options: { ttlMs: number; max: number; now?: () => number }) {
    this.entries = new LRUCache<string, V>({
      max: options.max,
      ttl: options.ttlMs,
      ttlAutopurge: false,
      // Read the clock on every check (lru-cache otherwise reuses a reading for 1 ms).
      ttlResolution: 0,
      ...(options.now ? { perf: { now: options.now } } : {}),
    });
  }

  private static id(tenant: string, key: string): string {
    return `${tenant}\n${key}`;
  }

  /** The stored value of tenant+key while it is fresh, else what `load` finds (stored when found and `keep`). */
  async get(
    tenant: string,
    key: string,
    load: () => Promise<V | undefined>,
    keep: (value: V) => boolean = () => true,
  ): Promise<V | undefined> {
    const hit = this.peek(tenant, key);
    if (hit !== undefined) return hit;
    const loaded = await load();
    if (loaded !== undefined && keep(loaded)) this.set(tenant, key, loaded);
    return loaded;
  }

  /** The stored value of tenant+key while it is fresh. */
  peek(tenant: string, key: string): V | undefined {
    return this.entries.get(TtlCache.id(tenant, key));
  }

  set(tenant: string, key: string, value: V): void {
    this.entries.set(TtlCache.id(tenant, key), value);
  }

  forget(tenant: string, key: string): void {
    this.entries.delete(TtlCache.id(tenant, key));
  }

  get size(): number {
    return this.entries.size;
  }
}

const records = new TtlCache<object>({ ttlMs: RECORD_TTL_MS, max: MAX_RECORDS });
/** A table key's partition names its tenant (`T#<cooperative>#...`, core/keys.ts). */
const tenantOf = (key: Key) => key.pk.split('#', 2).join('#');
const keyText = (key: Key) => `${key.pk}\n${key.sk}`;

/**
 * The record at a table key from this instance's cache, else `load`'s (cached only when `keep` says
 * so: e.g. only an active record, so one reactivated elsewhere is not refused from the cache). The
 * caller must not change the record it gets, and must check it inside the transaction that uses it.
 */
export function cachedRecord<T extends object>(
  key: Key,
  load: () => Promise<T | undefined>,
  keep?: (record: T) => boolean,
): Promise<T | undefined> {
  return records.get(tenantOf(key), keyText(key), load, keep as ((record: object) => boolean) | undefined) as Promise<
    T | undefined
  >;
}

/** The cached record at a table key, if any (for reads that batch the keys not cached). */
export function peekRecord<T extends object>(key: Key): T | undefined {
  return records.peek(tenantOf(key), keyText(key)) as T | undefined;
}

/** Caches a record read at a table key (see `cachedRecord` for what its users must do). */
export function rememberRecord(key: Key, record: object): void {
  records.set(tenantOf(key), keyText(key), record);
}

/** After a write of the record at `key` (or a failed check of it): the next read goes to the table. */
export function forgetRecord(key: Key): void {
  records.forget(tenantOf(key), keyText(key));
}

/**
 * A ConditionCheck, for the transaction that uses a cached record, that the record still exists and
 * still holds the values it was used with (e.g. a bank account still active and still on its GL).
 */
export function unchangedCheck(key: Key, values: Record<string, string | number>): TransactItem {
  const fields = Object.entries(values);
  return {
    ConditionCheck: {
      TableName: table(),
      Key: key,
      ConditionExpression: ['attribute_exists(pk)', ...fields.map((_, i) => `#f${i} = :v${i}`)].join(' AND '),
      ...(fields.length > 0
        ? {
            ExpressionAttributeNames: Object.fromEntries(fields.map(([name], i) => [`#f${i}`, name])),
            ExpressionAttributeValues: Object.fromEntries(fields.map(([, value], i) => [`:v${i}`, value])),
          }
        : {}),
    },
  };
}
