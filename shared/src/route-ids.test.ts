import { describe, expect, it } from 'vitest';
import { isIdName } from './ids.ts';
import type { RouteDef } from './routes.ts';
import { ROUTES } from './routes.ts';

/** Ids a summary names that the route does not read at the top level of its request. */
const NOT_READ: Record<string, readonly string[]> = {
  // The import routes answer with the import_id; they do not read one.
  'POST /cooperative/member/import': ['import_id'],
  'POST /savings/import': ['import_id'],
  'POST /cooperative/loans/import': ['import_id'],
  // Each journal line names its GL account; the id rule holds id-named fields at any depth.
  'POST /cooperative/journal-entry': ['gl_code'],
};

describe("the route table's ids", () => {
  it('declares every id its summary names (cooperative_id is read by every signed-in route)', () => {
    for (const route of ROUTES as readonly RouteDef[]) {
      const name = `${route.method} ${route.path}`;
      const named = new Set(
        route.summary.match(/[a-z_]+/g)?.filter((word) => isIdName(word) && word !== 'cooperative_id'),
      );
      const missing = [...named].filter((id) => !route.ids?.includes(id) && !NOT_READ[name]?.includes(id));
      expect(missing, name).toEqual([]);
    }
  });

  it('names each id once per route', () => {
    for (const route of ROUTES as readonly RouteDef[])
      expect(new Set(route.ids).size, `${route.method} ${route.path}`).toBe(route.ids?.length ?? 0);
  });
});
