import { z } from 'zod';
import type { AccessGrid } from '@coopledger/shared/schemas/roles';
import type { Item, TransactItem } from '#core/db';
import { getItem, table, writeOne } from '#core/db';
import { AppError } from '#core/errors';
import { keys } from '#core/keys';
import { logger } from '#core/logger';

type GridUpdate = NonNullable<TransactItem['Update']>;

/**
 * The Role Access grids (docs/decisions.md, 2026-11-22 "Role Access"): one platform item holding
 * each saved grid as its own attribute, `grid#<role id>`, so saving one role's grid never rewrites
 * another's. Toolbox's item schemas name a fixed set of attributes and cannot declare attributes
 * named by a role id, so this module builds its two updates itself and checks each grid it reads.
 */
const ATTRIBUTE_PREFIX = 'grid#';
const permissions = z.object({ read: z.boolean(), write: z.boolean(), delete: z.boolean() });
const storedGrid = z.object({ members: permissions, loans: permissions, savings: permissions, setup: permissions });

/**
 * The whole stored item: its key, `entity` and the time of the last save (both written by every save,
 * optional when read, as items staged with grids alone are), and nothing else but grids (an attribute
 * that is neither is a fault in the data, as a grid that does not match is).
 */
const storedItem = z
  .object({
    pk: z.string(),
    sk: z.string(),
    entity: z.literal('ROLE_ACCESS').optional(),
    updated_at: z.string().optional(),
  })
  .catchall(z.unknown())
  .superRefine((stored, ctx) => {
    for (const [name, value] of Object.entries(stored)) {
      if (['pk', 'sk', 'entity', 'updated_at'].includes(name)) continue;
      if (!name.startsWith(ATTRIBUTE_PREFIX)) ctx.addIssue({ code: 'custom', path: [name], message: 'Not a grid' });
      else if (!storedGrid.safeParse(value).success)
        ctx.addIssue({ code: 'custom', path: [name], message: 'Not a Role Access grid' });
    }
  });

export type SavedGrids = Map<string, AccessGrid>;

/**
 * Every saved grid, by role id (a consistent read); an item or a grid that does not match its schema
 * is an internal error.
 */
export async function readSavedGrids(): Promise<SavedGrids> {
  const stored = await getItem<Item>(keys.roleAccess(), true);
  const grids: SavedGrids = new Map();
  if (!stored) return grids;
  const checked = storedItem.safeParse(stored);
  if (!checked.success) {
    logger.error('A stored item does not match its entity schema', {
      entity: 'ROLE_ACCESS',
      key: keys.roleAccess(),
      problem: checked.error.message,
    });
    throw new AppError('INTERNAL', 'A stored record could not be read');
  }
  for (const [name, value] of Object.entries(checked.data)) {
    if (name.startsWith(ATTRIBUTE_PREFIX)) grids.set(name.slice(ATTRIBUTE_PREFIX.length), storedGrid.parse(value));
  }
  return grids;
}

const gridName = (roleId: string) => ({ '#grid': `${ATTRIBUTE_PREFIX}${roleId}` });

/** Sets one role's grid (creating the item when it is the first). */
export function gridSave(roleId: string, grid: AccessGrid, now: string): GridUpdate {
  return {
    TableName: table(),
    Key: keys.roleAccess(),
    UpdateExpression: 'SET #grid = :grid, updated_at = :now, entity = :entity',
    ExpressionAttributeNames: gridName(roleId),
    ExpressionAttributeValues: { ':grid': storedGrid.parse(grid), ':now': now, ':entity': 'ROLE_ACCESS' },
  };
}

/** Removes one role's grid (the role falls back to its base role's grid). */
export function gridRemoval(roleId: string): GridUpdate {
  return {
    TableName: table(),
    Key: keys.roleAccess(),
    UpdateExpression: 'REMOVE #grid',
    ExpressionAttributeNames: gridName(roleId),
  };
}

export async function writeGrid(update: GridUpdate): Promise<void> {
  await writeOne({ Update: update });
}
