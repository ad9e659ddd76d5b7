import { DEFAULT_COLORS } from '@coopledger/shared/schemas/cooperative';

export interface CooperativeColors {
  primary: string;
  secondary: string;
}

export const DEFAULT_COOPERATIVE_COLORS: CooperativeColors = {
  primary: DEFAULT_COLORS.primary_color,
  secondary: DEFAULT_COLORS.secondary_color,
};

const HEX = /^#[0-9a-fA-F]{6}$/;

/**
 * A cooperative's saved colours, which the API sends as JSON text `{"primary_color","secondary_color"}`.
 * Anything missing or malformed falls back to the defaults (spec: "or resets them to defaults").
 */
export function colorsOf(saved: unknown): CooperativeColors {
  let value: unknown = saved;
  if (typeof saved === 'string') {
    try {
      value = JSON.parse(saved);
    } catch {
      value = null;
    }
  }
  const record = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const pick = (key: string, fallback: string) => {
    const color = record[key];
    return typeof color === 'string' && HEX.test(color) ? color.toUpperCase() : fallback;
  };
  return {
    primary: pick('primary_color', DEFAULT_COOPERATIVE_COLORS.primary),
    secondary: pick('secondary_color', DEFAULT_COOPERATIVE_COLORS.secondary),
  };
}
