import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { ButtonDropdownProps } from '@cloudscape-design/components/button-dropdown';
import TopNavigation from '@cloudscape-design/components/top-navigation';
import type { TopNavigationProps } from '@cloudscape-design/components/top-navigation';
import { canChat, useChatUnread } from '../../api/chat';
import type { Cooperative } from '../../api/cooperatives';
import { useCooperativeList } from '../../api/cooperatives';
import { contextDisplayName, homePath } from '../../session/role-context';
import { signOutEverywhere } from '../../session/sign-out';
import { useRequiredSession } from '../../session/use-session';
import { switchMenuContext, useSwitchCooperative } from '../menus/use-switch-context';
import { useFollow } from '../navigation/use-follow';
import { useBellNotifications, useMarkAllNotificationsRead, useMarkNotificationsRead } from '../../api/notifications';
import { MARK_ALL_READ, bellUtility } from './notification-bell';
import { TOP_BAR_LINKS, chatUtility, profileHref, topBarShortcuts } from './top-bar-utilities';

const SIGN_OUT = 'signout';
const BACK_TO_ADMIN = 'back-to-admin';
// Enough for the switcher's list in one call; the Cooperatives page pages through the rest.
const SWITCHER_PAGE_SIZE = 100;

interface TopBarProps {
  cooperative: Cooperative | undefined;
  onToggleMenu: () => void;
  onOpenSettings: () => void;
}

export function TopBar({ cooperative, onToggleMenu, onOpenSettings }: TopBarProps) {
  const session = useRequiredSession();
  const { user, role, activeCooperativeId } = session;
  const navigate = useNavigate();
  const follow = useFollow();
  const queryClient = useQueryClient();
  const switchCooperative = useSwitchCooperative();
  const shortcuts = topBarShortcuts(role, user.role_name, activeCooperativeId);
  // Only a super-admin switches cooperative: nobody else needs the list on every page.
  const switcherList = useCooperativeList({ page: 1, perPage: SWITCHER_PAGE_SIZE }, shortcuts.switcher);
  const cooperatives = shortcuts.switcher ? (switcherList.data?.data ?? []) : [];
  const unread = useChatUnread(canChat(user.role_name)).data?.unread ?? 0;
  const home = homePath(user.role_name);
  const bell = useBellNotifications().data;
  const markRead = useMarkNotificationsRead();
  const markAllRead = useMarkAllNotificationsRead();

  const signOut = () => {
    void signOutEverywhere(queryClient);
    void navigate('/login', { replace: true });
  };

  const followItem = (event: { preventDefault(): void; detail: ButtonDropdownProps.ItemClickDetails }) => {
    if (!event.detail.href || event.detail.external) return;
    event.preventDefault();
    void navigate(event.detail.href);
  };

  const link = (
    text: string,
    href: string,
    iconName: TopNavigationProps.ButtonUtility['iconName'],
  ): TopNavigationProps.ButtonUtility => ({
    type: 'button',
    text,
    iconName,
    href,
    onFollow: follow,
  });

  const utilities: TopNavigationProps.Utility[] = [
    { type: 'button', text: 'Menu', iconName: 'menu', ariaLabel: 'Toggle the menu', onClick: onToggleMenu },
    link('Home', home, 'grid-view'),
  ];
  if (shortcuts.members) utilities.push(link('Members', TOP_BAR_LINKS.members, 'group'));
  if (shortcuts.chat) utilities.push({ ...link('Chat', TOP_BAR_LINKS.chat, 'contact'), ...chatUtility(unread) });
  if (shortcuts.elections) utilities.push(link('Elections', TOP_BAR_LINKS.elections, 'check'));
  if (shortcuts.polls) utilities.push(link('Polls', TOP_BAR_LINKS.polls, 'check'));
  const store = shortcuts.store;
  utilities.push({
    ...link('Store', store.href, 'share'),
    onFollow: (event) => {
      if (store.switchTo) switchMenuContext(store.switchTo);
      follow(event);
    },
  });
  const bellItems = bell?.data ?? [];
  utilities.push({
    ...bellUtility(bellItems, bell?.unread ?? 0),
    onItemClick: ({ detail }) => {
      if (detail.id === MARK_ALL_READ) return markAllRead.mutate();
      if (bellItems.some((n) => n.id === detail.id && !n.read)) markRead.mutate([detail.id]);
    },
    onItemFollow: (event) => {
      const chosen = bellItems.find((n) => n.id === event.detail.id);
      if (chosen && !chosen.read) markRead.mutate([chosen.id]);
      followItem(event);
    },
  });
  utilities.push({
    type: 'button',
    text: 'Settings',
    iconName: 'settings',
    ariaLabel: 'Open the settings',
    onClick: onOpenSettings,
  });
  if (shortcuts.switcher) {
    utilities.push({
      type: 'menu-dropdown',
      text: cooperative?.name ?? 'Switch cooperative',
      description: 'View the data of a cooperative',
      iconName: 'multiscreen',
      ariaLabel: 'Switch cooperative',
      items: [
        ...(activeCooperativeId ? [{ id: BACK_TO_ADMIN, text: 'Back to Admin', iconName: 'arrow-left' as const }] : []),
        ...cooperatives.map((coop) => ({
          id: coop.id,
          text: coop.name,
          secondaryText: coop.code,
          disabled: coop.id === activeCooperativeId,
          disabledReason: 'You are viewing this cooperative',
        })),
      ],
      onItemClick: ({ detail }) => {
        if (detail.id === BACK_TO_ADMIN) return switchCooperative(null);
        const chosen = cooperatives.find((coop) => coop.id === detail.id);
        if (chosen) switchCooperative(chosen);
      },
    });
  }
  utilities.push({ type: 'button', text: 'Logout', iconName: 'sign-out', onClick: signOut });
  utilities.push({
    type: 'menu-dropdown',
    text: `${user.firstname} ${user.lastname}`,
    description: contextDisplayName(role, user.role_name),
    iconName: 'user-profile',
    ariaLabel: `Account menu for ${user.firstname} ${user.lastname}`,
    items: [
      {
        id: 'profile',
        text: 'Profile',
        href: profileHref(user.role_name),
      },
      ...(shortcuts.chat ? [{ id: 'message', text: 'Message', href: TOP_BAR_LINKS.chat }] : []),
      { id: SIGN_OUT, text: 'Sign out' },
    ],
    onItemFollow: followItem,
    onItemClick: ({ detail }) => {
      if (detail.id === SIGN_OUT) signOut();
    },
  });

  return (
    <TopNavigation
      identity={{
        href: home,
        title: cooperative?.name ?? 'CoopLedger',
        logo: cooperative?.logo ? { src: cooperative.logo, alt: `${cooperative.name} logo` } : undefined,
        onFollow: follow,
      }}
      utilities={utilities}
      i18nStrings={{
        overflowMenuTriggerText: 'More',
        overflowMenuTitleText: 'All',
        overflowMenuBackIconAriaLabel: 'Back',
        overflowMenuDismissIconAriaLabel: 'Close menu',
      }}
    />
  );
}
