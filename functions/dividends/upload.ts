import { formatNaira, parseNaira } from '@coopledger/shared/money';
import { amountIssue, amountLimit } from '@coopledger/shared/posting-rules';
import { DIVIDEND_STATUS, MEMBER_STATUS } from '@coopledger/shared/statuses';
import { nowIso } from '#core/db';
import { AppError } from '#core/errors';
import { newId } from '#core/ids';
import type { ImportError } from '#core/import-files';
import { fileKindOf, importFileError, readImportTable } from '#core/import-files';
import type { UploadedFile } from '#core/multipart';
import { tableWorkbook } from '#core/workbook';
import type { WorkbookCaps } from '#core/workbook-upload';
import { memberSummaries } from '../members/member-summary-entity.ts';
import { requireGlSetup } from './compute.ts';
import type { DeclarationMember, DeclarationRecord } from './declaration-entity.ts';
import { saveDraft } from './declaration-entity.ts';

/**
 * Upload dividend (issue 21): a per-member list computed elsewhere, one .xlsx of Member No and
 * Amount. Every row is checked first: an unknown or inactive member, a member twice, an amount that
 * is not above 0, has more than 2 decimals or is above the posting limit; any bad row refuses the
 * file with a row, column and message for each (the first 100), and nothing is saved. The amounts'
 * sum, posted as one amount at approval, is held to the same limit. A good file becomes a Draft whose pool is
 * the sum of its amounts (no period, no X/Y: the split was made elsewhere), approved and paid like
 * a computed one.
 */

export const MAX_DIVIDEND_UPLOAD_ROWS = 50_000;
const UPLOAD_WORKBOOK: WorkbookCaps = {
  rows: MAX_DIVIDEND_UPLOAD_ROWS,
  tooManyRows: `A dividend file may hold at most ${MAX_DIVIDEND_UPLOAD_ROWS.toLocaleString('en-US')} members`,
  cellsPerRow: 6,
  bytes: 20 * 1024 * 1024,
};
const COLUMNS = [
  { name: 'member_no', required: true },
  { name: 'amount', required: true },
] as const;
/** The sample's headers; a header is matched by its words (`Member No` is `member_no`). */
const HEADERS = { member_no: 'Member No', amount: 'Amount' } as const;
const SHOWN_ERRORS = 100;

/** The sample: the two columns and two example rows. */
export const dividendUploadSample = (): Promise<Buffer> =>
  tableWorkbook(
    'Dividend',
    [
      { header: HEADERS.member_no, width: 16, value: (r: { member_no: string; amount: number }) => r.member_no },
      { header: HEADERS.amount, width: 16, money: true, value: (r) => r.amount },
    ],
    [
      { member_no: 'COOP0001', amount: 1500.5 },
      { member_no: 'COOP0002', amount: 820 },
    ],
  );

/** The 422 of a refused file: the count in the message, each error keyed by its row and column. */
function refused(errors: ImportError[]): AppError {
  const fields: Record<string, string> = {};
  for (const e of errors.slice(0, SHOWN_ERRORS)) fields[`row ${e.row}, ${e.column}`] = e.message;
  const more = errors.length > SHOWN_ERRORS ? ` (the first ${SHOWN_ERRORS} are listed)` : '';
  return new AppError(
    'VALIDATION',
    `The file has ${errors.length} error(s)${more}; nothing was saved. Correct the rows and upload it again`,
    fields,
  );
}

export async function uploadDividend(
  tenant: string,
  files: Record<string, UploadedFile>,
  by: string,
): Promise<DeclarationRecord> {
  const uploaded = Object.values(files);
  const file = files.file ?? uploaded[0];
  if (!file || file.content.length === 0) throw importFileError('Please select a file to import');
  if (uploaded.length > 1) throw importFileError('Please select one file to import');
  if (fileKindOf(file.fileName) !== 'xlsx')
    throw importFileError('The dividend file must be an Excel workbook (.xlsx)');
  await requireGlSetup(tenant);
  const rows = await readImportTable(COLUMNS, 'xlsx', file.content, UPLOAD_WORKBOOK);
  if (rows.length === 0) throw importFileError('The file has no members below its header row');
  if (rows.length > MAX_DIVIDEND_UPLOAD_ROWS) throw importFileError(UPLOAD_WORKBOOK.tooManyRows);

  const numbers = rows.map((r) => r.values.member_no.toUpperCase());
  const found = new Map((await memberSummaries(tenant, numbers.filter(Boolean))).map((m) => [m.id, m]));
  const errors: ImportError[] = [];
  const seen = new Map<string, number>();
  const lines: DeclarationMember[] = [];
  rows.forEach(({ row, values }, i) => {
    const number = numbers[i];
    const member = found.get(number);
    if (!number) errors.push({ row, column: HEADERS.member_no, message: 'Please enter the member number' });
    else if (!member)
      errors.push({ row, column: HEADERS.member_no, message: `No member ${number} in this cooperative` });
    else if (member.status !== MEMBER_STATUS.APPROVED)
      errors.push({ row, column: HEADERS.member_no, message: `Member ${number} is not active` });
    else if (seen.has(number))
      errors.push({ row, column: HEADERS.member_no, message: `Member ${number} is also on row ${seen.get(number)}` });
    if (number && !seen.has(number)) seen.set(number, row);

    const amount = parseNaira(values.amount);
    const overLimit = amount === undefined ? undefined : amountIssue(amount);
    if (amount === undefined || amount <= 0)
      errors.push({
        row,
        column: HEADERS.amount,
        message: values.amount
          ? `${values.amount} is not an amount above 0 with at most 2 decimals`
          : 'Please enter the amount',
      });
    else if (overLimit) errors.push({ row, column: HEADERS.amount, message: overLimit });
    else if (member)
      lines.push({
        member_id: member.id,
        member_name: [member.firstname, member.middlename, member.lastname].filter(Boolean).join(' '),
        savings_basis: 0n,
        loan_basis: 0n,
        savings_part: amount,
        loan_part: 0,
        amount,
      });
  });
  if (errors.length > 0) throw refused(errors);

  // The pool is posted as one amount at approval: it is held to the same limit as any amount.
  const pool = lines.reduce((sum, l) => sum + BigInt(l.amount), 0n);
  const limit = amountLimit();
  if (pool > BigInt(limit))
    throw importFileError(
      `The amounts add up to more than the largest amount that may be posted, ${formatNaira(limit)}`,
    );
  const record: DeclarationRecord = {
    id: newId(),
    source: 'upload',
    amount: Number(pool),
    members: lines.length,
    savings_basis: 0n,
    loan_basis: 0n,
    savings_part: Number(pool),
    loan_part: 0,
    status: DIVIDEND_STATUS.DRAFT,
    created_by: by,
    created_at: nowIso(),
  };
  await saveDraft(tenant, record, lines);
  return record;
}
