import { readFileSync } from 'node:fs';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';
import { PDF_FONT_FILES, fontPath } from './pdf-font-files.ts';

/**
 * DejaVu Sans embedded in a PDF, for the PDFs that print the naira sign (the member statement). The
 * files and where a deployed function finds them: core/pdf-font-files.ts. Read once per instance.
 */
const cache = new Map<string, Buffer>();
const fontBytes = (file: string): Buffer => {
  let bytes = cache.get(file);
  if (!bytes) {
    bytes = readFileSync(fontPath(file));
    cache.set(file, bytes);
  }
  return bytes;
};

/** DejaVu Sans and DejaVu Sans Bold embedded in `doc`, subset to the characters drawn. */
export async function embedNairaFonts(doc: PDFDocument): Promise<{ regular: PDFFont; bold: PDFFont }> {
  doc.registerFontkit(fontkit);
  const [regular, bold] = await Promise.all([
    doc.embedFont(fontBytes(PDF_FONT_FILES.regular), { subset: true }),
    doc.embedFont(fontBytes(PDF_FONT_FILES.bold), { subset: true }),
  ]);
  return { regular, bold };
}
