import { inflateSync } from 'node:zlib';

/**
 * The pieces of text drawn on a loan form, in drawing order: what `buildLoanFormPdf` wrote, read back
 * from its compressed content streams. pdf-lib draws each piece with the standard fonts as one hex
 * string shown by `Tj`, in Windows-1252, which matches Latin-1 for every character a form prints
 * besides a few punctuation marks. Used to check a generated form; not a general PDF text reader.
 */
export function loanFormText(pdf: Buffer): string[] {
  const pieces: string[] = [];
  for (let at = pdf.indexOf('stream'); at >= 0; at = pdf.indexOf('stream', at + 6)) {
    if (pdf.subarray(at - 3, at).toString('latin1') === 'end') continue;
    let start = at + 6;
    if (pdf[start] === 0x0d) start++;
    if (pdf[start] === 0x0a) start++;
    const end = pdf.indexOf('endstream', start);
    if (end < 0) break;
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue; // not a compressed stream
    }
    for (const match of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g))
      pieces.push(Buffer.from(match[1], 'hex').toString('latin1'));
    at = end;
  }
  return pieces;
}
