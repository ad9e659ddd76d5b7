import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { fromBufferPromise } from 'yauzl';
import { AppError, invalid } from './errors.ts';
import type { WorkbookTally } from './workbook-shape.ts';
import { MalformedPart, PartCounter, partKind } from './workbook-shape.ts';

/**
 * Every uploaded workbook (member, savings and loan imports, payroll files) is opened here, after a
 * check that it cannot make ExcelJS hold more than a Lambda can. An .xlsx is a zip of XML parts: a
 * zip of a few hundred kilobytes can unpack to gigabytes (a decompression bomb), and a few
 * megabytes of XML can hold millions of cells, each of which ExcelJS keeps as an object of a few
 * hundred bytes. So each route names what its files may hold (`WorkbookCaps`), and:
 *
 * 1. The zip's central directory and each entry's local header (yauzl, no inflating): at most
 *    1,000 parts; their declared sizes at most the route's bytes; a large part compressed more than
 *    100 to 1 is refused (spreadsheet XML compresses about 10 to 20 to 1); a local header must
 *    declare what the directory declares.
 * 2. Declared sizes can lie, so every part is then inflated as a stream by JSZip, the reader ExcelJS
 *    itself uses, counting bytes, and the worksheets and the workbook part are counted as they
 *    inflate (`workbook-shape.ts`): rows, cells, and the cells ranges name. The first limit passed
 *    stops it; what ExcelJS then reads has been measured, not trusted.
 */
export interface WorkbookCaps {
  /** The route's own cap on data rows, and its message for a file with more. */
  rows: number;
  tooManyRows: string;
  /** Cells per row on average, with the spare rows: the route's columns and room for a few more. */
  cellsPerRow: number;
  /** Unpacked bytes of all parts together, from the route's largest legitimate file. */
  bytes: number;
}

/** Rows beside the data: the header, a payroll's total row and its hidden Run sheet, a few blank or note rows. */
export const SPARE_ROWS = 100;
const MAX_PARTS = 1000;
const MAX_RATIO = 100;
/** Parts smaller than this are not held to the ratio (tiny XML parts compress oddly, harmlessly). */
const RATIO_FROM_BYTES = 1024 * 1024;

const MB = 1024 * 1024;

/** What a route's workbook may hold, counted as the check counts it. */
export function workbookLimits(caps: WorkbookCaps) {
  const rows = caps.rows + SPARE_ROWS;
  return { rows, cells: rows * caps.cellsPerRow, bytes: caps.bytes };
}

/** The 422 messages (on `file`) of the check, for a route's caps. */
export function workbookMessages(caps: WorkbookCaps) {
  const limits = workbookLimits(caps);
  const cells = limits.cells.toLocaleString('en-US');
  return {
    tooLarge: `The workbook unpacks to more than ${Math.round(limits.bytes / MB)} MB, more than a file of ${caps.rows.toLocaleString('en-US')} rows needs; remove what is not part of the file's layout or split the file`,
    overCompressed: `The workbook is compressed far more than a spreadsheet can be (over ${MAX_RATIO} to 1), as a decompression bomb is; it was not read`,
    tooManyParts: `The workbook holds more than ${MAX_PARTS.toLocaleString('en-US')} parts; save it again from the file's layout`,
    tooManyRows: `${caps.tooManyRows}; this workbook holds more than ${limits.rows.toLocaleString('en-US')} rows (blank rows with formatting count too): delete the rows below the data or split the file`,
    tooManyCells: `The workbook holds more than ${cells} cells, more than a file of ${caps.rows.toLocaleString('en-US')} rows needs; delete the columns and sheets that are not part of the file's layout or split the file`,
    rangesTooLarge: `The workbook's merged cells, data validations, named ranges or column formats cover more than ${cells} cells; remove those that reach past the rows and columns in use`,
  };
}

/** The bit of an entry's flags saying its sizes follow its data (the local header then holds zeros). */
const DATA_DESCRIPTOR_FLAG = 0x8;

class Unreadable extends Error {}

async function checkDirectory(content: Buffer, caps: WorkbookCaps): Promise<void> {
  const { bytes } = workbookLimits(caps);
  const messages = workbookMessages(caps);
  const zip = await fromBufferPromise(content, { lazyEntries: true, validateEntrySizes: true }).catch(() => {
    throw new Unreadable();
  });
  try {
    let count = 0;
    let total = 0;
    for await (const entry of zip.eachEntry()) {
      count += 1;
      if (count > MAX_PARTS) throw invalid('file', messages.tooManyParts);
      total += entry.uncompressedSize;
      if (total > bytes) throw invalid('file', messages.tooLarge);
      if (
        entry.uncompressedSize >= RATIO_FROM_BYTES &&
        entry.uncompressedSize > MAX_RATIO * Math.max(entry.compressedSize, 1)
      ) {
        throw invalid('file', messages.overCompressed);
      }
      const local = await zip.readLocalFileHeaderPromise(entry);
      if (
        (local.generalPurposeBitFlag & DATA_DESCRIPTOR_FLAG) === 0 &&
        (local.uncompressedSize !== entry.uncompressedSize || local.compressedSize !== entry.compressedSize)
      ) {
        throw new Unreadable();
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new Unreadable();
  } finally {
    zip.close();
  }
}

/** Inflates one part as a stream, handing each chunk to `take`, which throws to stop. */
function inflate(file: JSZip.JSZipObject, take: (chunk: Buffer) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    // JSZip's Node stream (readable-stream 2) has no async iterator; it stops inflating once paused and full.
    const stream = file.nodeStream('nodebuffer');
    stream.on('data', (chunk: Buffer) => {
      try {
        take(chunk);
      } catch (error) {
        stream.pause();
        stream.removeAllListeners('data');
        reject(error instanceof MalformedPart || !(error instanceof Error) ? new Unreadable() : error);
      }
    });
    stream.on('error', () => reject(new Unreadable()));
    stream.on('end', () => resolve());
  });
}

async function measureInflation(content: Buffer, caps: WorkbookCaps): Promise<void> {
  const limits = workbookLimits(caps);
  const messages = workbookMessages(caps);
  const zip = await JSZip.loadAsync(content).catch(() => {
    throw new Unreadable();
  });
  const tally: WorkbookTally = { rows: 0, cells: 0, rangeCells: 0 };
  const withinLimits = () => {
    if (tally.rows > limits.rows) throw invalid('file', messages.tooManyRows);
    if (tally.cells > limits.cells) throw invalid('file', messages.tooManyCells);
    if (tally.rangeCells > limits.cells) throw invalid('file', messages.rangesTooLarge);
  };
  let total = 0;
  for (const file of Object.values(zip.files)) {
    if (file.dir) continue;
    const kind = partKind(file.name);
    const counter = kind ? new PartCounter(kind, tally) : undefined;
    await inflate(file, (chunk) => {
      total += chunk.length;
      if (total > limits.bytes) throw invalid('file', messages.tooLarge);
      counter?.write(chunk);
      withinLimits();
    });
    try {
      counter?.end();
    } catch {
      throw new Unreadable();
    }
    withinLimits();
  }
}

/**
 * Refuses (422 on `file`) a workbook that is not a readable zip (`unreadable`) or would pass the
 * route's caps, before anything parses it.
 */
export async function checkWorkbookArchive(content: Buffer, unreadable: string, caps: WorkbookCaps): Promise<void> {
  try {
    await checkDirectory(content, caps);
    await measureInflation(content, caps);
  } catch (error) {
    if (error instanceof Unreadable) throw invalid('file', unreadable);
    throw error;
  }
}

/**
 * An uploaded .xlsx, checked against the route's caps, then read by ExcelJS; anything ExcelJS cannot read is
 * `unreadable` (422 on `file`).
 */
export async function loadWorkbook(content: Buffer, unreadable: string, caps: WorkbookCaps): Promise<ExcelJS.Workbook> {
  await checkWorkbookArchive(content, unreadable, caps);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(content as unknown as ArrayBuffer);
  } catch {
    throw invalid('file', unreadable);
  }
  return workbook;
}
