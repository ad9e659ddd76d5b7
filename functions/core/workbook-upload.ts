import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { fromBufferPromise } from 'yauzl';
import { AppError, invalid } from './errors.ts';

/**
 * Every uploaded workbook (member, savings and loan imports, payroll files) is opened here, after a
 * check that it cannot unpack into more than a Lambda can hold. An .xlsx is a zip of XML parts, and
 * a zip of a few hundred kilobytes can unpack to gigabytes (a decompression bomb). The check:
 *
 * 1. The zip's central directory and each entry's local header (yauzl, no inflating): at most
 *    `entries` parts; each part's declared size at most `entryBytes`, all of them at most
 *    `totalBytes`; a large part compressed more than `ratio` to 1 is refused (spreadsheet XML
 *    compresses about 10 to 20 to 1); a local header must declare what the directory declares.
 * 2. Declared sizes can lie, so every part is then inflated as a stream by JSZip, the reader ExcelJS
 *    itself uses, counting bytes and stopping at the same limits: what ExcelJS then inflates has
 *    been measured, not trusted.
 *
 * The limits come from the largest legitimate file: a 50,000-row member import written by ExcelJS
 * unpacks to about 36 MB (26 MB of sheet XML, 10 MB of shared strings), 3.4 MB zipped.
 */
const WORKBOOK_LIMITS = {
  entries: 1000,
  entryBytes: 48 * 1024 * 1024,
  totalBytes: 64 * 1024 * 1024,
  ratio: 100,
  /** Parts smaller than this are not held to the ratio (tiny XML parts compress oddly, harmlessly). */
  ratioFromBytes: 1024 * 1024,
} as const;

const MB = 1024 * 1024;
export const WORKBOOK_TOO_LARGE = `The workbook unpacks to more than ${WORKBOOK_LIMITS.totalBytes / MB} MB, far more than any import or payroll file needs; remove what is not part of the sample format or split the file`;
export const WORKBOOK_OVER_COMPRESSED = `The workbook is compressed far more than a spreadsheet can be (over ${WORKBOOK_LIMITS.ratio} to 1), as a decompression bomb is; it was not read`;
export const WORKBOOK_TOO_MANY_PARTS = `The workbook holds more than ${WORKBOOK_LIMITS.entries.toLocaleString('en-US')} parts; save it again from the sample format`;

/** The bit of an entry's flags saying its sizes follow its data (the local header then holds zeros). */
const DATA_DESCRIPTOR_FLAG = 0x8;

class Unreadable extends Error {}

async function checkDirectory(content: Buffer): Promise<void> {
  const zip = await fromBufferPromise(content, { lazyEntries: true, validateEntrySizes: true }).catch(() => {
    throw new Unreadable();
  });
  try {
    let count = 0;
    let total = 0;
    for await (const entry of zip.eachEntry()) {
      count += 1;
      if (count > WORKBOOK_LIMITS.entries) throw invalid('file', WORKBOOK_TOO_MANY_PARTS);
      total += entry.uncompressedSize;
      if (entry.uncompressedSize > WORKBOOK_LIMITS.entryBytes || total > WORKBOOK_LIMITS.totalBytes) throw invalid('file', WORKBOOK_TOO_LARGE);
      if (entry.uncompressedSize >= WORKBOOK_LIMITS.ratioFromBytes && entry.uncompressedSize > WORKBOOK_LIMITS.ratio * Math.max(entry.compressedSize, 1)) {
        throw invalid('file', WORKBOOK_OVER_COMPRESSED);
      }
      const local = await zip.readLocalFileHeaderPromise(entry);
      if ((local.generalPurposeBitFlag & DATA_DESCRIPTOR_FLAG) === 0 && (local.uncompressedSize !== entry.uncompressedSize || local.compressedSize !== entry.compressedSize)) {
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

/** Inflates one part as a stream, handing each chunk's size to `take`, which says whether it fits. */
function inflate(file: JSZip.JSZipObject, take: (bytes: number) => boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    // JSZip's Node stream (readable-stream 2) has no async iterator; it stops inflating once paused and full.
    const stream = file.nodeStream('nodebuffer');
    stream.on('data', (chunk: Buffer) => {
      if (take(chunk.length)) return;
      stream.pause();
      stream.removeAllListeners('data');
      reject(invalid('file', WORKBOOK_TOO_LARGE));
    });
    stream.on('error', () => reject(new Unreadable()));
    stream.on('end', () => resolve());
  });
}

async function measureInflation(content: Buffer): Promise<void> {
  const zip = await JSZip.loadAsync(content).catch(() => {
    throw new Unreadable();
  });
  let total = 0;
  for (const file of Object.values(zip.files)) {
    if (file.dir) continue;
    let size = 0;
    await inflate(file, (bytes) => {
      size += bytes;
      total += bytes;
      return size <= WORKBOOK_LIMITS.entryBytes && total <= WORKBOOK_LIMITS.totalBytes;
    });
  }
}

/**
 * Refuses (422 on `file`) a workbook that is not a readable zip (`unreadable`) or would unpack past
 * the limits, before anything parses it.
 */
export async function checkWorkbookArchive(content: Buffer, unreadable: string): Promise<void> {
  try {
    await checkDirectory(content);
    await measureInflation(content);
  } catch (error) {
    if (error instanceof Unreadable) throw invalid('file', unreadable);
    throw error;
  }
}

/** An uploaded .xlsx, checked, then read by ExcelJS; anything ExcelJS cannot read is `unreadable` (422 on `file`). */
export async function loadWorkbook(content: Buffer, unreadable: string): Promise<ExcelJS.Workbook> {
  await checkWorkbookArchive(content, unreadable);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(content as unknown as ArrayBuffer);
  } catch {
    throw invalid('file', unreadable);
  }
  return workbook;
}
