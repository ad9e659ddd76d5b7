import type { Theme } from '@cloudscape-design/components/theming';
import type { Font, Settings } from '../settings/settings';
import type { CooperativeColors } from './cooperative-colors';

// The fonts are not bundled; each stack ends in a family that differs visibly from the others.
export const FONT_STACKS: Record<Font, string> = {
  'Open Sans': "'Open Sans', 'Noto Sans', 'Helvetica Neue', Arial, sans-serif",
  Montserrat: "Montserrat, 'Trebuchet MS', 'DejaVu Sans', Verdana, sans-serif",
  Roboto: "Roboto, 'Liberation Sans', 'Nimbus Sans', Arial, sans-serif",
};

/**
 * The Cloudscape theme of the shell: the cooperative's colours on primary buttons, links and the
 * active menu item (light mode only, where they keep their contrast), and the chosen font. The top
 * navigation's own background is made transparent so the header band behind it shows the
 * cooperative's colour, a gradient or dark.
 */
export function shellTheme(colors: CooperativeColors, settings: Pick<Settings, 'font'>): Theme {
  return {
    tokens: {
      fontFamilyBase: FONT_STACKS[settings.font],
      colorBackgroundButtonPrimaryDefault: { light: colors.primary },
      colorBackgroundButtonPrimaryHover: { light: colors.secondary },
      colorBackgroundButtonPrimaryActive: { light: colors.secondary },
      colorBorderButtonNormalDefault: { light: colors.primary },
      colorTextButtonNormalDefault: { light: colors.primary },
      colorTextLinkDefault: { light: colors.primary },
      colorTextAccent: { light: colors.primary },
      colorBackgroundControlChecked: { light: colors.primary },
      colorBackgroundToggleCheckedDisabled: { light: colors.secondary },
    },
    contexts: {
      'top-navigation': {
        tokens: { colorBackgroundContainerContent: 'transparent' },
      },
    },
  };
}

/** What the header band behind the top navigation is painted with. */
export function headerBackground(
  colors: CooperativeColors,
  settings: Pick<Settings, 'headerDark' | 'gradientColor'>,
): string {
  if (settings.headerDark) return '#0F141A';
  if (settings.gradientColor) return `linear-gradient(90deg, ${colors.primary} 0%, ${colors.secondary} 100%)`;
  return colors.primary;
}
