import type { RouteHandlers } from '#core/handler';
import { signedIn } from '#core/handler';
import { ok } from '#core/http';
import { XLSX_CONTENT_TYPE } from '#core/import-files';
import { setupRecords } from '../setup/setup-entity.ts';
import { loanImportReport, loanImportStatus, startLoanImport } from './import.ts';
import { loanImportSample } from './loan-workbooks.ts';
import { isActive } from '@coopledger/shared/statuses';

/**
 * The loan import routes (spec 000 section 2 "Loan import" and section 7; functions/loans/import.ts
 * does the work): the sample, the upload that starts the `loan-import` workflow, its progress and
 * the error report of a refused file.
 */
export const importRoutes: RouteHandlers = {
  'GET /cooperative/loans/download-sample': async (ctx) => {
    const { tenant } = signedIn(ctx);
    // The example rows name one of the cooperative's loan products with an active setup, if any.
    const [products, setups] = await Promise.all([
      setupRecords.product.list(tenant),
      setupRecords.loanSetup.list(tenant),
    ]);
    const active = products.find((p) =>
      setups.some((s) => String(s.product_id) === String(p.id) && isActive(s.status)),
    );
    const content = await loanImportSample({ product: active ? String(active.name) : undefined });
    return { kind: 'file', fileName: 'sample-loan-import.xlsx', contentType: XLSX_CONTENT_TYPE, content };
  },

  'POST /cooperative/loans/import': async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    const started = await startLoanImport(tenant, ctx.files, identity.loginId);
    return ok('The import has started; follow its progress with the import id', started, 202);
  },

  'GET /cooperative/loans/import/status': async (ctx) => {
    const { tenant } = signedIn(ctx);
    return ok('Import status retrieved', await loanImportStatus(tenant, ctx.query.import_id));
  },

  'GET /cooperative/loans/import/report': async (ctx) => {
    const { tenant } = signedIn(ctx);
    const content = await loanImportReport(tenant, ctx.query.import_id);
    return {
      kind: 'file',
      fileName: `loan-import-report-${ctx.query.import_id}.xlsx`,
      contentType: XLSX_CONTENT_TYPE,
      content,
    };
  },
};
