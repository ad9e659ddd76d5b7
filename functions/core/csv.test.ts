import { describe, expect, it } from 'vitest';
import { CsvError, parseCsv } from './csv.ts';

describe('parseCsv', () => {
  it('reads plain rows with LF, CRLF and CR line ends', () => {
    expect(parseCsv('a,b,c\n1,2,3\n')).toEqual([['a', 'b', 'c'], ['1', '2', '3']]);
    expect(parseCsv('a,b\r\n1,2\r\n')).toEqual([['a', 'b'], ['1', '2']]);
    expect(parseCsv('a,b\r1,2')).toEqual([['a', 'b'], ['1', '2']]);
  });

  it('keeps empty fields and a last line without a line end', () => {
    expect(parseCsv('a,,c\n,,')).toEqual([['a', '', 'c'], ['', '', '']]);
  });

  it('reads quoted fields with commas, doubled quotes and line breaks', () => {
    expect(parseCsv('name,note\r\n"Okafor, Ada","said ""hi""\r\nthen left"\r\n')).toEqual([
      ['name', 'note'],
      ['Okafor, Ada', 'said "hi"\r\nthen left'],
    ]);
    expect(parseCsv('"",x')).toEqual([['', 'x']]);
  });

  it('drops a byte order mark', () => {
    expect(parseCsv('\uFEFFmember,amount\nDEMO0001,10')).toEqual([['member', 'amount'], ['DEMO0001', '10']]);
  });

  it('refuses an unclosed quote and text after a closing quote', () => {
    expect(() => parseCsv('a,"b\n1,2')).toThrow(CsvError);
    expect(() => parseCsv('"a"b,c')).toThrow(CsvError);
    expect(() => parseCsv('a"b,c')).toThrow(CsvError);
  });

  it('returns no rows for an empty text', () => {
    expect(parseCsv('')).toEqual([]);
  });
});
