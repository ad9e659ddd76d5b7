/**
 * A small RFC 4180 CSV reader for the savings and loan imports: comma-separated fields, double-quoted fields that
 * may hold commas, line breaks and doubled quotes (""), and CRLF, LF or CR line ends. A UTF-8 byte
 * order mark is dropped. Unquoted fields are returned as written (the caller trims).
 */
export class CsvError extends Error {}

export function parseCsv(text: string): string[][] {
  const input = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let wasQuoted = false;
  let line = 1;
  const endField = () => {
    row.push(field);
    field = '';
    wasQuoted = false;
  };
  const endRow = () => {
    endField();
    rows.push(row);
    row = [];
  };
  for (let i = 0; i < input.length; i++) {
    const c = input[i];
    if (quoted) {
      if (c === '"') {
        if (input[i + 1] === '"') {
          field += '"';
          i++;
        } else {
          quoted = false;
          wasQuoted = true;
        }
      } else {
        if (c === '\n') line++;
        field += c;
      }
      continue;
    }
    if (c === '"') {
      if (field.trim() !== '' || wasQuoted) throw new CsvError(`Line ${line}: a quote may only open a field`);
      field = '';
      quoted = true;
    } else if (c === ',') {
      endField();
    } else if (c === '\r' || c === '\n') {
      if (c === '\r' && input[i + 1] === '\n') i++;
      endRow();
      line++;
    } else {
      if (wasQuoted && c !== ' ' && c !== '\t') throw new CsvError(`Line ${line}: text after a closing quote`);
      if (!wasQuoted) field += c;
    }
  }
  if (quoted) throw new CsvError(`Line ${line}: a quoted field is not closed`);
  if (field !== '' || wasQuoted || row.length > 0) endRow();
  return rows;
}
