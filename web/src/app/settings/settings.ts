/** The shell settings of the spec (document 2, section 9), remembered per browser. */
export const FONTS = ['Open Sans', 'Montserrat', 'Roboto'] as const;
export type Font = (typeof FONTS)[number];

export const ICON_STYLES = ['A', 'B', 'C'] as const;
export type IconStyle = (typeof ICON_STYLES)[number];

export interface Settings {
  font: Font;
  menuIconStyle: IconStyle;
  submenuIconStyle: IconStyle;
  nightMode: boolean;
  /** Compact density; Cloudscape's own setting, remembered with the rest. */
  compact: boolean;
  fixNavbarTop: boolean;
  headerDark: boolean;
  minSidebarDark: boolean;
  sidebarDark: boolean;
  iconColor: boolean;
  gradientColor: boolean;
  rtl: boolean;
}

export const DEFAULT_SETTINGS: Settings = {
  font: 'Open Sans',
  menuIconStyle: 'A',
  submenuIconStyle: 'A',
  nightMode: false,
  compact: false,
  fixNavbarTop: true,
  headerDark: false,
  minSidebarDark: false,
  sidebarDark: false,
  iconColor: false,
  gradientColor: false,
  rtl: false,
};

export type SwitchName = {
  [K in keyof Settings]: Settings[K] extends boolean ? K : never;
}[keyof Settings];

const oneOf = <T extends string>(values: readonly T[], value: unknown, fallback: T): T =>
  (values as readonly unknown[]).includes(value) ? (value as T) : fallback;

/** Reads what an earlier visit stored, keeping the default for anything missing or unknown. */
export function parseSettings(raw: string | null): Settings {
  let stored: Record<string, unknown> = {};
  try {
    const value: unknown = raw ? JSON.parse(raw) : {};
    if (typeof value === 'object' && value !== null) stored = value as Record<string, unknown>;
  } catch {
    /* a damaged value falls back to the defaults */
  }
  const settings: Settings = {
    ...DEFAULT_SETTINGS,
    font: oneOf(FONTS, stored.font, DEFAULT_SETTINGS.font),
    menuIconStyle: oneOf(ICON_STYLES, stored.menuIconStyle, DEFAULT_SETTINGS.menuIconStyle),
    submenuIconStyle: oneOf(ICON_STYLES, stored.submenuIconStyle, DEFAULT_SETTINGS.submenuIconStyle),
  };
  for (const key of Object.keys(DEFAULT_SETTINGS) as (keyof Settings)[]) {
    if (typeof DEFAULT_SETTINGS[key] === 'boolean' && typeof stored[key] === 'boolean') {
      (settings as unknown as Record<string, boolean>)[key] = stored[key];
    }
  }
  return settings;
}
