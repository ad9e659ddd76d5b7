import type { Role } from './roles.ts';
import type { AccessGrid } from './schemas/roles.ts';
import type { AccessKind, HttpMethod, RouteDef } from './routes.ts';

const full = () => ({ read: true, write: true, delete: true });
const readOnly = () => ({ read: true, write: false, delete: false });
const none = () => ({ read: false, write: false, delete: false });

/**
 * The Role Access grid of a role nothing is saved for (docs/decisions.md 2026-11-22 "Role Access",
 * 2026-11-28 "Accountant access"). Admins: full on all four. The accountant keeps the
 * books: full on loans and savings, members read and write but not delete (deactivating a member is a
 * delete, see `access` in the route table), setup read only. A store keeper has Setup only, in full (the
 * catalogue, and the bank accounts it reads); executives and members read setup. The server enforces
 * it (functions/roles/access-grid.ts); the web's menus and actions follow it.
 */
export function defaultGrid(role: Role): AccessGrid {
  if (role === 'super-admin' || role === 'cooperative-admin') {
    return { members: full(), loans: full(), savings: full(), setup: full() };
  }
  if (role === 'cooperative-accountant') {
    return { members: { read: true, write: true, delete: false }, loans: full(), savings: full(), setup: readOnly() };
  }
  if (role === 'eshop') return { members: none(), loans: none(), savings: none(), setup: full() };
  // Members' own savings, loans and profile routes will be tagged self-service by later issues;
  // the grid's members/loans/savings rows govern the management routes.
  return { members: none(), loans: none(), savings: none(), setup: readOnly() };
}

export function accessKindOf(method: HttpMethod): AccessKind {
  if (method === 'GET') return 'read';
  if (method === 'DELETE') return 'delete';
  return 'write';
}

/** The access kind a route needs: its own `access` if the table gives one, else its method's. */
export const routeAccessKind = (route: Pick<RouteDef, 'method' | 'access'>): AccessKind =>
  route.access ?? accessKindOf(route.method);
