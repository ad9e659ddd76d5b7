import { isRole } from '@coopledger/shared/roles';
import type { RoleContext, Session } from './types';

export function isRoleContext(value: unknown): value is RoleContext {
  return value === 'eshop' || value === 'report' || isRole(value);
}

/**
 * Where "Go Back" from the report or e-shop menu returns to: a super-admin inside a cooperative
 * works as its admin; everyone else as their own role.
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
