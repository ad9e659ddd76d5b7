import type { FormattedItem, InputItem } from 'dynamodb-toolbox/entity';
import { today } from '@coopledger/shared/dates';
import type { ImportStartedView, ImportStatusView } from '@coopledger/shared/import-views';
import type { ImportStatus } from '@coopledger/shared/statuses';
import { BATCH_SHARDS } from './batch-ledger.ts';
import { withCooperativeRules } from './cooperative-rules.ts';
import { nowIso } from './db.ts';
import { AppError, notFound } from './errors.ts';
import { newId } from './ids.ts';
import type { ImportCounters, ImportEntity } from './import-entity.ts';
import { createImportRecord, findImportRecord, updateImportRecord } from './import-entity.ts';
import type { ImportError, ImportFileKind, RawRow } from './import-files.ts';
import {
  XLSX_CONTENT_TYPE,
  fileKindOf,
  importFileError,
  putObject,
  readObject,
  writeErrorReport,
} from './import-files.ts';
import { logger } from './logger.ts';
import { METRIC, countMetric, observed, taskKeys } from './observability.ts';
import type { UploadedFile } from './multipart.ts';
import { describeWorkflow, startWorkflow } from './workflows.ts';

/**
 * The one import pipeline (members, savings, loans; DESIGN.md section 5, docs/decisions.md
 * 2026-11-26 "One import pipeline"):
 *
 *  1. the upload (`startImport`): the file's type, its rows read by the header's column names, the
 *     kind's own fields; the file goes to S3, the import record is written and the kind's workflow
 *     started (infra/lib/workflows/registry.ts `importWorkflow`);
 *  2. ValidateRows (`validateRowsTask`): every row is checked (the kind's resolver) before anything
 *     is written; a refused file gets the row/column/message report and writes nothing; a valid one
 *     is cut into chunks;
 *  3. EachChunk of WriteRows (`writeRowsTask`), a few in parallel: the chunk's rows are checked again
 *     and written by the kind's row writer, each row once (its identity makes a retried chunk or the
 *     same file uploaded again write nothing twice); the chunk adds its counts to the record;
 *  4. Finish (`finishTask`), also after a failed chunk: the kind settles its ledger batch (one
 *     summarised journal, functions/core/batch-ledger.ts) and the import is COMPLETED.
 *
 * A kind supplies only what is its own: its columns and fields, its resolver, its row writer, its
 * settlement and the figures of its status.
 */

export type { ImportError, RawRow } from './import-files.ts';

/** The fields of a record that the pipeline writes itself. */
type PipelineField =
  | 'cooperative_id'
  | 'id'
  | 'file_name'
  | 'file_key'
  | 'status'
  | 'rows_total'
  | 'rows_validated'
  | 'rows_written'
  | 'started_by'
  | 'created_at'
  | 'updated_at';

export interface ImportKind<
  E extends ImportEntity,
  Row extends { row: number },
  Fields = object,
  Figures extends object = object,
  Started extends object = object,
> {
  /** The workflow's name (infra/lib/workflows/registry.ts). */
  workflow: string;
  entity: E;
  /** For logs: "savings import". */
  what: string;
  /** The file types it reads, and the message for any other. */
  accepts: readonly ImportFileKind[];
  wrongType: string;
  noRows: string;
  maxRows: number;
  tooManyRows: string;
  /** The S3 keys of the uploaded file and of the error report. */
  objects: {
    file(cooperativeId: string, importId: string, kind: ImportFileKind): string;
    report(cooperativeId: string, importId: string): string;
  };
  /** The message of an import whose workflow stopped before it finished. */
  stoppedMessage: string;
  /** The form fields beside the file (their errors come before the file's); `values` reach `read` and the record. */
  fields?(
    cooperativeId: string,
    fields: Record<string, unknown>,
  ): Promise<{ errors: Record<string, string>; values?: Fields }>;
  /** The data rows of a file, by the header's column names; a file that cannot be read is a 422. */
  read(fields: Fields, kind: ImportFileKind, content: Buffer): Promise<RawRow[]>;
  /** The record's own attributes at the start (its counters at 0, the fields it keeps). */
  initial(fields: Fields, kind: ImportFileKind): Omit<InputItem<E>, PipelineField | 'entity'>;
  /** Checks rows against the cooperative: the rows that passed and every error, sorted by row. */
  resolve(record: FormattedItem<E>, raws: RawRow[], today: string): Promise<{ rows: Row[]; errors: ImportError[] }>;
  /** What the record keeps once every row passed (e.g. the date of its journal). */
  validated?(rows: Row[], today: string): Partial<FormattedItem<E>>;
  /** The file row numbers of each chunk, in order. */
  chunks(rows: Row[]): number[][];
  /**
   * Writes a chunk's rows, each once, adding to ledger shard `shard`; returns the counts to add to the
   * record, and the rows it could not write (each left unwritten, reported on the record).
   */
  writeChunk(record: FormattedItem<E>, rows: Row[], shard: number): Promise<ImportCounters | ChunkOutcome>;
  /** Posts what the rows added to the batch as one summarised journal; the journal's id, if one was posted. */
  settle?(record: FormattedItem<E>): Promise<string | undefined>;
  /** The kind's own figures in the status (beside the pipeline's; shared/src/import-views.ts). */
  present(record: FormattedItem<E>): Figures;
  /** What the upload answers beside the import id, its rows and status. */
  started?(fields: Fields): Started;
}

/** What a chunk wrote, and the rows it could not write (a row's failure that is not the whole chunk's). */
export interface ChunkOutcome {
  counts: ImportCounters;
  failed: ImportError[];
}

const isOutcome = (written: ImportCounters | ChunkOutcome): written is ChunkOutcome =>
  typeof written.counts === 'object' && Array.isArray(written.failed);

// The pipeline reads and writes the fields every import record has; the kinds' own are theirs.
type AnyKind = ImportKind<ImportEntity, { row: number }, unknown>;
interface AnyRecord {
  id: string;
  file_name: string;
  file_key: string;
  file_kind?: ImportFileKind;
  status: ImportStatus;
  rows_total: number;
  rows_validated: number;
  rows_written: number;
  errors?: ImportError[];
  error_count?: number;
  report_key?: string;
  execution_arn?: string;
  journal_ids?: string[];
  created_at: string;
  updated_at: string;
}

const erased = <E extends ImportEntity, Row extends { row: number }, F>(kind: ImportKind<E, Row, F>) =>
  kind as unknown as AnyKind;
const recordOf = (record: unknown) => record as AnyRecord;

/** Rows per chunk of consecutive rows (a kind may group rows otherwise). */
export function consecutiveChunks(rows: readonly { row: number }[], size: number): number[][] {
  const chunks: number[][] = [];
  for (let from = 0; from < rows.length; from += size) chunks.push(rows.slice(from, from + size).map((r) => r.row));
  return chunks;
}

/** POST of an import: checks the kind's fields and the file, stores it and starts the workflow (202). */
export async function startImport<
  E extends ImportEntity,
  Row extends { row: number },
  F,
  P extends object,
  S extends object,
>(
  kindOf: ImportKind<E, Row, F, P, S>,
  cooperativeId: string,
  fields: Record<string, unknown>,
  files: Record<string, UploadedFile>,
  by: string,
): Promise<ImportStartedView & S> {
  const kind = erased(kindOf);
  const checked = kind.fields
    ? await kind.fields(cooperativeId, fields)
    : { errors: {} as Record<string, string>, values: {} };
  const errors = { ...checked.errors };
  const uploaded = Object.values(files);
  const file = files.file ?? uploaded[0];
  const fileKind = file ? fileKindOf(file.fileName) : undefined;
  if (!file || file.content.length === 0) errors.file = 'Please select a file to import';
  else if (uploaded.length > 1) errors.file = 'Please select one file to import';
  else if (!fileKind || !kind.accepts.includes(fileKind)) errors.file = kind.wrongType;
  const first = Object.values(errors)[0];
  if (first) throw new AppError('VALIDATION', first, errors);
  const values = checked.values ?? {};
  const rows = await kind.read(values, fileKind!, file.content);
  if (rows.length === 0) throw importFileError(kind.noRows);
  if (rows.length > kind.maxRows) throw importFileError(kind.tooManyRows);

  const id = newId();
  const fileKey = kind.objects.file(cooperativeId, id, fileKind!);
  await putObject(fileKey, file.content, fileKind === 'csv' ? 'text/csv' : XLSX_CONTENT_TYPE);
  const now = nowIso();
  await createImportRecord(kind.entity, {
    ...kind.initial(values, fileKind!),
    cooperative_id: cooperativeId,
    id,
    file_name: file.fileName,
    file_key: fileKey,
    status: 'VALIDATING',
    rows_total: rows.length,
    rows_validated: 0,
    rows_written: 0,
    started_by: by,
    created_at: now,
    updated_at: now,
  });
  const { executionArn } = await startWorkflow(
    kind.workflow,
    { cooperative_id: cooperativeId, import_id: id },
    `${kind.workflow}-${id}`,
  );
  await updateImportRecord(kind.entity, cooperativeId, id, { execution_arn: executionArn });
  // A kind without `started` adds nothing (its S is `object`).
  const own = (kindOf.started?.(values as F) ?? {}) as S;
  return { import_id: id, ...own, rows_total: rows.length, status: 'VALIDATING' };
}

/** The import named by `import_id`: a 422 without one, a 404 when this cooperative has none. */
async function requireImport(kind: AnyKind, cooperativeId: string, importId: string | undefined) {
  if (!importId) throw new AppError('VALIDATION', 'Please select an import', { import_id: 'Please select an import' });
  const record = await findImportRecord(kind.entity, cooperativeId, importId);
  if (!record) throw notFound('Import');
  return record;
}

/**
 * An import's progress. A run whose workflow execution ended without finishing the import is marked
 * FAILED with the kind's `stoppedMessage` (what was written is kept, its ledger batch settled; the
 * rows are idempotent, so uploading again writes the rest). The execution's cause is Lambda's error
 * report (stack, file paths): logged, never shown.
 */
export async function importStatus<E extends ImportEntity, Row extends { row: number }, F, P extends object>(
  kindOf: ImportKind<E, Row, F, P>,
  cooperativeId: string,
  importId: string | undefined,
): Promise<ImportStatusView & P> {
  const kind = erased(kindOf);
  const found = await requireImport(kind, cooperativeId, importId);
  let record = recordOf(found);
  if ((record.status === 'VALIDATING' || record.status === 'WRITING') && record.execution_arn) {
    const execution = await describeWorkflow(record.execution_arn).catch(() => undefined);
    if (execution && execution.status !== 'RUNNING' && execution.status !== 'SUCCEEDED') {
      logger.error(`${kind.what} failed`, { importId: record.id, error: execution.error, cause: execution.cause });
      // What the rows posted reaches the ledger; a settlement that cannot post now is logged, and the status still
      // answered.
      await kind
        .settle?.(found)
        ?.catch((error: unknown) =>
          logger.error(`${kind.what}: the batch could not be settled`, { importId: record.id, error: String(error) }),
        );
      await updateImportRecord(kind.entity, cooperativeId, record.id, { status: 'FAILED' });
      record = { ...record, status: 'FAILED', errors: [{ row: 0, column: '', message: kind.stoppedMessage }] };
    }
  }
  return {
    import_id: record.id,
    file_name: record.file_name,
    status: record.status,
    done: record.status === 'COMPLETED' || record.status === 'INVALID' || record.status === 'FAILED',
    rows_total: record.rows_total,
    rows_validated: record.rows_validated,
    rows_written: record.rows_written,
    ...kindOf.present(found as FormattedItem<E>),
    error_count: record.error_count ?? record.errors?.length ?? 0,
    errors: record.errors ?? [],
    report_available: record.report_key !== undefined,
    created_at: record.created_at,
    updated_at: record.updated_at,
  };
}

/** The row/column/message report of a refused import. */
export async function importReport<E extends ImportEntity, Row extends { row: number }, F>(
  kindOf: ImportKind<E, Row, F>,
  cooperativeId: string,
  importId: string | undefined,
): Promise<Buffer> {
  const record = recordOf(await requireImport(erased(kindOf), cooperativeId, importId));
  if (!record.report_key)
    throw new AppError(
      'NOT_FOUND',
      'This import has no error report: its rows were all valid, or it is still being checked',
    );
  return readObject(record.report_key);
}

export interface ImportInput {
  cooperative_id: string;
  import_id: string;
}

export interface ChunkInput extends ImportInput {
  /** The chunk's place (its ledger shard is `chunk % BATCH_SHARDS`). */
  chunk: number;
  /** File row numbers. */
  rows: number[];
}

async function recordFor(kind: AnyKind, input: ImportInput) {
  const record = await findImportRecord(kind.entity, input.cooperative_id, input.import_id);
  if (!record) throw new Error(`Import ${input.import_id} not found`);
  return record;
}

/**
 * The rows of the stored file (a member import's is always .xlsx), read once per container: every
 * chunk of an import needs a few of them, and reading a 5,000-row workbook again for each of its
 * chunks cost more than writing the rows. A file key names one upload, which is never replaced.
 */
const readFiles = new Map<string, Promise<RawRow[]>>();
const FILES_KEPT = 2;

function rowsOf(kind: AnyKind, record: FormattedItem<ImportEntity>): Promise<RawRow[]> {
  const stored = recordOf(record);
  const key = `${kind.workflow}:${stored.file_key}`;
  let rows = readFiles.get(key);
  if (!rows) {
    rows = readObject(stored.file_key).then((content) => kind.read(record, stored.file_kind ?? 'xlsx', content));
    // A failed read is not kept: the next chunk (or the retry) reads again.
    rows.catch(() => readFiles.delete(key));
    readFiles.set(key, rows);
    for (const old of readFiles.keys()) if (readFiles.size > FILES_KEPT) readFiles.delete(old);
  }
  return rows;
}

/**
 * ValidateRows: every row is checked before anything is written (DESIGN.md section 5). An invalid
 * file writes nothing and gets a row/column/message report (the first 100 errors on the record). Row
 * checks apply the cooperative's own amount limit and posting date rules (core/cooperative-rules.ts).
 */
export function validateRowsTask<E extends ImportEntity, Row extends { row: number }, F>(
  kindOf: ImportKind<E, Row, F>,
) {
  const kind = erased(kindOf);
  const task = async (input: ImportInput) => {
    const record = await recordFor(kind, input);
    const raws = await rowsOf(kind, record);
    const day = today();
    const { rows, errors } = await kind.resolve(record, raws, day);
    if (errors.length > 0) {
      const reportKey = kind.objects.report(input.cooperative_id, input.import_id);
      await writeErrorReport(reportKey, errors);
      await updateImportRecord(kind.entity, input.cooperative_id, input.import_id, {
        status: 'INVALID',
        rows_validated: raws.length,
        errors: errors.slice(0, 100),
        error_count: errors.length,
        report_key: reportKey,
      });
      return { ...input, valid: false, chunks: [] };
    }
    await updateImportRecord(kind.entity, input.cooperative_id, input.import_id, {
      ...kind.validated?.(rows, day),
      status: 'WRITING',
      rows_validated: raws.length,
      rows_total: raws.length,
    });
    const chunks: ChunkInput[] = kind.chunks(rows).map((chunk, index) => ({ ...input, chunk: index, rows: chunk }));
    return { ...input, valid: true, chunks };
  };
  return observed(
    kind.workflow,
    (input: ImportInput) => withCooperativeRules(input.cooperative_id, () => task(input)),
    taskKeys,
  );
}

/**
 * WriteRows: a chunk's rows are checked again (data changed since validation stops the import rather
 * than write a row that no longer passes), then written by the kind, each once.
 */
export function writeRowsTask<E extends ImportEntity, Row extends { row: number }, F>(kindOf: ImportKind<E, Row, F>) {
  const kind = erased(kindOf);
  const task = async (input: ChunkInput) => {
    const record = await recordFor(kind, input);
    const wanted = new Set(input.rows);
    const raws = (await rowsOf(kind, record)).filter((r) => wanted.has(r.row));
    const { rows, errors } = await kind.resolve(record, raws, today());
    if (errors.length > 0)
      throw new Error(
        `Rows no longer validate (the data changed during the import): ${errors.map((e) => `row ${e.row} ${e.column}: ${e.message}`).join('; ')}`,
      );
    const written = await kind.writeChunk(record, rows, input.chunk % BATCH_SHARDS);
    const { counts, failed }: ChunkOutcome = isOutcome(written) ? written : { counts: written, failed: [] };
    const rowsWritten = rows.length - failed.length;
    await updateImportRecord(
      kind.entity,
      input.cooperative_id,
      input.import_id,
      {},
      { rows_written: rowsWritten, ...counts, ...(failed.length > 0 ? { error_count: failed.length } : {}) },
      // The record keeps about the first 100 errors (as for a refused file); error_count counts all.
      (recordOf(record).errors?.length ?? 0) < 100 ? failed : [],
    );
    countMetric(METRIC.importRowsWritten, rowsWritten);
    return counts;
  };
  return observed(
    kind.workflow,
    (input: ChunkInput) => withCooperativeRules(input.cooperative_id, () => task(input)),
    taskKeys,
  );
}

/**
 * Finish: the rows written are settled as one summarised journal (also when a chunk failed, so the
 * ledger always holds what the subledger does); a valid run is then COMPLETED. After a failure the
 * execution fails and the status call marks the import FAILED.
 */
export function finishTask<E extends ImportEntity, Row extends { row: number }, F>(kindOf: ImportKind<E, Row, F>) {
  const kind = erased(kindOf);
  const finish = async (input: ImportInput & { failure?: unknown }) => {
    const record = await recordFor(kind, input);
    const journalId = await kind.settle?.(record);
    const journals = journalId ? { journal_ids: [...(recordOf(record).journal_ids ?? []), journalId] } : {};
    if (input.failure) {
      if (journalId) await updateImportRecord(kind.entity, input.cooperative_id, input.import_id, journals);
      return { cooperative_id: input.cooperative_id, import_id: input.import_id, status: 'FAILED' };
    }
    await updateImportRecord(kind.entity, input.cooperative_id, input.import_id, { ...journals, status: 'COMPLETED' });
    return { cooperative_id: input.cooperative_id, import_id: input.import_id, status: 'COMPLETED' };
  };
  return observed(kind.workflow, finish, taskKeys);
}
