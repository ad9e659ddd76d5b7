import Icon from '@cloudscape-design/components/icon';
import type { IconProps } from '@cloudscape-design/components/icon';
import type { SideNavigationProps } from '@cloudscape-design/components/side-navigation';
import type { Settings } from '../settings/settings';
import { menuIcon, submenuIcon } from './menu-icons';
import type { Menu } from './menu-types';
import { isGroup } from './menu-types';

type IconSettings = Pick<Settings, 'menuIconStyle' | 'submenuIconStyle' | 'iconColor'>;

function icon(name: IconProps.Name, colored: boolean) {
  return (
    <span style={colored ? { color: 'var(--coop-primary)' } : undefined}>
      <Icon name={name} />
    </span>
  );
}

/** A role's menu as Cloudscape side navigation items, with the icon style chosen in the settings. */
export function toSideNavigation(menu: Menu, settings: IconSettings): SideNavigationProps.Item[] {
  return menu.entries.map((entry): SideNavigationProps.Item => {
    const own = icon(menuIcon(settings.menuIconStyle, entry.icon), settings.iconColor);
    if (!isGroup(entry)) return { type: 'link', text: entry.text, href: entry.href, icon: own };
    return {
      type: 'expandable-link-group',
      text: entry.text,
      href: entry.items[0]?.href ?? '/dashboard',
      icon: own,
      items: entry.items.map((item) => ({
        type: 'link',
        text: item.text,
        href: item.href,
        icon: icon(submenuIcon(settings.submenuIconStyle), settings.iconColor),
      })),
    };
  });
}
