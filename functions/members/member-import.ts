import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ImportColumn } from '@coopledger/shared/schemas/members';
import { IMPORT_COLUMNS, MAX_IMPORT_ROWS } from '@coopledger/shared/schemas/members';
import { db, s3 } from '#core/clients';
import { config } from '#core/config';
import type { Item } from '#core/db';
import { getItem, nowIso, table } from '#core/db';
import { AppError, invalid, notFound } from '#core/errors';
import type { ImportError } from '#core/import-files';
import { cellText } from '#core/import-files';
import { logger } from '#core/logger';
import { newId } from '#core/ids';
import type { WorkbookCaps } from '#core/workbook-upload';
import { loadWorkbook } from '#core/workbook-upload';
import { keys, objectKeys } from '#core/keys';
import type { UploadedFile } from '#core/multipart';
import { describeWorkflow, startWorkflow } from '#core/workflows';
import type { ImportStatus } from '@coopledger/shared/statuses';

/**
 * Member import (spec 000 section 5, DESIGN.md section 5): the file goes to S3 and the
 * `member-import` workflow validates every row, then writes them in chunks. This module holds what
 * the API and the workflow tasks share: reading the sheet and the import record.
 */
export const MEMBER_IMPORT_WORKFLOW = 'member-import';

export type { ImportError } from '#core/import-files';

export interface MemberImport extends Item {
  id: string;
  cooperative_id: string;
  file_name: string;
  file_key: string;
  /** VALIDATING, INVALID (nothing written, report ready), WRITING, COMPLETED, FAILED. */
  status: ImportStatus;
  rows_total: number;
  rows_validated: number;
  rows_written: number;
  created: number;
  updated: number;
  errors?: ImportError[];
  error_count?: number;
  report_key?: string;
  execution_arn?: string;
  started_by: string;
  created_at: string;
  updated_at: string;
}

export type SheetRow = { row: number } & Partial<Record<ImportColumn, string>>;

/** What a member import workbook may hold (functions/core/workbook-upload.ts): 14 columns are read. */
export const MEMBER_IMPORT_WORKBOOK: WorkbookCaps = {
  rows: MAX_IMPORT_ROWS,
  tooManyRows: `A file may hold at most ${MAX_IMPORT_ROWS} members`,
  cellsPerRow: 20,
  bytes: 16 * 1024 * 1024,
};


/** The rows of the first sheet, by the header row's column names; a file that is not a workbook is a clear 422. */
export async function readSheet(content: Buffer): Promise<SheetRow[]> {
  const workbook = await loadWorkbook(content, 'The file could not be read as an Excel (.xlsx) workbook; please upload the sample format', MEMBER_IMPORT_WORKBOOK);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw invalid('file', 'The workbook has no sheet');
  // The first column of each name (so a row is read in at most 14 cells, however wide the header).
  const header = new Map<number, ImportColumn>();
  sheet.getRow(1).eachCell((cell, col) => {
    const name = cellText(cell.value).toLowerCase().replaceAll(' ', '_');
    if ((IMPORT_COLUMNS as readonly string[]).includes(name) && ![...header.values()].includes(name as ImportColumn)) header.set(col, name as ImportColumn);
  });
  const missing = IMPORT_COLUMNS.filter((c) => c !== 'middlename' && c !== 'marital_status' && c !== 'dob' && ![...header.values()].includes(c));
  if (missing.length > 0) throw invalid('file', `The first row must hold the sample's column names; missing: ${missing.join(', ')}`);
  const rows: SheetRow[] = [];
  sheet.eachRow((row, rowNumber) => {
    if (rowNumber === 1) return;
    const values: SheetRow = { row: rowNumber };
    let any = false;
    for (const [col, name] of header) {
      const text = cellText(row.getCell(col).value);
      if (text !== '') any = true;
      values[name] = text;
    }
    if (any) rows.push(values);
  });
  return rows;
}

export const findImport = (cooperativeId: string, importId: string) => getItem<MemberImport>(keys.memberImport(cooperativeId, importId), true);

export async function updateImport(cooperativeId: string, importId: string, set: Partial<MemberImport>, add: Partial<Record<'rows_written' | 'created' | 'updated', number>> = {}): Promise<void> {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':now': nowIso() };
  const sets = ['updated_at = :now'];
  for (const [field, value] of Object.entries(set)) {
    names[`#${field}`] = field;
    values[`:${field}`] = value;
    sets.push(`#${field} = :${field}`);
  }
  const adds = Object.entries(add).map(([field, by]) => {
    names[`#${field}`] = field;
    values[`:add_${field}`] = by;
    return `#${field} :add_${field}`;
  });
  await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: keys.memberImport(cooperativeId, importId),
      UpdateExpression: `SET ${sets.join(', ')}${adds.length ? ` ADD ${adds.join(', ')}` : ''}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    }),
  );
}

export async function readImportFile(key: string): Promise<Buffer> {
  const object = await s3().send(new GetObjectCommand({ Bucket: config().filesBucket, Key: key }));
  return Buffer.from(await object.Body!.transformToByteArray());
}

/** POST /cooperative/member/import: checks the file, stores it and starts the workflow. */
export async function startImport(cooperativeId: string, files: Record<string, UploadedFile>, by: string) {
  const file = files.file ?? Object.values(files)[0];
  if (!file || file.content.length === 0) throw invalid('file', 'Please select a file to import');
  if (Object.keys(files).length > 1) throw invalid('file', 'Please select one file to import');
  if (!file.fileName.toLowerCase().endsWith('.xlsx')) throw invalid('file', 'The file must be an Excel workbook (.xlsx)');
  const rows = await readSheet(file.content);
  if (rows.length === 0) throw invalid('file', 'The file has no member rows');
  if (rows.length > MAX_IMPORT_ROWS) throw invalid('file', MEMBER_IMPORT_WORKBOOK.tooManyRows);

  const id = newId();
  const fileKey = objectKeys.memberImportFile(cooperativeId, id);
  await s3().send(
    new PutObjectCommand({ Bucket: config().filesBucket, Key: fileKey, Body: file.content, ContentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
  );
  const now = nowIso();
  const record: MemberImport = {
    id,
    cooperative_id: cooperativeId,
    file_name: file.fileName,
    file_key: fileKey,
    status: 'VALIDATING',
    rows_total: rows.length,
    rows_validated: 0,
    rows_written: 0,
    created: 0,
    updated: 0,
    started_by: by,
    created_at: now,
    updated_at: now,
  };
  await db().send(new PutCommand({ TableName: table(), Item: { ...keys.memberImport(cooperativeId, id), entity: 'MEMBER_IMPORT', ...record } }));
  const { executionArn } = await startWorkflow(MEMBER_IMPORT_WORKFLOW, { cooperative_id: cooperativeId, import_id: id }, `member-import-${id}`);
  await updateImport(cooperativeId, id, { execution_arn: executionArn });
  return { import_id: id, rows_total: rows.length, status: record.status };
}

export async function importStatus(cooperativeId: string, importId: string | undefined) {
  if (!importId) throw invalid('import_id', 'Please select an import');
  let record = await findImport(cooperativeId, importId);
  if (!record) throw notFound('Import');
  if ((record.status === 'VALIDATING' || record.status === 'WRITING') && record.execution_arn) {
    const execution = await describeWorkflow(record.execution_arn).catch(() => undefined);
    if (execution && execution.status !== 'RUNNING' && execution.status !== 'SUCCEEDED') {
      // The execution's cause is Lambda's error report (stack, file paths): logged, never shown.
      logger.error('member import failed', { importId, error: execution.error, cause: execution.cause });
      await updateImport(cooperativeId, importId, { status: 'FAILED' });
      const message = 'The import stopped before it finished. Members written so far are kept; upload the file again to finish it.';
      record = { ...record, status: 'FAILED', errors: [{ row: 0, column: '', message }] };
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
    created: record.created,
    updated: record.updated,
    error_count: record.error_count ?? record.errors?.length ?? 0,
    errors: record.errors ?? [],
    report_available: record.report_key !== undefined,
    created_at: record.created_at,
    updated_at: record.updated_at,
  };
}

export async function importReport(cooperativeId: string, importId: string | undefined): Promise<Buffer> {
  if (!importId) throw invalid('import_id', 'Please select an import');
  const record = await findImport(cooperativeId, importId);
  if (!record) throw notFound('Import');
  if (!record.report_key) throw new AppError('NOT_FOUND', 'This import has no error report: its rows were all valid, or it is still being checked');
  return readImportFile(record.report_key);
}
