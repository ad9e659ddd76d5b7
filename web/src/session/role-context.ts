import type { Role } from '@coopledger/shared/roles';
import { ROLE_DISPLAY_NAMES, isRole, isStoreRole } from '@coopledger/shared/roles';
import type { RoleContext, Session } from './types';

export function isRoleContext(value: unknown): value is RoleContext {
  return value === 'eshop' || value === 'report' || isRole(value);
}

/**
 * Where "Go Back" from the report or e-shop menu returns to: a super-admin inside a cooperative
 * works as its admin; everyone else as their own role (a store keeper's own is the e-shop menu).
 */
export function homeContext(session: Pick<Session, 'user' | 'activeCooperativeId'>): RoleContext {
  if (session.user.role_name === 'super-admin' && session.activeCooperativeId !== null) return 'cooperative-admin';
  return session.user.role_name;
}

export const CONTEXT_DISPLAY_NAMES: Record<RoleContext, string> = {
  'super-admin': 'Super Admin',
  'cooperative-admin': 'Cooperative Admin',
  'cooperative-accountant': 'Cooperative Accountant',
  'cooperative-executive': 'Cooperative Executive',
  'cooperative-member': 'Cooperative Member',
  eshop: 'E-shop',
  report: 'Reports',
};

/**
 * Where a store keeper lands after signing in, and where Home and /dashboard lead them: the store's
 * dashboard (docs/decisions.md 2026-11-27 "The store keeper").
 */
export const STORE_KEEPER_HOME = '/e-shop/dashboard';

/** The page a person starts on: a store keeper's store, everyone else's dashboard. */
export const homePath = (role: Role): string => (isStoreRole(role) ? STORE_KEEPER_HOME : '/dashboard');

/** What the top bar says a person works as: their role context, or Store keeper for one. */
export const contextDisplayName = (context: RoleContext, userRole: Role): string =>
  isStoreRole(userRole) ? ROLE_DISPLAY_NAMES[userRole] : CONTEXT_DISPLAY_NAMES[context];
