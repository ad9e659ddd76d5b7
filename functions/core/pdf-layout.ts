import { rgb } from 'pdf-lib';
import type { PDFDocument, PDFFont, PDFImage, PDFPage, RGB } from 'pdf-lib';
import type { Kobo, KoboSum } from '@coopledger/shared/money';
import { formatNaira } from '@coopledger/shared/money';

/**
 * Text laid out on A4 pages: headings, label and value pairs, and tables whose header repeats on every
 * page they run onto. With pdf-lib's standard fonts (the loan form, the store's product list) only the
 * Windows-1252 characters can be drawn, so any other character is simplified (see `printable`) and
 * amounts read 'NGN' rather than the naira sign; with the embedded DejaVu Sans (core/pdf-fonts.ts:
 * the member statement) `naira` prints the sign itself. A layout may take a colour (the cooperative's
 * primary colour) for its headings' rules and its banner.
 */
export const PAGE = { width: 595.28, height: 841.89 } as const;

/** 'NGN 1,234.50': an amount as the standard fonts can print it (they have no naira sign). */
export const pdfNaira = (kobo: Kobo | KoboSum): string => formatNaira(kobo).replace('₦', 'NGN ');

const NAIRA_SIGN = 0x20a6;
/** True when the font can draw the naira sign (an embedded DejaVu Sans, never a standard font). */
export const hasNairaSign = (font: PDFFont): boolean => font.getCharacterSet().includes(NAIRA_SIGN);

/** An amount as `font` can print it: '₦1,234.50' with a font that has the sign, else 'NGN 1,234.50'. */
export const fontNaira = (font: PDFFont, kobo: Kobo | KoboSum): string =>
  hasNairaSign(font) ? formatNaira(kobo) : pdfNaira(kobo);

/** '#4276A4' as a pdf-lib colour; undefined for anything else. */
export function hexRgb(hex: string | undefined): RGB | undefined {
  const match = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex?.trim() ?? '');
  if (!match) return undefined;
  const [r, g, b] = match.slice(1).map((part) => parseInt(part, 16) / 255);
  return rgb(r, g, b);
}
export const MARGIN = 48;
export const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
export const BODY = 10;
export const SMALL = 8.5;
export const LINE = 14;
export const INK = rgb(0.12, 0.14, 0.17);
export const MUTED = rgb(0.4, 0.43, 0.47);
const RULE = rgb(0.78, 0.8, 0.83);
const BAND = rgb(0.93, 0.95, 0.97);

export interface Column {
  title: string;
  width: number;
  align: 'left' | 'right';
}

/** Lays out text top to bottom, starting a new page when the next block does not fit. */
export class Layout {
  page!: PDFPage;
  y = 0;
  readonly pages: PDFPage[] = [];

  /** The colour of the headings' rules and the banner (grey unless given). */
  readonly accent: RGB;

  constructor(
    private readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
    options: { accent?: RGB } = {},
  ) {
    this.accent = options.accent ?? RULE;
    this.newPage();
  }

  /** An amount as the layout's font prints it (with the naira sign when the font has it). */
  naira(kobo: Kobo | KoboSum): string {
    return fontNaira(this.regular, kobo);
  }

  /**
   * A band of the accent colour across the top of the page: the logo (if any) on the left, `title`
   * in white bold beside it and `subtitle` under it.
   */
  banner(title: string, subtitle: string, logo?: PDFImage): void {
    const height = 58;
    const top = this.y + 18;
    this.page.drawRectangle({ x: MARGIN, y: top - height, width: CONTENT_WIDTH, height, color: this.accent });
    let x = MARGIN + 10;
    if (logo) {
      const size = logo.scaleToFit(120, height - 12);
      this.page.drawImage(logo, { x, y: top - height + (height - size.height) / 2, ...size });
      x += size.width + 10;
    }
    const white = rgb(1, 1, 1);
    const width = CONTENT_WIDTH - (x - MARGIN) - 10;
    this.y = top - 24;
    this.text(title, x, { font: this.bold, size: 15, color: white, width });
    this.y -= 16;
    this.text(subtitle, x, { size: BODY, color: white, width });
    this.y = top - height - LINE * 1.5;
  }

  newPage(): void {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.pages.push(this.page);
    this.y = PAGE.height - MARGIN;
  }

  /** Room for `height` more points above the footer, else a new page. */
  ensure(height: number): boolean {
    if (this.y - height >= MARGIN + 24) return false;
    this.newPage();
    return true;
  }

  /** The text in the font's character set, shortened with '...' to fit `width`. */
  fit(text: string, font: PDFFont, size: number, width: number): string {
    const safe = printable(text, font);
    if (font.widthOfTextAtSize(safe, size) <= width) return safe;
    let cut = safe;
    while (cut.length > 0 && font.widthOfTextAtSize(`${cut}...`, size) > width) cut = cut.slice(0, -1);
    return `${cut}...`;
  }

  text(
    text: string,
    x: number,
    options: {
      font?: PDFFont;
      size?: number;
      color?: ReturnType<typeof rgb>;
      width?: number;
      align?: 'left' | 'right';
    } = {},
  ): void {
    const font = options.font ?? this.regular;
    const size = options.size ?? BODY;
    const width = options.width ?? CONTENT_WIDTH - (x - MARGIN);
    const shown = this.fit(text, font, size, width);
    const left = options.align === 'right' ? x + width - font.widthOfTextAtSize(shown, size) : x;
    this.page.drawText(shown, { x: left, y: this.y, size, font, color: options.color ?? INK });
  }

  rule(): void {
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: PAGE.width - MARGIN, y: this.y },
      thickness: 0.6,
      color: this.accent,
    });
  }

  heading(title: string): void {
    this.ensure(LINE * 4);
    this.y -= LINE * 0.6;
    this.text(title, MARGIN, { font: this.bold, size: 12 });
    this.y -= 6;
    this.rule();
    this.y -= LINE;
  }

  /** Label and value pairs, two to a line (or one, for long values). */
  fields(pairs: readonly (readonly [string, string])[], perLine: 1 | 2 = 2): void {
    const width = CONTENT_WIDTH / perLine;
    for (let i = 0; i < pairs.length; i += perLine) {
      this.ensure(LINE);
      for (const [column, pair] of pairs.slice(i, i + perLine).entries()) {
        const x = MARGIN + column * width;
        this.text(pair[0], x, { color: MUTED, size: SMALL, width: 110 });
        this.text(pair[1], x + 112, { width: width - 118 });
      }
      this.y -= LINE;
    }
  }

  tableHeader(columns: readonly Column[]): void {
    this.page.drawRectangle({ x: MARGIN, y: this.y - 4, width: CONTENT_WIDTH, height: LINE, color: BAND });
    this.row(
      columns,
      columns.map((c) => c.title),
      this.bold,
    );
  }

  row(columns: readonly Column[], cells: readonly string[], font = this.regular): void {
    let x = MARGIN;
    for (const [i, column] of columns.entries()) {
      this.text(cells[i] ?? '', x + 3, { font, size: SMALL, width: column.width - 6, align: column.align });
      x += column.width;
    }
    this.y -= LINE;
  }

  /** A table whose header repeats on every page it runs onto. */
  table(columns: readonly Column[], rows: readonly (readonly string[])[]): void {
    this.ensure(LINE * 2);
    this.tableHeader(columns);
    for (const cells of rows) {
      if (this.ensure(LINE)) this.tableHeader(columns);
      this.row(columns, cells);
    }
  }
}

/**
 * Text as the standard font can draw it: accents dropped where the letter without them is drawable
 * (Ọ → O), anything else left undrawable shown as '?'.
 */
export function printable(text: string, font: PDFFont): string {
  const drawable = new Set(font.getCharacterSet());
  let out = '';
  for (const char of text.normalize('NFC').replace(/[\r\n\t]+/g, ' ')) {
    const code = char.codePointAt(0) ?? 63;
    if (drawable.has(code)) {
      out += char;
      continue;
    }
    // A combining accent the font lacks is left off the letter before it.
    if (/\p{M}/u.test(char)) continue;
    const plain = char.normalize('NFKD').replace(/\p{M}/gu, '');
    out += [...plain].every((c) => drawable.has(c.codePointAt(0) ?? 63)) && plain !== '' ? plain : '?';
  }
  return out;
}

/** The footer of every page: `text` on the left, "Page n of N" on the right. */
export function drawFooters(layout: Layout, text: string): void {
  const total = layout.pages.length;
  const size = SMALL - 1;
  for (const [i, page] of layout.pages.entries()) {
    const pageText = `Page ${i + 1} of ${total}`;
    page.drawText(layout.fit(text, layout.regular, size, CONTENT_WIDTH - 80), {
      x: MARGIN,
      y: MARGIN - 16,
      size,
      font: layout.regular,
      color: MUTED,
    });
    page.drawText(pageText, {
      x: PAGE.width - MARGIN - layout.regular.widthOfTextAtSize(pageText, size),
      y: MARGIN - 16,
      size,
      font: layout.regular,
      color: MUTED,
    });
  }
}
