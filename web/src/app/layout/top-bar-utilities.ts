import type { RoleContext } from '../../session/types';

/** Which shortcuts the top bar offers in a context (spec, "Header, sidebar and shell"). */
export interface TopBarShortcuts {
  members: boolean;
  elections: boolean;
  polls: boolean;
  switcher: boolean;
  /**
   * Where Store leads: members and executives to their shop; staff into the e-shop menu (the store
   * switch), at the store's dashboard.
   */
  store: { href: string; switchTo?: 'eshop' };
}

export function topBarShortcuts(
  context: RoleContext,
  userRole: RoleContext,
  activeCooperativeId: string | null,
): TopBarShortcuts {
  const memberSide = context === 'cooperative-member' || context === 'cooperative-executive';
  return {
    members: context === 'cooperative-admin' && activeCooperativeId !== null,
    elections: memberSide,
    polls: !memberSide,
    switcher: userRole === 'super-admin',
    store: memberSide ? { href: '/shop' } : { href: '/e-shop/dashboard', switchTo: 'eshop' },
  };
}

/** What the chat icon says: a dot when messages wait, with the count for screen readers. */
export function chatUtility(unread: number): { badge: boolean; ariaLabel: string } {
  return unread > 0 ? { badge: true, ariaLabel: `Chat, ${unread} unread` } : { badge: false, ariaLabel: 'Chat' };
}
