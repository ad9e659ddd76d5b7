import type { IconProps } from '@cloudscape-design/components/icon';
import type { RoleContext } from '../../session/types';
import type { AccessKind, AccessResource } from '@coopledger/shared/routes';

/** The Role Access a menu entry needs (the role's default grid, shared/src/access-defaults.ts). */
export interface MenuAccess {
  resource: AccessResource;
  kind: AccessKind;
}

/** `home` returns to the user's own context (Go Back, leaving the e-shop). */
export type ContextSwitch = RoleContext | 'home';

export interface MenuLink {
  text: string;
  href: string;
  icon: IconProps.Name;
  /** Following this item changes the menu context (spec: report, cooperative-admin, eshop and back). */
  switchTo?: ContextSwitch;
  /** Shown only to a signed-in super-admin, whatever the context (the platform's consolidated report). */
  superAdminOnly?: boolean;
  /** Shown only to a cooperative's admins and the super-admin (the audit log), not to its accountants. */
  adminOnly?: boolean;
  /** Shown only to a role whose grid grants this (the super-admin is never restricted). */
  needs?: MenuAccess;
}

export interface MenuGroup {
  text: string;
  icon: IconProps.Name;
  items: MenuLink[];
  /** Shown only to a role whose grid grants this: Setup needs Write on Setup (an accountant reads it only). */
  needs?: MenuAccess;
}

export type MenuEntry = MenuLink | MenuGroup;

export interface Menu {
  title: string;
  entries: MenuEntry[];
}

export function isGroup(entry: MenuEntry): entry is MenuGroup {
  return 'items' in entry;
}
