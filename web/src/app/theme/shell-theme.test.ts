import { describe, expect, it } from 'vitest';
import { colorsOf, DEFAULT_COOPERATIVE_COLORS } from './cooperative-colors';
import { headerBackground, shellPaletteFor, shellTheme } from './shell-theme';

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
    const colors = { primary: '#6B4C9A', secondary: '#4A3470' };
    const theme = shellTheme(shellPaletteFor(colors, { headerDark: false, gradientColor: false }), {
      font: 'Montserrat',
    });

    expect(theme.tokens?.colorBackgroundButtonPrimaryDefault).toEqual({ light: '#6B4C9A' });
    expect(theme.tokens?.colorBackgroundButtonPrimaryHover).toEqual({ light: '#4A3470' });
    expect(theme.tokens?.colorTextButtonPrimaryDefault).toEqual({ light: '#FFFFFF' });
    expect(String(theme.tokens?.fontFamilyBase)).toMatch(/^Montserrat/);
  });

  it('draw the top bar text in the colour readable on the band', () => {
    const light = { primary: '#F0E68C', secondary: '#FFF8DC' };
    const theme = shellTheme(shellPaletteFor(light, { headerDark: false, gradientColor: false }), { font: 'Roboto' });

    expect(theme.contexts?.['top-navigation']?.tokens?.colorTextInteractiveDefault).toBe('#0F141A');
    expect(theme.contexts?.['top-navigation']?.tokens?.colorTextTopNavigationTitle).toBe('#0F141A');
    const dark = shellTheme(shellPaletteFor(light, { headerDark: true, gradientColor: false }), { font: 'Roboto' });
    expect(dark.contexts?.['top-navigation']?.tokens?.colorTextInteractiveDefault).toBe('#FFFFFF');
  });

  it('paint the header band plain, as a gradient, or dark', () => {
    const colors = { primary: '#6B4C9A', secondary: '#4A3470' };
    const paint = (headerDark: boolean, gradientColor: boolean) =>
      headerBackground(shellPaletteFor(colors, { headerDark, gradientColor }));

    expect(paint(false, false)).toBe('#6B4C9A');
    expect(paint(false, true)).toBe('linear-gradient(90deg, #6B4C9A 0%, #4A3470 100%)');
    expect(paint(true, true)).toBe('#0F141A');
  });
});
