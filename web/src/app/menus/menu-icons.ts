import type { IconProps } from '@cloudscape-design/components/icon';
import type { IconStyle } from '../settings/settings';

/**
 * The icon styles A, B and C of the settings drawer: A shows each item's own icon, B an arrow, C a
 * plain bullet; submenus have their own three.
 */
export function menuIcon(style: IconStyle, own: IconProps.Name): IconProps.Name {
  if (style === 'A') return own;
  return style === 'B' ? 'angle-right-double' : 'dot';
}

export function submenuIcon(style: IconStyle): IconProps.Name {
  if (style === 'A') return 'angle-right';
  return style === 'B' ? 'caret-right-filled' : 'subtract-minus';
}
