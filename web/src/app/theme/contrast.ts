/**
 * WCAG 2.1 colour contrast (relative luminance, contrast ratio) and the text colours the shell draws
 * on a cooperative's chosen colours, derived so that every pair reaches AA (4.5:1) whatever colour
 * was chosen. Colours are #RRGGBB.
 */

/** WCAG 2.1 AA for normal text and icons. */
export const AA_CONTRAST = 4.5;
export const WHITE = '#FFFFFF';
/** Cloudscape's darkest grey; against it anything with luminance above ~0.19 reaches 4.5:1. */
export const NEAR_BLACK = '#0F141A';
export const BLACK = '#000000';

type Rgb = [number, number, number];

function rgbOf(hex: string): Rgb {
  const value = /^#?([0-9a-fA-F]{6})$/.exec(hex)?.[1];
  if (!value) throw new Error(`Not a #RRGGBB colour: ${hex}`);
  return [0, 2, 4].map((at) => parseInt(value.slice(at, at + 2), 16)) as Rgb;
}

function hexOf(rgb: Rgb): string {
  return `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`.toUpperCase();
}

const linear = (channel: number): number => {
  const c = channel / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

/** WCAG relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = rgbOf(hex).map(linear) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio, 1 to 21, whichever colour is the lighter. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const reaches = (text: string, backgrounds: readonly string[], ratio: number) =>
  backgrounds.every((background) => contrastRatio(text, background) >= ratio);

/**
 * A text (and icon) colour readable on every one of the backgrounds: the preferred colour when it is
 * readable, else white, else near-black, else black; null when none reaches the ratio on all of them
 * (possible only when the backgrounds are far apart, such as a gradient from black to white).
 */
export function readableText(
  backgrounds: readonly string[],
  preferred: string = WHITE,
  ratio: number = AA_CONTRAST,
): string | null {
  return [preferred, WHITE, NEAR_BLACK, BLACK].find((text) => reaches(text, backgrounds, ratio)) ?? null;
}

/**
 * The colour moved step by step towards black (or white) until it reaches the ratio against
 * `against`; used to keep a cooperative's colour as links on a white page. Always ends, at worst at
 * black or white.
 */
export function adjustUntilReadable(
  color: string,
  against: string,
  direction: 'darken' | 'lighten',
  ratio: number = AA_CONTRAST,
): string {
  const start = rgbOf(color);
  const target = direction === 'darken' ? 0 : 255;
  for (let step = 0; step <= 20; step += 1) {
    const mixed = hexOf(start.map((channel) => channel + ((target - channel) * step) / 20) as Rgb);
    if (contrastRatio(mixed, against) >= ratio) return mixed;
  }
  return direction === 'darken' ? BLACK : WHITE;
}

export interface ShellPalette {
  /** What the header band is painted with: one colour, or the two ends of the gradient. */
  headerBackgrounds: string[];
  /** Text and icons on the header band. */
  headerText: string;
  /** Primary buttons: background, hover background, their text. */
  buttonBackground: string;
  buttonHover: string;
  buttonText: string;
  /** Links, accents and normal buttons' text on the white page. */
  accentOnWhite: string;
  /** The sidebar's band (secondary colour) and its initials badge (primary colour): their text. */
  secondaryText: string;
  primaryText: string;
}

/**
 * Every colour pair the shell draws with a cooperative's colours, each reaching 4.5:1. White text is
 * kept where it is readable (the look the cooperative chose); otherwise near-black. When no one text
 * colour is readable on both ends of the gradient, its secondary end is moved towards the primary's
 * text until it is.
 */
export function shellPalette(colors: { primary: string; secondary: string }, gradient: boolean): ShellPalette {
  const { primary, secondary } = colors;
  const onPrimary = readableText([primary]) ?? WHITE;
  let gradientEnd = secondary;
  if (gradient && !readableText([primary, secondary])) {
    gradientEnd = adjustUntilReadable(secondary, onPrimary, onPrimary === WHITE ? 'darken' : 'lighten');
  }
  const headerBackgrounds = gradient ? [primary, gradientEnd] : [primary];
  let buttonHover = secondary;
  if (!reaches(onPrimary, [secondary], AA_CONTRAST)) {
    buttonHover = adjustUntilReadable(secondary, onPrimary, onPrimary === WHITE ? 'darken' : 'lighten');
  }
  return {
    headerBackgrounds,
    headerText: readableText(headerBackgrounds) ?? onPrimary,
    buttonBackground: primary,
    buttonHover,
    buttonText: onPrimary,
    accentOnWhite: adjustUntilReadable(primary, WHITE, 'darken'),
    secondaryText: readableText([secondary]) ?? WHITE,
    primaryText: onPrimary,
  };
}

/**
 * What the cooperative form says about a chosen pair of colours: the pairs whose usual white text
 * (or the colour itself as a link on white) had to change, and to what. Empty when nothing changed.
 */
export function colorWarnings(colors: { primary: string; secondary: string }): string[] {
  const palette = shellPalette(colors, false);
  const warnings: string[] = [];
  const ratio = (a: string, b: string) => contrastRatio(a, b).toFixed(2);
  if (palette.primaryText !== WHITE) {
    warnings.push(
      `White text is hard to read on the primary colour ${colors.primary} (${ratio(WHITE, colors.primary)}:1); ` +
        `the top bar and buttons will use ${palette.primaryText} text (${ratio(palette.primaryText, colors.primary)}:1).`,
    );
  }
  if (palette.secondaryText !== WHITE) {
    warnings.push(
      `White text is hard to read on the secondary colour ${colors.secondary} ` +
        `(${ratio(WHITE, colors.secondary)}:1); the menu's band will use ${palette.secondaryText} text.`,
    );
  }
  if (palette.accentOnWhite !== colors.primary.toUpperCase()) {
    warnings.push(
      `The primary colour is too light for links on a white page (${ratio(colors.primary, WHITE)}:1); ` +
        `links will use the darker ${palette.accentOnWhite} (${ratio(palette.accentOnWhite, WHITE)}:1).`,
    );
  }
  return warnings;
}
