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

/**
 * The widest screen on which Cloudscape's AppLayout shows the menu as a drawer over the page (its
 * mobile breakpoint, "xs"), and closes it on any tap of a link inside.
 */
const DRAWER_MEDIA = '(max-width: 688px)';

/** The menu is a drawer over the page (a phone), not a sidebar beside it. */
function menuIsDrawer(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DRAWER_MEDIA).matches;
}

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
    // In the drawer, a group's own link only opens the group (SideNavigation shows its children):
    // following it would open the group's first page and close the drawer, so reaching any other
    // page of the group (the loan Application form) took a second trip. Stopping the tap here keeps
    // it from the layout, which closes the drawer on a tap of any link. Beside the page, as before.
    if (event.detail.type === 'expandable-link-group' && menuIsDrawer()) {
      event.preventDefault();
      event.stopPropagation();
      return;
    }
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
