import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as DbModule from '#core/db';
import { AppError } from '#core/errors';

/** The Role Access item read by readSavedGrids, written here by hand in the shape gridSave stores it. */
const stored = vi.hoisted(() => ({ item: undefined as Record<string, unknown> | undefined }));
vi.mock('#core/db', async (original) => ({
  ...(await original<typeof DbModule>()),
  getItem: async () => stored.item,
}));
vi.mock('#core/logger', () => ({ logger: { info: vi.fn(), warn: vi.fn(), error: vi.fn() } }));

const { readSavedGrids } = await import('./role-access-entity.ts');

const allowed = { read: true, write: true, delete: false };
const grid = { members: allowed, loans: allowed, savings: allowed, setup: { read: true, write: false, delete: false } };
const item = {
  pk: 'T#PLATFORM',
  sk: 'ROLE_ACCESS',
  entity: 'ROLE_ACCESS',
  updated_at: '2026-03-10T09:00:00.000Z',
  'grid#R1': grid,
};

async function refusal(): Promise<unknown> {
  try {
    await readSavedGrids();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('the Role Access item', () => {
  beforeEach(() => {
    stored.item = undefined;
  });

  it('reads each saved grid by role id, and none when nothing was saved', async () => {
    expect(await readSavedGrids()).toEqual(new Map());
    stored.item = item;
    expect(await readSavedGrids()).toEqual(new Map([['R1', grid]]));
  });

  it('refuses an item holding an attribute that is not a grid, a grid of the wrong shape, or of another kind', async () => {
    for (const bad of [
      { ...item, note: 'x' },
      { ...item, 'grid#R2': { ...grid, loans: { read: 'yes', write: true, delete: true } } },
      { ...item, 'grid#R2': { members: allowed } },
      { ...item, entity: 'ROLE' },
    ]) {
      stored.item = bad;
      const error = await refusal();
      expect(error, JSON.stringify(bad)).toBeInstanceOf(AppError);
      expect((error as AppError).statusCode).toBe(500);
    }
  });
});
