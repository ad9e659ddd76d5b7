import type { Theme } from '@cloudscape-design/components/theming';
import type { Font, Settings } from '../settings/settings';
import type { CooperativeColors } from './cooperative-colors';
import type { ShellPalette } from './contrast';
import { readableText, shellPalette, WHITE } from './contrast';

const DARK_HEADER = '#0F141A';

// The fonts are not bundled; each stack ends in a family that differs visibly from the others.
export const FONT_STACKS: Record<Font, string> = {
  'Open Sans': "'Open Sans', 'Noto Sans', 'Helvetica Neue', Arial, sans-serif",
  Montserrat: "Montserrat, 'Trebuchet MS', 'DejaVu Sans', Verdana, sans-serif",
  Roboto: "Roboto, 'Liberation Sans', 'Nimbus Sans', Arial, sans-serif",
};

/**
 * The Cloudscape theme of the shell: the cooperative's colours on primary buttons, links and the
 * active menu item (light mode only), and the chosen font. Every colour drawn on a cooperative's colour
 * comes from its palette (contrast.ts), so each pair reaches 4.5:1: the button text, links darkened
 * enough for a white page, and the top navigation's title, text and icons (in both modes, since the
 * band keeps the cooperative's colour in night mode). The top navigation's own background is made
 * transparent so the header band behind it shows the cooperative's colour, a gradient or dark.
 */
export function shellTheme(palette: ShellPalette, settings: Pick<Settings, 'font'>): Theme {
  const text = palette.headerText;
  return {
    tokens: {
      fontFamilyBase: FONT_STACKS[settings.font],
      colorBackgroundButtonPrimaryDefault: { light: palette.buttonBackground },
      colorBackgroundButtonPrimaryHover: { light: palette.buttonHover },
      colorBackgroundButtonPrimaryActive: { light: palette.buttonHover },
      colorTextButtonPrimaryDefault: { light: palette.buttonText },
      colorTextButtonPrimaryHover: { light: palette.buttonText },
      colorTextButtonPrimaryActive: { light: palette.buttonText },
      colorBorderButtonNormalDefault: { light: palette.accentOnWhite },
      colorTextButtonNormalDefault: { light: palette.accentOnWhite },
      colorTextLinkDefault: { light: palette.accentOnWhite },
      colorTextAccent: { light: palette.accentOnWhite },
      colorBackgroundControlChecked: { light: palette.accentOnWhite },
      colorBackgroundToggleCheckedDisabled: { light: palette.buttonHover },
    },
    contexts: {
      'top-navigation': {
        tokens: {
          colorBackgroundContainerContent: 'transparent',
          colorTextTopNavigationTitle: text,
          colorTextInteractiveDefault: text,
          colorTextInteractiveHover: text,
          colorTextInteractiveActive: text,
          colorTextBodySecondary: text,
          colorTextAccent: text,
        },
      },
    },
  };
}

/** What the header band behind the top navigation is painted with (see shellPalette). */
export function headerBackground(palette: ShellPalette): string {
  const [start, end] = palette.headerBackgrounds;
  return end ? `linear-gradient(90deg, ${start} 0%, ${end} 100%)` : (start ?? '');
}

/** The palette of the shell for the chosen colours and the header settings. */
export function shellPaletteFor(
  colors: CooperativeColors,
  settings: Pick<Settings, 'headerDark' | 'gradientColor'>,
): ShellPalette {
  const palette = shellPalette(colors, settings.gradientColor);
  return settings.headerDark
    ? { ...palette, headerBackgrounds: [DARK_HEADER], headerText: readableText([DARK_HEADER]) ?? WHITE }
    : palette;
}
