import { describe, expect, it } from 'vitest';
import { DOMAINS, ROUTES } from '@coopledger/shared/routes';

describe('the route table', () => {
  it('names every route once', () => {
    const names = ROUTES.map((r) => `${r.method} ${r.path}`);
    expect(new Set(names).size).toBe(names.length);
  });

  it('has a handler module for every domain, and each handler covers exactly its routes', async () => {
    for (const domain of DOMAINS) {
      // domainHandler throws at import when a route has no handler or a handler no route.
      const module = (await import(`../${domain}/handler.ts`)) as { handler: unknown };
      expect(typeof module.handler, domain).toBe('function');
    }
  });

  it('gives every non-public route at least one role and a tenancy', () => {
    for (const route of ROUTES) {
      if (route.roles === 'public') expect(route.tenant).toBe('public');
      else {
        expect(route.roles.length).toBeGreaterThan(0);
        expect(route.tenant).not.toBe('public');
      }
    }
  });
});
