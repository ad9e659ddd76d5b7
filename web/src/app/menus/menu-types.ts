import type { IconProps } from '@cloudscape-design/components/icon';
import type { RoleContext } from '../../session/types';

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
}

export interface MenuGroup {
  text: string;
  icon: IconProps.Name;
  items: MenuLink[];
}

export type MenuEntry = MenuLink | MenuGroup;

export interface Menu {
  title: string;
  entries: MenuEntry[];
}

export function isGroup(entry: MenuEntry): entry is MenuGroup {
  return 'items' in entry;
}
