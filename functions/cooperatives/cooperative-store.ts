import type { TransactItem } from '#core/db';
import { nowIso } from '#core/db';
import type { CooperativeRecord } from './cooperative-entity.ts';
import { cooperativeCounted, cooperativePut, getCooperative, updateCooperativeRecord } from './cooperative-entity.ts';
import { cooperativeSearchWrites } from './cooperative-search-entity.ts';
import { codeClaimPut, cooperativeIdOfCode } from './cooperative-code-entity.ts';
import { statsPut } from './cooperative-stats-entity.ts';

export type { CooperativeRecord } from './cooperative-entity.ts';
export type { CooperativeStats } from './cooperative-stats-entity.ts';
export { statsOf } from './cooperative-stats-entity.ts';
export { allCooperatives as listCooperatives, getCooperative as findCooperative } from './cooperative-entity.ts';

export async function findCooperativeByCode(code: string): Promise<CooperativeRecord | undefined> {
  const id = await cooperativeIdOfCode(code);
  return id ? getCooperative(id) : undefined;
}

/**
 * A new cooperative: the claim on its code (a taken code fails the transaction), its profile, its
 * zero counts, its search items and the platform's counts of cooperatives.
 */
export function cooperativePuts(record: CooperativeRecord): TransactItem[] {
  return [
    codeClaimPut(record.code, record.id, record.created_at),
    cooperativePut(record),
    statsPut(record.id),
    ...cooperativeSearchWrites(undefined, record),
    ...cooperativeCounted(record.status, 1),
  ];
}

export const updateCooperative = (id: string, changes: Parameters<typeof updateCooperativeRecord>[1]) =>
  updateCooperativeRecord(id, changes, nowIso());
