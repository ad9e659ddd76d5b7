import { isStoreRole } from '@coopledger/shared/roles';
import type { Role } from '@coopledger/shared/roles';
import { STORE_KEEPER_HOME } from '../../session/role-context';
import type { RoleContext } from '../../session/types';

/** Which shortcuts the top bar offers in a context (spec, "Header, sidebar and shell"). */
export interface TopBarShortcuts {
  members: boolean;
  /** The staff's and members' chat; a store keeper has none. */
  chat: boolean;
  elections: boolean;
  polls: boolean;
  switcher: boolean;
  /**
   * Where Store leads: members and executives to their shop; staff into the e-shop menu (the store
   * switch), at the store's dashboard; a store keeper, whose menu the e-shop's is, to their store's
   * home.
   */
  store: { href: string; switchTo?: 'eshop' };
}

export function topBarShortcuts(
  context: RoleContext,
  userRole: Role,
  activeCooperativeId: string | null,
): TopBarShortcuts {
  const memberSide = context === 'cooperative-member' || context === 'cooperative-executive';
  const storeKeeper = isStoreRole(userRole);
  return {
    members: context === 'cooperative-admin' && activeCooperativeId !== null,
    chat: !storeKeeper,
    elections: memberSide,
    polls: !memberSide && !storeKeeper,
    switcher: userRole === 'super-admin',
    store: storeKeeper
      ? { href: STORE_KEEPER_HOME }
      : memberSide
        ? { href: '/shop' }
        : { href: '/e-shop/dashboard', switchTo: 'eshop' },
  };
}

/** Where the top bar's shortcuts lead, when offered (Home is homePath of the person signed in). */
export const TOP_BAR_LINKS = {
  members: '/members',
  chat: '/app-chat',
  elections: '/member/elections',
  polls: '/setup/polls',
} as const;

/** The account menu's Profile: members' and executives' own profile, everyone else's account page. */
export const profileHref = (userRole: Role): string =>
  userRole === 'cooperative-member' || userRole === 'cooperative-executive' ? '/member/my-profile' : '/profile';

/** What the chat icon says: a dot when messages wait, with the count for screen readers. */
export function chatUtility(unread: number): { badge: boolean; ariaLabel: string } {
  return unread > 0 ? { badge: true, ariaLabel: `Chat, ${unread} unread` } : { badge: false, ariaLabel: 'Chat' };
}
