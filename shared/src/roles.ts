/**
 * The roles a signed-in user can hold. `eshop` is also the e-shop menu context an admin switches to
 * (the top bar's Store); as a user role it is a cooperative's store keeper, whose home is that menu.
 * `report` is only a menu context.
 */
export const ROLES = [
  'super-admin',
  'cooperative-admin',
  'cooperative-accountant',
  'cooperative-executive',
  'cooperative-member',
  'eshop',
] as const;

export type Role = (typeof ROLES)[number];

/** Platform staff act across cooperatives; everyone else is bound to one cooperative. */
export const PLATFORM_ROLES: readonly Role[] = ['super-admin'];
export const STAFF_ROLES: readonly Role[] = ['cooperative-admin', 'cooperative-accountant'];
export const MEMBER_ROLES: readonly Role[] = ['cooperative-executive', 'cooperative-member'];
/**
 * A cooperative's store keepers (docs/decisions.md 2026-11-27 "The store keeper"): users of one
 * cooperative, like its staff, who reach only the store (stock, orders, customers, the catalogue).
 * They are not staff: STAFF_ROLES admits to members, money, accounting and the staff's chat.
 */
export const STORE_ROLES: readonly Role[] = ['eshop'];

/** Members and executives: the self-service side, limited to their own records (functions/core/access.ts). */
export const isMemberRole = (role: string): boolean => (MEMBER_ROLES as readonly string[]).includes(role);
/** A cooperative's admins and accountants. */
export const isStaffRole = (role: string): boolean => (STAFF_ROLES as readonly string[]).includes(role);
/** The sign-in roles of a cooperative's system users (functions/users/system-users.ts): its staff and store keepers. */
export const COOPERATIVE_USER_ROLES: readonly Role[] = [...STAFF_ROLES, ...STORE_ROLES];
/** A cooperative's store keeper. */
export const isStoreRole = (role: string): boolean => (STORE_ROLES as readonly string[]).includes(role);

/** The tenant id that platform users belong to. */
export const PLATFORM_TENANT = 'PLATFORM';

/** The product segment the spec writes as `{product}`. */
export const PRODUCT = 'coopledger';

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export const ROLE_DISPLAY_NAMES: Record<Role, string> = {
  'super-admin': 'Super Admin',
  'cooperative-admin': 'Cooperative Admin',
  'cooperative-accountant': 'Cooperative Accountant',
  'cooperative-executive': 'Cooperative Executive',
  'cooperative-member': 'Cooperative Member',
  eshop: 'Store keeper',
};
