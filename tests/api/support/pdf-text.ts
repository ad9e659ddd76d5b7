import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFStream } from 'pdf-lib';

/**
 * The text pdf-lib drew with embedded (Type 0) fonts, read back: each page's `<hex> Tj` pieces decoded
 * through the ToUnicode map of the font selected before them. Enough to check a generated statement;
 * not a general PDF text reader (the standard-font PDFs: functions/loanforms/pdf-text.ts).
 */
export interface PdfFonts {
  /** The embedded TrueType fonts' names (their font descriptors with a FontFile2). */
  embedded: string[];
  /** Every text piece drawn, in order, across the pages. */
  pieces: string[];
}

const inflate = (stream: PDFRawStream) => inflateSync(stream.contents).toString('latin1');

/** '<glyph> <UTF-16BE>' lines of a ToUnicode map: glyph id (hex) to the text it draws. */
function unicodeMap(cmap: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const m of cmap.matchAll(/^<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>$/gm))
    map.set(m[1].toUpperCase(), Buffer.from(m[2], 'hex').swap16().toString('utf16le'));
  return map;
}

export async function readPdfText(pdf: Buffer): Promise<PdfFonts> {
  const doc = await PDFDocument.load(pdf);
  const embedded = doc.context
    .enumerateIndirectObjects()
    .map(([, object]) => object)
    .filter((object): object is PDFDict => object instanceof PDFDict && object.has(PDFName.of('FontFile2')))
    .map((d) => String(d.get(PDFName.of('FontName'))).replace(/^\//, ''));
  const pieces: string[] = [];
  for (const page of doc.getPages()) {
    const fonts = page.node.Resources()?.lookupMaybe(PDFName.of('Font'), PDFDict);
    const maps = new Map<string, Map<string, string>>();
    for (const [name, ref] of fonts?.entries() ?? []) {
      const font = doc.context.lookup(ref, PDFDict);
      const toUnicode = font.lookupMaybe(PDFName.of('ToUnicode'), PDFStream) as PDFRawStream | undefined;
      if (toUnicode) maps.set(name.asString().replace(/^\//, ''), unicodeMap(inflate(toUnicode)));
    }
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
    for (const item of streams) {
      const stream = doc.context.lookup(item);
      if (!(stream instanceof PDFRawStream)) continue;
      let map: Map<string, string> | undefined;
      for (const m of inflate(stream).matchAll(/\/(\S+) [\d.]+ Tf|<([0-9A-Fa-f]*)> Tj/g)) {
        if (m[1] !== undefined) map = maps.get(m[1]);
        else if (map) pieces.push((m[2].match(/.{4}/g) ?? []).map((g) => map?.get(g.toUpperCase()) ?? '?').join(''));
      }
    }
  }
  return { embedded, pieces };
}
