import { describe, expect, it } from 'vitest';
import { colorsOf, DEFAULT_COOPERATIVE_COLORS } from './cooperative-colors';
import { headerBackground, shellTheme } from './shell-theme';

describe("a cooperative's colours", () => {
  it('are read from the JSON text the API sends', () => {
    expect(colorsOf('{"primary_color":"#6b4c9a","secondary_color":"#4A3470"}')).toEqual({
      primary: '#6B4C9A',
      secondary: '#4A3470',
    });
  });

  it('fall back to the defaults when missing or malformed', () => {
    expect(colorsOf(null)).toEqual({ primary: '#4276A4', secondary: '#2D5F8B' });
    expect(colorsOf('not json')).toEqual(DEFAULT_COOPERATIVE_COLORS);
    expect(colorsOf('{"primary_color":"red","secondary_color":"#123456"}')).toEqual({
      primary: '#4276A4',
      secondary: '#123456',
    });
  });

  it('colour the primary buttons and links, and carry the chosen font', () => {
    const theme = shellTheme({ primary: '#6B4C9A', secondary: '#4A3470' }, { font: 'Montserrat' });

    expect(theme.tokens?.colorBackgroundButtonPrimaryDefault).toEqual({ light: '#6B4C9A' });
    expect(theme.tokens?.colorBackgroundButtonPrimaryHover).toEqual({ light: '#4A3470' });
    expect(String(theme.tokens?.fontFamilyBase)).toMatch(/^Montserrat/);
  });

  it('paint the header band plain, as a gradient, or dark', () => {
    const colors = { primary: '#6B4C9A', secondary: '#4A3470' };

    expect(headerBackground(colors, { headerDark: false, gradientColor: false })).toBe('#6B4C9A');
    expect(headerBackground(colors, { headerDark: false, gradientColor: true })).toBe(
      'linear-gradient(90deg, #6B4C9A 0%, #4A3470 100%)',
    );
    expect(headerBackground(colors, { headerDark: true, gradientColor: true })).toBe('#0F141A');
  });
});
