import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { RouteDef } from '@coopledger/shared/routes';
import { ROUTES } from '@coopledger/shared/routes';
import { AUDIT_COVERAGE_FILE } from '../shared/audit-coverage.ts';
import { CHANGES_NOTHING } from '../api/support/audit-check.ts';

/**
 * Runs after every API test file (its own project, a later group: vitest.config.ts). Each write call
 * those files made that succeeded was checked for its one audit record (tests/api/support/audit-check.ts);
 * here every write route of the route table must be among them, so a new route cannot go unchecked.
 */
const writeRoutes = (ROUTES as readonly RouteDef[])
  .filter((route) => route.method !== 'GET' && route.roles !== 'public')
  .map((route) => `${route.method} ${route.path}`)
  .filter((name) => !CHANGES_NOTHING.has(name));

describe('every write route was seen to leave its audit record', () => {
  const checked = existsSync(AUDIT_COVERAGE_FILE)
    ? new Set(readFileSync(AUDIT_COVERAGE_FILE, 'utf8').split('\n').filter(Boolean))
    : new Set<string>();

  it('after the API tests ran (npm run test:api runs both)', () => {
    expect(checked.size, `${AUDIT_COVERAGE_FILE} lists no route: run the api project first`).toBeGreaterThan(0);
  });

  it.each(writeRoutes)('%s', (name) => {
    expect(checked.has(name), `no API test changed something through ${name}`).toBe(true);
  });
});
