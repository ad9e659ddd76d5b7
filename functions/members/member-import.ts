import type { ImportStartedView, MemberImportFigures, MemberImportStatusView } from '@coopledger/shared/import-views';
import type { ImportColumn, ImportRow } from '@coopledger/shared/schemas/members';
import { IMPORT_COLUMNS, MAX_IMPORT_ROWS, importRowSchema } from '@coopledger/shared/schemas/members';
import { toNaira } from '@coopledger/shared/money';
import { MEMBER_STATUS, isActive } from '@coopledger/shared/statuses';
import { MemberImportEntity } from '#core/import-entity';
import type { MemberImport } from '#core/import-entity';
import type { ImportError } from '#core/import-files';
import { readImportTable } from '#core/import-files';
import { AppError } from '#core/errors';
import type { ChunkOutcome, ImportKind } from '#core/import-pipeline';
import {
  consecutiveChunks,
  importReport as pipelineReport,
  importStatus as pipelineStatus,
  startImport as pipelineStart,
} from '#core/import-pipeline';
import { objectKeys } from '#core/keys';
import { logger } from '#core/logger';
import type { UploadedFile } from '#core/multipart';
import { setupRecords } from '../setup/setup-entity.ts';
import type { WorkbookCaps } from '#core/workbook-upload';
import { findCooperative } from '../cooperatives/cooperative-store.ts';
import { editDetails } from './member-profile.ts';
import { enrolMember, mailCredentials, temporaryPassword } from './member-service.ts';
import { findMember } from './member-store.ts';
import { membersOfStaffIds } from './staff-id-claim-entity.ts';

/**
 * Member import (spec 000 section 5, DESIGN.md section 5), one kind of the import pipeline
 * (functions/core/import-pipeline.ts): an .xlsx file whose rows are checked with the registration
 * wizard's rules, then written in chunks, each row idempotent by staff ID.
 */

export type SheetRow = { row: number } & Partial<Record<ImportColumn, string>>;

/** What a member import workbook may hold (functions/core/workbook-upload.ts): 14 columns are read. */
export const MEMBER_IMPORT_WORKBOOK: WorkbookCaps = {
  rows: MAX_IMPORT_ROWS,
  tooManyRows: `A file may hold at most ${MAX_IMPORT_ROWS} members`,
  cellsPerRow: 20,
  bytes: 16 * 1024 * 1024,
};

/** The sample's columns; a member's middle name, marital status and date of birth may be left out. */
const OPTIONAL: readonly ImportColumn[] = ['middlename', 'marital_status', 'dob'];
const COLUMNS = IMPORT_COLUMNS.map((name) => ({ name, required: !OPTIONAL.includes(name) }));

/** The rows of the first sheet, by the header row's column names; a file that is not a workbook is a clear 422. */
export async function readSheet(content: Buffer): Promise<SheetRow[]> {
  const rows = await readImportTable(COLUMNS, 'xlsx', content, MEMBER_IMPORT_WORKBOOK);
  return rows.map((raw) => ({ row: raw.row, ...raw.values }));
}

/** The cooperative's active departments by lower-cased name (the sheet names departments). */
export async function departmentsByName(cooperativeId: string): Promise<Map<string, string>> {
  const rows = await setupRecords.department.list(cooperativeId);
  return new Map(
    rows.filter((d) => isActive(d.status)).map((d) => [String(d.name).trim().toLowerCase(), String(d.id)]),
  );
}

export type CheckedRow = { row: number; value: ImportRow & { department_id: string } };

/** Validates one sheet row with the wizard's rules; each failing column is one error. */
export function checkRow(row: SheetRow, departments: Map<string, string>): { ok?: CheckedRow; errors: ImportError[] } {
  const parsed = importRowSchema.safeParse(row);
  const errors: ImportError[] = [];
  if (!parsed.success) {
    const seen = new Set<string>();
    for (const issue of parsed.error.issues) {
      const column = String(issue.path[0] ?? '');
      if (seen.has(column)) continue;
      seen.add(column);
      errors.push({ row: row.row, column, message: issue.message });
    }
    return { errors };
  }
  const departmentId = departments.get(parsed.data.department.toLowerCase());
  if (!departmentId)
    return {
      errors: [
        { row: row.row, column: 'department', message: `No active department is named ${parsed.data.department}` },
      ],
    };
  return { ok: { row: row.row, value: { ...parsed.data, department_id: departmentId } }, errors };
}

/** Every row checked, and a staff ID on two rows refused. */
async function resolveMemberRows(
  cooperativeId: string,
  rows: SheetRow[],
): Promise<{ rows: CheckedRow[]; errors: ImportError[] }> {
  const departments = await departmentsByName(cooperativeId);
  const errors: ImportError[] = [];
  const checked: CheckedRow[] = [];
  const staffRows = new Map<string, number>();
  for (const row of rows) {
    const { ok, errors: rowErrors } = checkRow(row, departments);
    errors.push(...rowErrors);
    if (!ok) continue;
    const staffId = ok.value.staff_id.toLowerCase();
    const first = staffRows.get(staffId);
    if (first !== undefined)
      errors.push({
        row: row.row,
        column: 'staff_id',
        message: `The staff ID ${ok.value.staff_id} is also on row ${first}`,
      });
    else {
      staffRows.set(staffId, row.row);
      checked.push(ok);
    }
  }
  return { rows: checked, errors };
}

/**
 * Writes one row. Each row is idempotent by staff ID: a staff ID that already belongs to a member
 * updates that member (the spec's 'Important note'), so a retried chunk or the same file uploaded
 * again creates no duplicates.
 */
async function writeRow(
  cooperative: { id: string; code: string; name: string },
  importId: string,
  { value }: CheckedRow,
  /** The member holding the row's staff ID when the chunk started, if any. */
  existing: string | undefined,
): Promise<'created' | 'updated'> {
  const member = existing ? await findMember(cooperative.id, existing, true) : undefined;
  // This import created it already: a chunk retried after a throttled call counts it once, writes nothing.
  if (member?.source?.kind === 'import' && member.source.id === importId) return 'created';
  if (member) {
    const staff = {
      ...value,
      staff_id: value.staff_id,
      role_id: member.role_name,
      savings_amount: toNaira(value.savings_amount),
    };
    await editDetails(cooperative.id, member.id, 'STAFF-INFO', staff, false);
    await editDetails(
      cooperative.id,
      member.id,
      'WORK-INFO',
      { ...member.work_info, level: value.level, department_id: value.department_id, date_joined: value.date_joined },
      false,
    );
    return 'updated';
  }
  // A temporary password: one Cognito call, and the member chooses their own at the first sign-in.
  const password = { temporary: temporaryPassword() };
  const created = await enrolMember(
    {
      cooperative_id: cooperative.id,
      firstname: value.firstname,
      middlename: value.middlename,
      lastname: value.lastname,
      staff_id: value.staff_id,
      email: value.email.toLowerCase(),
      phone: value.phone,
      gender: value.gender,
      marital_status: value.marital_status,
      dob: value.dob,
      current_address: value.current_address,
      savings_amount: value.savings_amount,
      role_name: 'cooperative-member',
      role_id: 'cooperative-member',
      status: MEMBER_STATUS.APPROVED,
      work_info: { level: value.level, department_id: value.department_id, date_joined: value.date_joined },
      source: { kind: 'import', id: importId },
    },
    cooperative.code,
    password,
    // Looked up just above: no second read for it (the staff ID claim in the transaction still guards it).
    { staffIdChecked: true },
  );
  await mailCredentials(created, cooperative, password);
  return 'created';
}

/**
 * Errors of a service's rate limit: the chunk fails and the workflow retries it with backoff
 * (infra/lib/workflows/registry.ts `THROTTLE_RETRY`); the rows it wrote are found again by staff ID.
 */
const THROTTLED = new Set([
  'TooManyRequestsException',
  'LimitExceededException',
  'ThrottlingException',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
]);

/** A throttle or a service's own failure (a 5xx) is the chunk's, not the row's. */
const isChunkFailure = (error: unknown) =>
  error instanceof Error && (THROTTLED.has(error.name) || (error as { $fault?: string }).$fault === 'server');

/** What a row that could not be written says in the import's errors (an AppError's own message, else a generic one). */
function rowFailure(row: number, error: unknown): ImportError {
  const message =
    error instanceof AppError
      ? error.message
      : 'This member could not be created; upload the file again to retry the row';
  return { row, column: '', message };
}

/**
 * Writes a chunk's rows one after another. A row that fails (its sign-in refused, its staff ID
 * taken meanwhile) is reported and left unwritten (enrolMember undoes a half-made sign-in) and the
 * chunk goes on; a throttled call or a service failure fails the chunk so the workflow retries it.
 */
async function writeChunk(record: MemberImport, rows: CheckedRow[]): Promise<ChunkOutcome> {
  const cooperative = await findCooperative(record.cooperative_id);
  if (!cooperative) throw new Error(`The cooperative of import ${record.id} was not found`);
  let created = 0;
  let updated = 0;
  const failed: ImportError[] = [];
  // The chunk's staff IDs in one read: rows of one file hold different staff IDs (the check refuses repeats).
  const holders = await membersOfStaffIds(
    cooperative.id,
    rows.map((row) => row.value.staff_id),
  );
  for (const row of rows) {
    try {
      if ((await writeRow(cooperative, record.id, row, holders.get(row.value.staff_id))) === 'created') created++;
      else updated++;
    } catch (error) {
      if (isChunkFailure(error)) throw error;
      logger.warn('member import: a row could not be written', { importId: record.id, row: row.row, error });
      failed.push(rowFailure(row.row, error));
    }
  }
  return { counts: { created, updated }, failed };
}

/** Rows per WriteRows task: small enough for a Lambda's minute, large enough to keep the Map short. */
export const CHUNK_ROWS = 50;

export const memberImports: ImportKind<typeof MemberImportEntity, CheckedRow, object, MemberImportFigures> = {
  workflow: 'member-import',
  entity: MemberImportEntity,
  what: 'member import',
  accepts: ['xlsx'],
  wrongType: 'The file must be an Excel workbook (.xlsx)',
  noRows: 'The file has no member rows',
  maxRows: MAX_IMPORT_ROWS,
  tooManyRows: MEMBER_IMPORT_WORKBOOK.tooManyRows,
  objects: {
    file: (cooperativeId, importId) => objectKeys.memberImportFile(cooperativeId, importId),
    report: objectKeys.memberImportReport,
  },
  stoppedMessage:
    'The import stopped before it finished. Members written so far are kept; upload the file again to finish it.',
  read: async (_fields, _kind, content) =>
    readSheet(content).then((rows) => rows.map(({ row, ...values }) => ({ row, values: values }))),
  initial: () => ({ created: 0, updated: 0 }),
  resolve: (record, raws) =>
    resolveMemberRows(
      record.cooperative_id,
      raws.map((raw) => ({ row: raw.row, ...raw.values })),
    ),
  chunks: (rows) => consecutiveChunks(rows, CHUNK_ROWS),
  writeChunk: (record, rows) => writeChunk(record, rows),
  present: (record) => ({ created: record.created, updated: record.updated }),
};

/** POST /cooperative/member/import: checks the file, stores it and starts the workflow. */
export const startImport = (
  cooperativeId: string,
  files: Record<string, UploadedFile>,
  by: string,
): Promise<ImportStartedView> => pipelineStart(memberImports, cooperativeId, {}, files, by);

export const importStatus = (cooperativeId: string, importId: string | undefined): Promise<MemberImportStatusView> =>
  pipelineStatus(memberImports, cooperativeId, importId);

export const importReport = (cooperativeId: string, importId: string | undefined) =>
  pipelineReport(memberImports, cooperativeId, importId);
