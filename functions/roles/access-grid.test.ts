import { describe, expect, it } from 'vitest';
import { ROUTES } from '@coopledger/shared/routes';
import type { RouteDef } from '@coopledger/shared/routes';
import { accessKindOf, defaultGrid, effectiveGrid } from './access-grid.ts';

describe('the Role Access grid', () => {
  it('takes the access kind from the method', () => {
    expect(accessKindOf('GET')).toBe('read');
    expect(accessKindOf('POST')).toBe('write');
    expect(accessKindOf('PUT')).toBe('write');
    expect(accessKindOf('PATCH')).toBe('write');
    expect(accessKindOf('DELETE')).toBe('delete');
  });

  it('defaults to the seeded behaviour: staff full, executives and members read-only on setup', () => {
    for (const role of ['cooperative-admin', 'cooperative-accountant'] as const) {
      expect(defaultGrid(role)).toEqual({
        members: { read: true, write: true, delete: true },
        loans: { read: true, write: true, delete: true },
        savings: { read: true, write: true, delete: true },
        setup: { read: true, write: true, delete: true },
      });
    }
    for (const role of ['cooperative-executive', 'cooperative-member'] as const) {
      expect(defaultGrid(role).setup).toEqual({ read: true, write: false, delete: false });
    }
  });

  it('gives a store keeper Setup only: the catalogue and the bank accounts, nothing of members, loans or savings', () => {
    const none = { read: false, write: false, delete: false };
    expect(defaultGrid('eshop')).toEqual({
      members: none,
      loans: none,
      savings: none,
      setup: { read: true, write: true, delete: true },
    });
    const catalogue = (ROUTES as readonly RouteDef[]).filter(
      (route) => route.path === '/cooperative/e-shop/product' && route.method !== 'GET',
    );
    expect(catalogue.map((route) => [route.method, route.resource, route.roles.includes('eshop')])).toEqual([
      ['POST', 'setup', true],
      ['DELETE', 'setup', true],
    ]);
  });

  it("uses a role's own grid, else its base role's saved grid, else the default", () => {
    const none = { read: false, write: false, delete: false };
    const own = { ...defaultGrid('cooperative-accountant'), setup: none };
    const base = { ...defaultGrid('cooperative-accountant'), loans: none };
    expect(effectiveGrid(new Map([['ROLE1', own]]), 'ROLE1', 'cooperative-accountant')).toBe(own);
    expect(effectiveGrid(new Map([['cooperative-accountant', base]]), 'ROLE1', 'cooperative-accountant')).toBe(base);
    expect(effectiveGrid(new Map(), 'ROLE1', 'cooperative-accountant')).toEqual(defaultGrid('cooperative-accountant'));
  });

  it('lets members and executives read every setup route that admits them (no admitted route is refused by default)', () => {
    for (const route of ROUTES as readonly RouteDef[]) {
      if (route.roles === 'public' || !route.resource) continue;
      for (const role of route.roles) {
        expect(
          defaultGrid(role)[route.resource][accessKindOf(route.method)],
          `${role} ${route.method} ${route.path}`,
        ).toBe(true);
      }
    }
  });
});
