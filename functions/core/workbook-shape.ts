import { StringDecoder } from 'node:string_decoder';
import colCache from 'exceljs/lib/utils/col-cache.js';
import { SaxesParser } from 'saxes';

/**
 * What an .xlsx will make ExcelJS build, counted from its XML as it is inflated, before ExcelJS
 * reads it. ExcelJS holds the whole workbook in memory, a few hundred bytes for every row, cell,
 * column and every cell a range names, so these counts (not the bytes) bound its memory:
 *
 * - rows (`<row>`) and cells (`<c>`) of every worksheet;
 * - cells that ranges make it create or index one by one: every cell of a merged range
 *   (`<mergeCell ref>`), of a data validation (`<dataValidation sqref>`) and of a defined name
 *   (`<definedName>` in the workbook part, print areas and titles aside), and the columns up to
 *   the last `<col max>` of each sheet. A range of a few bytes can name the whole sheet, 17
 *   billion cells.
 *
 * The XML is read by saxes, the parser ExcelJS uses, and ranges are decoded by ExcelJS's own
 * decoder, so what is counted is what ExcelJS will see. Elements are known by their local name, so
 * a namespace prefix (which makes ExcelJS skip them) only counts more.
 */
export interface WorkbookTally {
  rows: number;
  cells: number;
  rangeCells: number;
}

/** Thrown when a part is not well-formed XML: ExcelJS cannot read it either. */
export class MalformedPart extends Error {}

/**
 * The parts ExcelJS reads as worksheets (it matches `xl/worksheets/sheet<n>.xml` anywhere in the name); this is wider.
 */
const WORKSHEET_PART = /xl\/worksheets\/[^/]*\.xml/;
/** ExcelJS reads the workbook part by this name, with or without a leading slash. */
const WORKBOOK_PART = 'xl/workbook.xml';

export function partKind(name: string): 'worksheet' | 'workbook' | undefined {
  if (WORKSHEET_PART.test(name)) return 'worksheet';
  if (name.replace(/^\//, '') === WORKBOOK_PART) return 'workbook';
  return undefined;
}

/**
 * The cells ExcelJS visits for one range or address: rows times columns, 1 for one cell, 0 for what it cannot decode.
 */
export function rangeCells(reference: string): number {
  let decoded: ReturnType<typeof colCache.decodeEx>;
  try {
    decoded = colCache.decodeEx(reference);
  } catch {
    return 0; // ExcelJS refuses it too: the load fails or the name is skipped.
  }
  if ('top' in decoded) {
    const cells = (decoded.bottom - decoded.top + 1) * (decoded.right - decoded.left + 1);
    return Number.isFinite(cells) && cells > 0 ? cells : 0;
  }
  return 1;
}

/** Print areas and titles are kept as text, not expanded. */
const UNEXPANDED_NAMES = new Set(['_xlnm.Print_Area', '_xlnm.Print_Titles']);

/**
 * The cells of a defined name's ranges. Quoted sheet names (which may hold commas) are removed
 * first, so each comma-separated piece is one reference as ExcelJS splits it.
 */
export function definedNameCells(text: string): number {
  return text
    .replaceAll(/'(?:[^']|'')*'/g, '')
    .split(',')
    .reduce((sum, piece) => sum + rangeCells(piece.trim()), 0);
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** Counts one part into `tally` as its bytes arrive (`write`), then `end`. */
export class PartCounter {
  private readonly parser = new SaxesParser();
  private readonly decoder = new StringDecoder('utf8');
  private malformed = false;
  /** The last column a `<col>` of this sheet names (`min` or `max`): ExcelJS creates every column up to it. */
  private lastColumn = 0;
  private definedName?: { name: string; text: string };

  constructor(
    kind: 'worksheet' | 'workbook',
    private readonly tally: WorkbookTally,
  ) {
    this.parser.on('error', () => {
      this.malformed = true;
    });
    if (kind === 'worksheet')
      this.parser.on('opentag', (tag) => this.worksheetTag(localName(tag.name), tag.attributes));
    else {
      this.parser.on('opentag', (tag) => {
        if (localName(tag.name) === 'definedName') this.definedName = { name: tag.attributes.name ?? '', text: '' };
      });
      this.parser.on('text', (text) => {
        if (this.definedName) this.definedName.text += text;
      });
      this.parser.on('closetag', () => {
        if (this.definedName && !UNEXPANDED_NAMES.has(this.definedName.name))
          this.tally.rangeCells += definedNameCells(this.definedName.text);
        this.definedName = undefined;
      });
    }
  }

  private worksheetTag(name: string, attributes: Record<string, string>): void {
    switch (name) {
      case 'row':
        this.tally.rows += 1;
        break;
      case 'c':
        this.tally.cells += 1;
        break;
      case 'col':
        // ExcelJS fills in every column before `min` too, so a `min` past `max` counts as well.
        for (const bound of [attributes.min, attributes.max]) {
          const column = Number.parseInt(bound ?? '0', 10);
          if (Number.isFinite(column)) this.lastColumn = Math.max(this.lastColumn, column);
        }
        break;
      case 'mergeCell':
        this.tally.rangeCells += rangeCells(attributes.ref ?? '');
        break;
      case 'dataValidation':
        for (const reference of (attributes.sqref ?? '').split(/\s+/))
          this.tally.rangeCells += reference.includes(':') ? rangeCells(reference) : 1;
        break;
      default:
    }
  }

  write(chunk: Buffer): void {
    this.parser.write(this.decoder.write(chunk));
    if (this.malformed) throw new MalformedPart();
  }

  end(): void {
    this.parser.write(this.decoder.end());
    this.parser.close();
    if (this.malformed) throw new MalformedPart();
    this.tally.rangeCells += this.lastColumn;
  }
}
