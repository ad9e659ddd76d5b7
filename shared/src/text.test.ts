import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { optionalText, requiredText } from './schemas/common.ts';
import { UNSAFE_TEXT_MESSAGE, hasUnsafeCharacters, replaceUnsafeCharacters } from './text.ts';

/** XML 1.0's Char production, one code point at a time: the model the rule is checked against. */
const xmlChar = (code: number) =>
  code === 0x9 ||
  code === 0xa ||
  code === 0xd ||
  (code >= 0x20 && code <= 0xd7ff) ||
  (code >= 0xe000 && code <= 0xfffd) ||
  (code >= 0x10000 && code <= 0x10ffff);
const codePoints = (text: string) => [...text].map((c) => c.codePointAt(0)!);

/** Any UTF-16 text, lone surrogates included. */
const anyText = fc.string({
  unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
  maxLength: 40,
});

describe('text XML and spreadsheets can hold', () => {
  it('accepts names in any script, emoji, tabs and line breaks', () => {
    for (const text of ['Fúnmiláyọ Adébáyọ̀', 'تعاونية النور', 'Coop 🌍 Ltd', 'Line one\nline two\tend\r', 'Ẹ̀gbẹ́ Àjọ'])
      expect(hasUnsafeCharacters(text)).toBe(false);
  });

  it('finds U+FFFE, U+FFFF, control characters and lone surrogates', () => {
    for (const text of [
      'Ada\uFFFE',
      '\uFFFF',
      'a\u0000b',
      'bell\u0007',
      'tab\u000Bvertical',
      'high \uD83C alone',
      'low \uDF0D alone',
    ])
      expect(hasUnsafeCharacters(text), JSON.stringify(text)).toBe(true);
  });

  it('finds exactly the characters outside XML 1.0 and replaces each with U+FFFD', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(hasUnsafeCharacters(text)).toBe(!codePoints(text).every(xmlChar));
        const replaced = replaceUnsafeCharacters(text);
        expect(codePoints(replaced)).toEqual(codePoints(text).map((c) => (xmlChar(c) ? c : 0xfffd)));
      }),
    );
  });

  it('is refused by every required and optional text field with a readable message', () => {
    const required = requiredText('Please enter first name').safeParse('Ada\uFFFE');
    const optional = optionalText().safeParse('\u0001middle');
    expect(required.success).toBe(false);
    expect(required.error?.issues[0]?.message).toBe(UNSAFE_TEXT_MESSAGE);
    expect(optional.error?.issues[0]?.message).toBe(UNSAFE_TEXT_MESSAGE);
    expect(requiredText('Please enter first name').parse(' Fúnmiláyọ ')).toBe('Fúnmiláyọ');
  });
});
