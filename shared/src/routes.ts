import type { Role } from './roles.ts';

/**
 * The one route table (DESIGN.md section 2). CDK creates the API Gateway routes from it, the local
 * runtime routes with it, and the authorization tests are generated from it.
 *
 * `path` is relative to the API base `/api/v1`. `roles` is either 'public' (no token) or the roles
 * admitted. `tenant` says how the cooperative is chosen:
 *  - 'cooperative': the request acts inside one cooperative, named by `cooperative_id` in the query,
 *    JSON body or form; a caller bound to a cooperative defaults to (and may only name) its own.
 *  - 'platform': platform data; no cooperative is named.
 *  - 'self': the caller's own records (any role), the cooperative comes from the token.
 */
export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
export type Tenancy = 'cooperative' | 'platform' | 'self' | 'public';

export interface RouteDef {
  method: HttpMethod;
  path: string;
  domain: Domain;
  roles: 'public' | readonly Role[];
  tenant: Tenancy;
  /** What the route does, for the docs and the generated tests. */
  summary: string;
  /** The body is multipart/form-data (files). */
  multipart?: boolean;
  /** The response is a file, not the JSON envelope. */
  file?: boolean;
}

export const DOMAINS = ['auth', 'lookups', 'cooperatives', 'dashboard'] as const;
export type Domain = (typeof DOMAINS)[number];

const ALL: readonly Role[] = [
  'super-admin',
  'cooperative-admin',
  'cooperative-accountant',
  'cooperative-executive',
  'cooperative-member',
];
const SUPER: readonly Role[] = ['super-admin'];
const COOP_MANAGERS: readonly Role[] = ['super-admin', 'cooperative-admin'];

export const ROUTES = [
  // auth
  { method: 'POST', path: '/auth/login', domain: 'auth', roles: 'public', tenant: 'public', summary: 'Sign in with login ID and password' },
  { method: 'PATCH', path: '/auth/password-reset', domain: 'auth', roles: 'public', tenant: 'public', summary: 'Request a reset code, or confirm a new password with the code' },
  { method: 'POST', path: '/auth/change-password', domain: 'auth', roles: ALL, tenant: 'self', summary: "Change the signed-in user's own password" },
  { method: 'GET', path: '/auth/me', domain: 'auth', roles: ALL, tenant: 'self', summary: 'The signed-in user and their member record' },
  { method: 'GET', path: '/user/activity', domain: 'auth', roles: ALL, tenant: 'self', summary: "The signed-in user's recent actions" },
  { method: 'GET', path: '/user/coopledger/single', domain: 'auth', roles: ALL, tenant: 'self', summary: 'Read a user (yourself, or anyone for super-admin)' },

  // lookups
  { method: 'GET', path: '/banks', domain: 'lookups', roles: 'public', tenant: 'public', summary: 'Nigerian banks' },
  { method: 'GET', path: '/utilities/countries', domain: 'lookups', roles: 'public', tenant: 'public', summary: 'Countries' },
  { method: 'GET', path: '/utilities/state', domain: 'lookups', roles: 'public', tenant: 'public', summary: 'States of a country' },
  { method: 'GET', path: '/calculation-method', domain: 'lookups', roles: ALL, tenant: 'self', summary: 'Loan interest calculation methods' },
  { method: 'GET', path: '/payment-mode', domain: 'lookups', roles: ALL, tenant: 'self', summary: 'Payment modes' },

  // cooperatives
  { method: 'GET', path: '/cooperative/all', domain: 'cooperatives', roles: ALL, tenant: 'self', summary: 'Cooperatives visible to the caller (all for super-admin, else their own)' },
  { method: 'GET', path: '/cooperative', domain: 'cooperatives', roles: ALL, tenant: 'cooperative', summary: 'One cooperative' },
  { method: 'POST', path: '/cooperative', domain: 'cooperatives', roles: SUPER, tenant: 'platform', multipart: true, summary: 'Create a cooperative (with its standard chart of accounts)' },
  { method: 'POST', path: '/cooperative/update', domain: 'cooperatives', roles: COOP_MANAGERS, tenant: 'self', multipart: true, summary: 'Update a cooperative' },
  { method: 'GET', path: '/utilities/send-registration-email', domain: 'cooperatives', roles: COOP_MANAGERS, tenant: 'cooperative', summary: "Email the cooperative's public registration link to its contact address" },
  { method: 'DELETE', path: '/cooperative', domain: 'cooperatives', roles: SUPER, tenant: 'cooperative', summary: 'Delete a cooperative that holds no members and no postings' },

  // dashboard
  { method: 'GET', path: '/dashboard', domain: 'dashboard', roles: SUPER, tenant: 'platform', summary: 'Platform home: cooperatives with their figures' },
  { method: 'GET', path: '/dashboard/tile-data', domain: 'dashboard', roles: SUPER, tenant: 'platform', summary: 'Platform home tile counts' },
] as const satisfies readonly RouteDef[];

export const API_BASE = '/api/v1';

export function routeKey(route: Pick<RouteDef, 'method' | 'path'>): string {
  return `${route.method} ${API_BASE}${route.path}`;
}

export function findRoute(method: string, path: string): RouteDef | undefined {
  const rel = path.startsWith(API_BASE) ? path.slice(API_BASE.length) : path;
  return (ROUTES as readonly RouteDef[]).find((r) => r.method === method && r.path === rel);
}

export function routesOf(domain: Domain): RouteDef[] {
  return (ROUTES as readonly RouteDef[]).filter((r) => r.domain === domain);
}
