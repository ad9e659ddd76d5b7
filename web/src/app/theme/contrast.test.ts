import { describe, expect, it } from 'vitest';
import {
  adjustUntilReadable,
  colorWarnings,
  contrastRatio,
  NEAR_BLACK,
  readableText,
  relativeLuminance,
  shellPalette,
  WHITE,
} from './contrast';

// Expected figures worked out by hand from the WCAG 2.1 formulas:
// channel c = v/255, linear = ((c + 0.055) / 1.055)^2.4 (c > 0.03928), L = 0.2126 R + 0.7152 G + 0.0722 B,
// ratio = (L_light + 0.05) / (L_dark + 0.05).
describe('WCAG contrast', () => {
  it('gives the luminance of white, black and grey', () => {
    expect(relativeLuminance('#FFFFFF')).toBeCloseTo(1, 6);
    expect(relativeLuminance('#000000')).toBe(0);
    // 0x77 = 119: c = 0.46667, ((0.46667 + 0.055) / 1.055)^2.4 = 0.49447^2.4 = 0.18447
    expect(relativeLuminance('#777777')).toBeCloseTo(0.18447, 4);
  });

  it('gives the ratio of a pair, in either order', () => {
    expect(contrastRatio('#FFFFFF', '#000000')).toBeCloseTo(21, 6);
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21, 6);
    // 1.05 / (0.18447 + 0.05) = 4.478
    expect(contrastRatio('#777777', '#FFFFFF')).toBeCloseTo(4.478, 2);
    expect(contrastRatio('#ABCDEF', '#abcdef')).toBe(1);
  });

  it("measures the top bar's old #DEDEE3 on #4276A4 below AA, and white above it", () => {
    // #4276A4: R 0.0545, G 0.1811, B 0.3712 -> L = 0.1679; white: 1.05 / 0.2179 = 4.82
    expect(relativeLuminance('#4276A4')).toBeCloseTo(0.1679, 3);
    expect(contrastRatio('#DEDEE3', '#4276A4')).toBeCloseTo(3.59, 1);
    expect(contrastRatio(WHITE, '#4276A4')).toBeCloseTo(4.82, 2);
  });
});

describe('the text colour on a chosen colour', () => {
  it('keeps white where white is readable', () => {
    expect(readableText(['#4276A4'])).toBe(WHITE);
    expect(readableText(['#1A237E'])).toBe(WHITE);
  });

  it('turns near-black on a mid grey, where white is not readable', () => {
    // #808080: L = 0.21586; white 1.05 / 0.26586 = 3.95; near-black (L 0.00677) 0.26586 / 0.05677 = 4.68
    expect(contrastRatio(WHITE, '#808080')).toBeCloseTo(3.95, 2);
    expect(readableText(['#808080'])).toBe(NEAR_BLACK);
    expect(contrastRatio(NEAR_BLACK, '#808080')).toBeCloseTo(4.68, 2);
  });

  it('turns near-black on a very light colour', () => {
    // #F0E68C: L = 0.7702; white 1.05 / 0.8202 = 1.28; near-black 0.8202 / 0.05677 = 14.45
    expect(readableText(['#F0E68C'])).toBe(NEAR_BLACK);
    expect(contrastRatio(NEAR_BLACK, '#F0E68C')).toBeCloseTo(14.45, 1);
  });

  it('finds none for a gradient from black to white', () => {
    expect(readableText(['#000000', '#FFFFFF'])).toBeNull();
  });

  it('darkens a colour in 5% steps towards black until it reads on white', () => {
    // #808080 * 0.95 = #7A7A7A: 1.05 / 0.24461 = 4.29 (short); * 0.90 = #737373: 1.05 / 0.22142 = 4.74
    expect(adjustUntilReadable('#808080', WHITE, 'darken')).toBe('#737373');
    expect(adjustUntilReadable('#4276A4', WHITE, 'darken')).toBe('#4276A4');
  });
});

describe("the shell's palette", () => {
  const everyPair = (colors: { primary: string; secondary: string }, gradient: boolean) => {
    const p = shellPalette(colors, gradient);
    return [
      ...p.headerBackgrounds.map((background) => contrastRatio(p.headerText, background)),
      contrastRatio(p.buttonText, p.buttonBackground),
      contrastRatio(p.buttonText, p.buttonHover),
      contrastRatio(p.accentOnWhite, WHITE),
      contrastRatio(p.secondaryText, colors.secondary),
      contrastRatio(p.primaryText, colors.primary),
    ];
  };

  it('keeps the default colours with white text', () => {
    const p = shellPalette({ primary: '#4276A4', secondary: '#2D5F8B' }, false);
    expect(p).toMatchObject({ headerText: WHITE, buttonText: WHITE, accentOnWhite: '#4276A4', secondaryText: WHITE });
  });

  it('uses near-black text and darker links on a very light colour', () => {
    const p = shellPalette({ primary: '#F0E68C', secondary: '#FFF8DC' }, false);
    expect(p.headerText).toBe(NEAR_BLACK);
    expect(p.secondaryText).toBe(NEAR_BLACK);
    expect(contrastRatio(p.accentOnWhite, WHITE)).toBeGreaterThanOrEqual(4.5);
  });

  it('darkens the end of a black-to-white gradient until white reads on it', () => {
    // white stepped 5% at a time towards black: the 11th step, 255 * 0.45 = 114.75 -> #737373, L 0.17142
    const p = shellPalette({ primary: '#000000', secondary: '#FFFFFF' }, true);
    expect(p.headerBackgrounds).toEqual(['#000000', '#737373']);
    expect(p.headerText).toBe(WHITE);
  });

  it.each([
    ['#4276A4', '#2D5F8B'],
    ['#F0E68C', '#FFF8DC'],
    ['#808080', '#C0C0C0'],
    ['#FF0000', '#00FF00'],
    ['#000000', '#FFFFFF'],
    ['#FFFF00', '#0000FF'],
  ])('reaches 4.5:1 on every pair for %s / %s', (primary, secondary) => {
    for (const gradient of [false, true]) {
      for (const ratio of everyPair({ primary, secondary }, gradient)) expect(ratio).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('the cooperative form', () => {
  it('says nothing for colours that keep white text', () => {
    expect(colorWarnings({ primary: '#4276A4', secondary: '#2D5F8B' })).toEqual([]);
  });

  it('says which colour will be used instead', () => {
    const warnings = colorWarnings({ primary: '#808080', secondary: '#2D5F8B' });
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toContain('#0F141A text');
    expect(warnings[1]).toContain('#737373');
  });
});
