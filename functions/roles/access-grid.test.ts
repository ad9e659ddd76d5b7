import { describe, expect, it } from 'vitest';
import { ROUTES } from '@coopledger/shared/routes';
import type { RouteDef } from '@coopledger/shared/routes';
import { accessKindOf, defaultGrid, effectiveGrid } from './access-grid.ts';
import { routeAccessKind } from '@coopledger/shared/access-defaults';

describe('the Role Access grid', () => {
  it('takes the access kind from the method', () => {
    expect(accessKindOf('GET')).toBe('read');
    expect(accessKindOf('POST')).toBe('write');
    expect(accessKindOf('PUT')).toBe('write');
    expect(accessKindOf('PATCH')).toBe('write');
    expect(accessKindOf('DELETE')).toBe('delete');
  });

  it('defaults to the seeded behaviour: admins full, executives and members read-only on setup', () => {
    expect(defaultGrid('cooperative-admin')).toEqual({
      members: { read: true, write: true, delete: true },
      loans: { read: true, write: true, delete: true },
      savings: { read: true, write: true, delete: true },
      setup: { read: true, write: true, delete: true },
    });
    for (const role of ['cooperative-executive', 'cooperative-member'] as const) {
      expect(defaultGrid(role).setup).toEqual({ read: true, write: false, delete: false });
    }
  });

  it("gives the accountant the books but not Setup's changes nor deactivating members", () => {
    expect(defaultGrid('cooperative-accountant')).toEqual({
      members: { read: true, write: true, delete: false },
      loans: { read: true, write: true, delete: true },
      savings: { read: true, write: true, delete: true },
      setup: { read: true, write: false, delete: false },
    });
    const deactivate = (ROUTES as readonly RouteDef[]).find((r) => r.path === '/cooperative/member/deactivate')!;
    expect([deactivate.method, deactivate.resource, routeAccessKind(deactivate)]).toEqual(['GET', 'members', 'delete']);
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

  it("refuses by default no admitted route but the accountant's setup changes and member deactivation", () => {
    for (const route of ROUTES as readonly RouteDef[]) {
      if (route.roles === 'public' || !route.resource) continue;
      const kind = routeAccessKind(route);
      for (const role of route.roles) {
        const accountantRefused =
          role === 'cooperative-accountant' &&
          ((route.resource === 'setup' && kind !== 'read') || (route.resource === 'members' && kind === 'delete'));
        expect(defaultGrid(role)[route.resource][kind], `${role} ${route.method} ${route.path}`).toBe(
          !accountantRefused,
        );
      }
    }
  });
});
