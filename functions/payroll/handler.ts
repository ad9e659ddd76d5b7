import { RECONCILIATION_STATUSES } from '@coopledger/shared/payroll-views';
import { today } from '@coopledger/shared/dates';
import { postingDateIssue } from '@coopledger/shared/posting-rules';
import type { ReconciliationStatus } from '@coopledger/shared/payroll-views';
import { payrollPeriodSchema, payrollRunRefSchema, payrollUploadSchema } from '@coopledger/shared/schemas/payroll';
import { AppError, invalid } from '#core/errors';
import { domainHandler, signedIn } from '#core/handler';
import { ok, wantsDownload } from '#core/http';
import { XLSX_CONTENT_TYPE, readObject } from '#core/import-files';
import { pageParams, paginate } from '#core/paging';
import { pageRequest } from '#core/list-page';
import type { UploadedFile } from '#core/multipart';
import { validate } from '#core/validation';
import { checkWorkbookArchive } from '#core/workbook-upload';
import { findCooperative } from '../cooperatives/cooperative-store.ts';
import { payrollDues } from './dues.ts';
import {
  PAYROLL_UNREADABLE,
  PAYROLL_WORKBOOK,
  fileIdentity,
  payrollFileName,
  payrollWorkbook,
  readPayrollFile,
} from './payroll-workbook.ts';
import {
  presentReconciliationRow,
  readReconciliation,
  reconciliationFileName,
  reconciliationWorkbook,
  summarize,
} from './reconciliation.ts';
import { runPage } from './run-entity.ts';
import { currentRun, postingDateOf, presentRun, requireRun, startReversal, startRun } from './runs.ts';

/**
 * Monthly payroll deductions (spec 001 "Payroll runs", sections 3, 5 and 7; DESIGN.md sections 4
 * and 5; docs/decisions.md "Payroll deductions").
 */
const REVERSERS = new Set(['super-admin', 'cooperative-admin']);

/** The one .xlsx file of an inspect or upload request. */
function uploadedFile(files: Record<string, UploadedFile>): UploadedFile {
  const uploaded = Object.values(files);
  const file = files.file ?? uploaded[0];
  if (!file || file.content.length === 0) throw invalid('file', 'Please select a file to import');
  if (uploaded.length > 1) throw invalid('file', 'Please select one file to import');
  if (!file.fileName.toLowerCase().endsWith('.xlsx'))
    throw invalid('file', 'The payroll file must be an Excel workbook (.xlsx)');
  return file;
}

export const handler = domainHandler('payroll', {
  'POST /cooperative/monthly-deduction/download': async (ctx) => {
    const { tenant } = signedIn(ctx);
    const period = validate(payrollPeriodSchema, ctx.body);
    const [due, cooperative] = await Promise.all([payrollDues(tenant, period), findCooperative(tenant)]);
    const content = await payrollWorkbook({
      cooperativeId: tenant,
      cooperativeName: String(cooperative?.name ?? tenant),
      period,
      dues: due,
      generatedAt: new Date().toISOString(),
    });
    return { kind: 'file', fileName: payrollFileName(period), contentType: XLSX_CONTENT_TYPE, content };
  },

  'POST /cooperative/monthly-deduction/inspect': async (ctx) => {
    const { tenant } = signedIn(ctx);
    const file = uploadedFile(ctx.files);
    await checkWorkbookArchive(file.content, PAYROLL_UNREADABLE, PAYROLL_WORKBOOK);
    const found = fileIdentity(await readPayrollFile(file.content), tenant);
    if ('problem' in found) throw invalid('file', found.problem);
    return ok('The payroll file names its period and repayment type', found.identity);
  },

  'POST /cooperative/monthly-deduction/upload': async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    const file = uploadedFile(ctx.files);
    // The schema refuses a period that has not started.
    const input = validate(payrollUploadSchema, ctx.body);
    const on = today();
    const dateIssue = postingDateIssue(postingDateOf(input, on));
    if (dateIssue) throw invalid('end_date', dateIssue);
    await checkWorkbookArchive(file.content, PAYROLL_UNREADABLE, PAYROLL_WORKBOOK);
    const run = await startRun(tenant, input, file, identity.loginId, on);
    return ok(
      'The payroll file is being checked and posted; follow the run for its progress',
      presentRun(run, REVERSERS.has(identity.role)),
      202,
    );
  },

  'GET /cooperative/monthly-deduction/runs': async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    const found = await runPage(tenant, pageRequest(ctx));
    const runs = await Promise.all(found.data.map(currentRun));
    return ok('Payroll runs retrieved', {
      data: runs.map((r) => presentRun(r, REVERSERS.has(identity.role))),
      meta: found.meta,
    });
  },

  'GET /cooperative/monthly-deduction/single': async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    const { run_id } = validate(payrollRunRefSchema, ctx.query);
    const run = await currentRun(await requireRun(tenant, run_id));
    return ok('Payroll run retrieved', presentRun(run, REVERSERS.has(identity.role)));
  },

  'GET /cooperative/monthly-deduction/report': async (ctx) => {
    const { tenant } = signedIn(ctx);
    const { run_id } = validate(payrollRunRefSchema, ctx.query);
    const run = await requireRun(tenant, run_id);
    if (!run.report_key)
      throw new AppError(
        'NOT_FOUND',
        'This payroll run has no error report: its rows were all valid, or it is still being checked',
      );
    const content = await readObject(run.report_key);
    return { kind: 'file', fileName: `payroll-errors-${run.id}.xlsx`, contentType: XLSX_CONTENT_TYPE, content };
  },

  'GET /cooperative/monthly-deduction/reconciliation': async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    const { run_id } = validate(payrollRunRefSchema, ctx.query);
    const run = await currentRun(await requireRun(tenant, run_id));
    if (!run.reconciliation_key) throw new AppError('CONFLICT', 'The reconciliation is ready once the run has posted');
    const rows = await readReconciliation(run);
    if (wantsDownload(ctx.query)) {
      return {
        kind: 'file',
        fileName: reconciliationFileName(run),
        contentType: XLSX_CONTENT_TYPE,
        content: await reconciliationWorkbook(run, rows),
      };
    }
    const query = ctx.query.query?.trim().toLowerCase();
    const status = ctx.query.status?.trim();
    if (status && !RECONCILIATION_STATUSES.includes(status as ReconciliationStatus))
      throw invalid('status', `Status must be one of ${RECONCILIATION_STATUSES.join(', ')}`);
    const filtered = rows.filter(
      (r) =>
        (!status || r.status === status) &&
        (!query ||
          r.name.toLowerCase().includes(query) ||
          r.member_id.toLowerCase().includes(query) ||
          r.staff_id.toLowerCase().includes(query)),
    );
    const { page, perPage } = pageParams(ctx.query);
    const slice = paginate(filtered, page, perPage);
    return ok('Payroll reconciliation retrieved', {
      run: presentRun(run, REVERSERS.has(identity.role)),
      summary: summarize(rows),
      data: slice.data.map(presentReconciliationRow),
      meta: slice.meta,
    });
  },

  'POST /cooperative/monthly-deduction/reverse': async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    const { run_id } = validate(payrollRunRefSchema, { ...ctx.query, ...ctx.body });
    const run = await startReversal(tenant, run_id, identity.loginId);
    return ok('The payroll run is being reversed; follow the run for its progress', presentRun(run, true), 202);
  },
});
