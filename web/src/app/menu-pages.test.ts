import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ROLES } from '@coopledger/shared/roles';
import { PLATFORM_TILES } from '../pages/dashboard/platform-tiles';
import { homePath } from '../session/role-context';
import type { RoleContext } from '../session/types';
import { APP_ROUTES } from './app-routes';
import { TOP_BAR_LINKS, profileHref, topBarShortcuts } from './layout/top-bar-utilities';
import { isGroup } from './menus/menu-types';
import type { Menu } from './menus/menu-types';
import { menuFor, menuOf } from './menus/menus';
import { pageAt } from './pages';

/**
 * Every place a person can be sent from the shell leads to a page: the router's route for the path
 * is a page of PAGES or one of its own (the sign-in page...), never the catch-all 404.
 */
function resolves(href: string): boolean {
  const route = matchRoutes(APP_ROUTES, href)?.at(-1)?.route;
  return Boolean(route && route.path !== '*');
}

const hrefsOf = (menu: Menu) =>
  menu.entries.flatMap((entry) => (isGroup(entry) ? entry.items : [entry])).map((link) => link.href);

const CONTEXTS: readonly RoleContext[] = [...ROLES, 'eshop', 'report'];

/** Every href of the shell with where it was found, e.g. `/sales` from "the eshop menu of cooperative-admin". */
function everyHref(): Map<string, string> {
  const found = new Map<string, string>();
  const add = (href: string, where: string) => {
    if (!found.has(href)) found.set(href, where);
  };
  for (const context of CONTEXTS) for (const href of hrefsOf(menuFor(context))) add(href, `the ${context} menu`);
  for (const role of ROLES) {
    // The home context of each role, and the e-shop and report menus it may switch to.
    for (const context of [role, 'eshop', 'report'] as const)
      for (const href of hrefsOf(menuOf(context, role))) add(href, `the ${context} menu of ${role}`);
    for (const context of CONTEXTS)
      for (const cooperative of ['c1', null])
        add(topBarShortcuts(context, role, cooperative).store.href, `the top bar's Store of ${role}`);
    add(homePath(role), `the top bar's Home of ${role}`);
    add(profileHref(role), `the top bar's Profile of ${role}`);
  }
  for (const [name, href] of Object.entries(TOP_BAR_LINKS)) add(href, `the top bar's ${name}`);
  for (const tile of PLATFORM_TILES) add(tile.href, `the platform home's ${tile.title} tile`);
  return found;
}

describe('every menu path has a page', () => {
  it('tells a page from the 404', () => {
    expect(resolves('/dashboard')).toBe(true);
    expect(resolves('/login')).toBe(true);
    expect(resolves('/e-shop/orders/01JD4ZQ')).toBe(true);
    expect(resolves('/no-such-page')).toBe(false);
    expect(pageAt('/customers')?.title).toBe('Customers');
  });

  it('leads every menu item, top bar link and platform tile to a page', () => {
    const missing = [...everyHref()].filter(([href]) => !resolves(href)).map(([href, where]) => `${href} (${where})`);
    expect(missing).toEqual([]);
  });
});
