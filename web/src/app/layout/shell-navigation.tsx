import { useMemo } from 'react';
import { useLocation } from 'react-router';
import SideNavigation from '@cloudscape-design/components/side-navigation';
import type { SideNavigationProps } from '@cloudscape-design/components/side-navigation';
import type { Cooperative } from '../../api/cooperatives';
import { useRequiredSession } from '../../session/use-session';
import { isGroup } from '../menus/menu-types';
import type { MenuLink } from '../menus/menu-types';
import { menuOf } from '../menus/menus';
import { toSideNavigation } from '../menus/to-side-navigation';
import { switchMenuContext } from '../menus/use-switch-context';
import { useFollow } from '../navigation/use-follow';
import { pageAt } from '../pages';
import { useSettings } from '../settings/use-settings';
import { CooperativeBand } from './cooperative-band';
import styles from './shell.module.css';

/** The sidebar: the cooperative band and the menu of the current role context. */
export function ShellNavigation({ cooperative }: { cooperative: Cooperative | undefined }) {
  const { role, user } = useRequiredSession();
  const settings = useSettings();
  const { pathname } = useLocation();
  const follow = useFollow();
  const menu = useMemo(() => menuOf(role, user.role_name), [role, user.role_name]);
  const items = useMemo(() => toSideNavigation(menu, settings), [menu, settings]);
  const links = useMemo(
    () => menu.entries.flatMap((entry): MenuLink[] => (isGroup(entry) ? entry.items : [entry])),
    [menu],
  );
  const dark = settings.sidebarDark || settings.minSidebarDark;

  const onFollow = (event: CustomEvent<SideNavigationProps.FollowDetail>) => {
    const chosen = links.find((link) => link.href === event.detail.href && link.text === event.detail.text);
    if (chosen?.switchTo) switchMenuContext(chosen.switchTo);
    follow(event);
  };

  return (
    <div
      className={`${styles.navigation} ${dark ? `awsui-dark-mode ${styles.navigationDark}` : ''}`}
      data-sidebar-dark={dark}
    >
      <CooperativeBand cooperative={cooperative} />
      <SideNavigation
        header={{ text: menu.title, href: '/dashboard' }}
        // A record's page marks the list it is opened from.
        activeHref={pageAt(pathname)?.parent ?? pathname}
        items={items}
        onFollow={onFollow}
      />
    </div>
  );
}
