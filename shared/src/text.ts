/**
 * The characters text may hold (DESIGN.md section 3): those XML 1.0 allows, which are also what a
 * spreadsheet cell can hold. Tab, line feed, carriage return, U+0020 to U+D7FF, U+E000 to U+FFFD
 * and U+10000 to U+10FFFF; not the other control characters, U+FFFE, U+FFFF or a lone surrogate
 * (with the `u` flag a lone surrogate is one code point outside these ranges).
 */
const NOT_XML_CHARACTER = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
const NOT_XML_CHARACTERS = new RegExp(NOT_XML_CHARACTER.source, 'gu');

/** The message of a text field holding such a character. */
export const UNSAFE_TEXT_MESSAGE =
  'This text holds a character that cannot be saved (a control or invalid character); please remove it';

export const hasUnsafeCharacters = (text: string): boolean => NOT_XML_CHARACTER.test(text);

/** Text with each character XML cannot hold replaced by U+FFFD, the replacement character. */
export const replaceUnsafeCharacters = (text: string): string =>
  NOT_XML_CHARACTER.test(text) ? text.replace(NOT_XML_CHARACTERS, '\uFFFD') : text;
