import { describe, expect, it } from 'vitest';
import { PAYROLL_RUN_STATUSES } from '@coopledger/shared/payroll-views';
import { payrollPeriodSchema, payrollUploadSchema } from '@coopledger/shared/schemas/payroll';
import { keepValuesResolver } from '../../forms/zod-form';
import { errorReportFileName, payrollFileName, reconciliationFileName } from '../../api/payroll';
import {
  FILE_REQUIRED,
  RUN_STATUS_LABELS,
  RUN_STATUS_TYPES,
  XLSX_ONLY,
  mayReverse,
  monthEndOf,
  payrollFileError,
  periodText,
  readableMessage,
  reverseQuestion,
  rowErrorText,
  runActions,
  runProgress,
} from './payroll-helpers';

const rows = { rows_total: 10, rows_validated: 0, rows_posted: 0, rows_already: 0, rows_reversed: 0 };

const fileNamed = (name: string) => new File(['x'], name);

describe('payroll run progress', () => {
  it('measures validation by the rows validated', () => {
    expect(runProgress({ ...rows, status: 'VALIDATING', rows_validated: 4 })).toEqual({
      label: 'rows validated',
      value: 40,
      description: '4 of 10 rows validated',
    });
  });

  it('counts the rows an earlier run posted as posted', () => {
    expect(runProgress({ ...rows, status: 'POSTING', rows_validated: 10, rows_posted: 3, rows_already: 4 })).toEqual({
      label: 'rows posted',
      value: 70,
      description: '7 of 10 rows posted',
    });
  });

  it('measures a reversal by the rows reversed out of those the run posted', () => {
    expect(runProgress({ ...rows, status: 'REVERSING', rows_posted: 8, rows_reversed: 2 })).toEqual({
      label: 'rows reversed',
      value: 25,
      description: '2 of 8 rows reversed',
    });
  });

  it('shows no bar once the run is done', () => {
    for (const status of ['INVALID', 'COMPLETED', 'FAILED', 'REVERSED', 'REVERSAL_FAILED'] as const) {
      expect(runProgress({ ...rows, status })).toBeNull();
    }
  });
});

describe('payroll run statuses and actions', () => {
  it('names and colours every status', () => {
    for (const status of PAYROLL_RUN_STATUSES) {
      expect(RUN_STATUS_LABELS[status]).toBeTruthy();
      expect(RUN_STATUS_TYPES[status]).toBeTruthy();
    }
    expect(RUN_STATUS_LABELS.REVERSAL_FAILED).toBe('Reversal failed');
    expect(RUN_STATUS_TYPES.COMPLETED).toBe('success');
    expect(RUN_STATUS_TYPES.POSTING).toBe('in-progress');
    expect(RUN_STATUS_TYPES.INVALID).toBe('error');
  });

  it('offers the reconciliation, the error report and the reversal only when the run has them', () => {
    const none = { reconciliation_available: false, report_available: false, reversible: false };
    expect(runActions(none, true)).toEqual(['progress']);
    expect(runActions({ ...none, report_available: true }, true)).toEqual(['progress', 'report']);
    expect(runActions({ ...none, reconciliation_available: true, reversible: true }, true)).toEqual([
      'progress',
      'reconciliation',
      'reverse',
    ]);
  });

  it('offers no reversal to a role the route refuses', () => {
    const posted = { reconciliation_available: true, report_available: false, reversible: true };
    expect(runActions(posted, false)).toEqual(['progress', 'reconciliation']);
    expect(mayReverse('cooperative-admin')).toBe(true);
    expect(mayReverse('super-admin')).toBe(true);
    expect(mayReverse('cooperative-accountant')).toBe(false);
    expect(mayReverse(undefined)).toBe(false);
  });

  it('asks before reversing, naming the type and the period', () => {
    expect(reverseQuestion({ repayment_type: 'Salary', start_date: '2026-11-01', end_date: '2026-11-30' })).toBe(
      "Reverse the Salary payroll for 01 Nov 2026 – 30 Nov 2026? Every deduction of this run is reversed in the members' savings and loans and in the ledger; the period can then be posted again.",
    );
    expect(periodText({ start_date: '2026-02-01', end_date: '2026-02-28' })).toBe('01 Feb 2026 – 28 Feb 2026');
  });
});

describe('payroll errors', () => {
  it('names the row and column of a row error', () => {
    expect(rowErrorText({ row: 4, column: 'Amount Deducted', message: 'Enter an amount' })).toBe(
      'Row 4, Amount Deducted: Enter an amount',
    );
    expect(rowErrorText({ row: 4, column: '', message: 'Unknown member' })).toBe('Row 4: Unknown member');
  });

  it("shows an error of the whole file as its message, a workflow step's JSON error included", () => {
    expect(rowErrorText({ row: 0, column: '', message: 'The file has no rows' })).toBe('The file has no rows');
    expect(readableMessage('{"errorType":"Error","errorMessage":"Posting timed out","trace":[]}')).toBe(
      'Posting timed out',
    );
    expect(readableMessage('{not json')).toBe('{not json');
  });
});

describe('the payroll forms', () => {
  it('asks for the file first, and takes .xlsx only', () => {
    expect(payrollFileError([])).toBe(FILE_REQUIRED);
    expect(FILE_REQUIRED).toBe('Please select a file to import');
    expect(payrollFileError([fileNamed('payroll.csv')])).toBe(XLSX_ONLY);
    expect(payrollFileError([fileNamed('2026-11-01-2026-11-30-monthly-payroll.XLSX')])).toBeNull();
  });

  it('fills the end date with the last day of the start date’s month', () => {
    expect(monthEndOf('2026-11-01')).toBe('2026-11-30');
    expect(monthEndOf('2028-02-01')).toBe('2028-02-29');
    expect(monthEndOf('2026-12-15')).toBe('2026-12-31');
    expect(monthEndOf('')).toBe('');
    expect(monthEndOf('2026-13-01')).toBe('');
  });

  it("gives the spec's messages for an empty download and an empty upload", async () => {
    const blank = { start_date: '', end_date: '', repayment_type: '' };
    const messages = async (schema: Parameters<typeof keepValuesResolver>[0], values: Record<string, string>) => {
      const result = await keepValuesResolver(schema, { blankIsMissing: true })(values, undefined, {
        fields: {},
        shouldUseNativeValidation: false,
      });
      return Object.fromEntries(Object.entries(result.errors).map(([name, error]) => [name, error?.message]));
    };
    expect(await messages(payrollPeriodSchema, blank)).toEqual({
      start_date: 'Please select a start date',
      end_date: 'Please select an end date',
      repayment_type: 'Please select repayment type',
    });
    expect(await messages(payrollUploadSchema, { ...blank, bank_id: '' })).toMatchObject({
      bank_id: 'Please select bank account',
    });
  });

  it('names the files as the spec does', () => {
    expect(payrollFileName({ start_date: '2026-11-01', end_date: '2026-11-30' })).toBe(
      '2026-11-01-2026-11-30-monthly-payroll.xlsx',
    );
    expect(errorReportFileName('run-1')).toBe('payroll-errors-run-1.xlsx');
    expect(reconciliationFileName({ start_date: '2026-11-01', end_date: '2026-11-30', repayment_type: 'Others' })).toBe(
      'payroll-reconciliation-2026-11-01-2026-11-30-Others.xlsx',
    );
  });
});
