import { describe, expect, it } from 'vitest';
import { CsvError, parseCsv } from './csv.ts';

describe('parseCsv', () => {
  it('reads plain rows with LF, CRLF and CR line ends', () => {
    expect(parseCsv('a,b,c\n1,2,3\n')).toEqual([
      ['a', 'b', 'c'],
      ['1', '2', '3'],
    ]);
    expect(parseCsv('a,b\r\n1,2\r\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(parseCsv('a,b\r1,2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('keeps empty fields and a last line without a line end', () => {
    expect(parseCsv('a,,c\n,,')).toEqual([
      ['a', '', 'c'],
      ['', '', ''],
    ]);
  });

  it('reads quoted fields with commas, doubled quotes and line breaks', () => {
    expect(parseCsv('name,note\r\n"Okafor, Ada","said ""hi""\r\nthen left"\r\n')).toEqual([
      ['name', 'note'],
      ['Okafor, Ada', 'said "hi"\r\nthen left'],
    ]);
    expect(parseCsv('"",x')).toEqual([['', 'x']]);
  });

  it('drops a byte order mark', () => {
    expect(parseCsv('\uFEFFmember,amount\nDEMO0001,10')).toEqual([
      ['member', 'amount'],
      ['DEMO0001', '10'],
    ]);
  });

  it('refuses an unclosed quote and text after a closing quote', () => {
    expect(() => parseCsv('a,"b\n1,2')).toThrow(CsvError);
    expect(() => parseCsv('"a"b,c')).toThrow(CsvError);
    expect(() => parseCsv('a"b,c')).toThrow(CsvError);
  });

  it('names the line and the fault of a malformed text', () => {
    expect(() => parseCsv('member,amount\nDEMO0001,"10')).toThrow('Line 2: a quoted field is not closed');
    expect(() => parseCsv('member,note\n"DEMO0001","two\nlines"x,1')).toThrow('Line 3: text after a closing quote');
    expect(() => parseCsv('member,amount\n\nDEMO"0001,10')).toThrow('Line 3: a quote may only open a field');
  });

  it('reads rows of different lengths as written (a ragged row)', () => {
    expect(parseCsv('member,amount,note\nDEMO0001,10\nDEMO0002,20,late,extra\n')).toEqual([
      ['member', 'amount', 'note'],
      ['DEMO0001', '10'],
      ['DEMO0002', '20', 'late', 'extra'],
    ]);
  });

  it('reads a file whose line ends are mixed, and an empty line as one empty field', () => {
    expect(parseCsv('a\r\nb\nc\rd\n\ne')).toEqual([['a'], ['b'], ['c'], ['d'], [''], ['e']]);
  });

  it('trims spaces around fields and their quotes, keeping those inside quotes', () => {
    expect(parseCsv('DEMO0001, "1,000" ,\t" padded " , two words ')).toEqual([
      ['DEMO0001', '1,000', ' padded ', 'two words'],
    ]);
  });

  it('returns no rows for an empty text', () => {
    expect(parseCsv('')).toEqual([]);
  });
});
