import { performance } from 'node:perf_hooks';
import { IMPORT_COLUMNS } from '@coopledger/shared/schemas/members';
import { newWorkbook } from '../../functions/core/workbook.ts';
import type { ApiCall } from './http.ts';
import { expectStatus } from './http.ts';

/**
 * The member import measure: a valid workbook in the sample's columns (functions/members/member-workbooks.ts),
 * uploaded through the API and followed on the status endpoint until the workflow is done.
 */
export type ImportCell = string | number;

/** `count` valid rows with unique staff IDs, emails and phones, spread over the given departments. */
export function importRows(count: number, departments: readonly string[], tag: string): ImportCell[][] {
  if (departments.length === 0) throw new Error('The import rows need at least one department');
  return Array.from({ length: count }, (_, i) => {
    const values: Record<(typeof IMPORT_COLUMNS)[number], ImportCell> = {
      staff_id: `BN${tag}${String(i + 1).padStart(5, '0')}`,
      firstname: 'Bench',
      middlename: i % 3 === 0 ? 'Import' : '',
      lastname: `Member${i + 1}`,
      email: `bench.${tag.toLowerCase()}.${i + 1}@import.example`,
      phone: `0809${String(i + 1).padStart(7, '0')}`,
      gender: i % 2 === 0 ? 'Female' : 'Male',
      marital_status: ['Single', 'Married', 'Divorced'][i % 3],
      dob: `19${70 + (i % 30)}-0${1 + (i % 9)}-1${i % 10}`,
      current_address: `${i + 1} Import Road, Lagos`,
      savings_amount: 1000 + (i % 50) * 100,
      level: (i % 10) + 1,
      department: departments[i % departments.length],
      date_joined: '2021-03-01',
    };
    return IMPORT_COLUMNS.map((column) => values[column]);
  });
}

/** The workbook of the sample file: the header row of IMPORT_COLUMNS, then one member per row. */
export async function importWorkbook(rows: ImportCell[][]): Promise<Buffer> {
  const book = newWorkbook();
  const sheet = book.addWorksheet('Members');
  sheet.addRow([...IMPORT_COLUMNS]);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

export interface ImportStatus {
  import_id: string;
  status: string;
  done: boolean;
  rows_total: number;
  rows_written: number;
  created: number;
  updated: number;
  error_count: number;
  errors: { row: number; column: string; message: string }[];
}

export interface ImportResult {
  rows: number;
  fileBytes: number;
  /** Upload to a 202 (the API reads the sheet, stores it and starts the workflow). */
  uploadSeconds: number;
  /** Upload to COMPLETED, as seen by polling the status endpoint every 250 ms. */
  seconds: number;
  rowsPerSecond: number;
  status: string;
  created: number;
  updated: number;
  /** Members counted by GET /cooperative/member/statistics before and after. */
  membersBefore: number;
  membersAfter: number;
}

export async function benchMemberImport(
  call: ApiCall,
  token: string,
  cooperativeId: string,
  count: number,
  log: (line: string) => void,
): Promise<ImportResult> {
  const departments = expectStatus(
    await call<{ data: { name: string; status: number }[] } | { name: string; status: number }[]>(
      'GET',
      '/cooperative/department',
      { token, query: { cooperative_id: cooperativeId, per_page: 100 } },
    ),
    200,
    'list departments',
  );
  const names = (Array.isArray(departments) ? departments : departments.data)
    .filter((d) => Number(d.status) === 1)
    .map((d) => d.name);
  const tag = Date.now().toString(36).toUpperCase().slice(-5);
  const file = await importWorkbook(importRows(count, names, tag));
  const statistics = async () =>
    expectStatus(
      await call<{ total: number }>('GET', '/cooperative/member/statistics', {
        token,
        query: { cooperative_id: cooperativeId },
      }),
      200,
      'member statistics',
    ).total;
  const membersBefore = await statistics();

  const form = new FormData();
  form.append('cooperative_id', cooperativeId);
  form.append('file', new Blob([file]), 'bench-members.xlsx');
  const started = performance.now();
  const { import_id: importId } = expectStatus(
    await call<{ import_id: string }>('POST', '/cooperative/member/import', { token, form }),
    202,
    'upload the member import',
  );
  const uploadSeconds = (performance.now() - started) / 1000;
  log(
    `  uploaded ${count} rows (${Math.round(file.length / 1024)} KiB) in ${uploadSeconds.toFixed(1)} s; import ${importId}`,
  );

  // Generous: an import slower than 2 rows a second is a finding in itself, not a reason to wait on.
  const deadline = started + Math.max(120_000, count * 500);
  let status: ImportStatus;
  let lastLog = 0;
  for (;;) {
    status = expectStatus(
      await call<ImportStatus>('GET', '/cooperative/member/import/status', {
        token,
        query: { cooperative_id: cooperativeId, import_id: importId },
      }),
      200,
      'import status',
    );
    if (status.done) break;
    if (performance.now() > deadline)
      throw new Error(
        `The member import did not finish in ${Math.round((deadline - started) / 1000)} s (${status.status}, ${status.rows_written}/${count} rows written)`,
      );
    if (performance.now() - lastLog > 15_000) {
      lastLog = performance.now();
      log(
        `  ${status.status}: ${status.rows_written}/${count} rows written after ${((performance.now() - started) / 1000).toFixed(0)} s`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const seconds = (performance.now() - started) / 1000;
  const membersAfter = await statistics();

  const result: ImportResult = {
    rows: count,
    fileBytes: file.length,
    uploadSeconds: round(uploadSeconds),
    seconds: round(seconds),
    rowsPerSecond: round(count / seconds),
    status: status.status,
    created: status.created,
    updated: status.updated,
    membersBefore,
    membersAfter,
  };
  // An import that wrote nothing, or not every row, must not look like a fast one.
  const problems: string[] = [];
  if (status.status !== 'COMPLETED')
    problems.push(
      `ended ${status.status} (${status.error_count} errors; first: ${JSON.stringify(status.errors.slice(0, 3))})`,
    );
  if (status.created !== count) problems.push(`created ${status.created} of ${count} rows (updated ${status.updated})`);
  if (membersAfter - membersBefore !== count)
    problems.push(`the member statistics moved by ${membersAfter - membersBefore}, not ${count}`);
  if (problems.length > 0) throw new Error(`The member import is wrong: ${problems.join('; ')}`);
  return result;
}

const round = (n: number) => Math.round(n * 100) / 100;
