import { z } from 'zod';
import { daysBetween, today } from '../dates.ts';
import { isoDate } from './common.ts';
import { choice, idRef } from './fields.ts';

/**
 * Monthly payroll deductions (spec 001 sections 2, 3, 5 and 7; DESIGN.md sections 4 and 5). The
 * download and the upload name the same period and repayment type; the upload also names the bank
 * account the employer's remittance was paid into (the spec's form does not show one; the ledger
 * needs the account to debit).
 */
export const PAYROLL_REPAYMENT_TYPES = ['Salary', 'Others'] as const;
export type PayrollRepaymentType = (typeof PAYROLL_REPAYMENT_TYPES)[number];

/** The longest period one payroll file may cover, in days (a month is the norm). */
export const PAYROLL_MAX_DAYS = 92;

const periodShape = {
  start_date: isoDate('Please select a start date'),
  end_date: isoDate('Please select an end date'),
  repayment_type: choice(PAYROLL_REPAYMENT_TYPES, 'Please select repayment type'),
};

function checkPeriod(value: { start_date: string; end_date: string }, ctx: z.RefinementCtx) {
  if (value.end_date < value.start_date) {
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'The end date must be on or after the start date' });
    return;
  }
  const days = daysBetween(value.start_date, value.end_date) + 1;
  if (days > PAYROLL_MAX_DAYS) {
    ctx.addIssue({
      code: 'custom',
      path: ['end_date'],
      message: `A payroll period may cover at most ${PAYROLL_MAX_DAYS} days; use the first and last day of the month`,
    });
  }
}

export const payrollPeriodSchema = z.object(periodShape).superRefine(checkPeriod);
export type PayrollPeriodInput = z.infer<typeof payrollPeriodSchema>;

/**
 * A period's payroll is posted once the period has begun (today in Lagos, dates.ts): its deductions are not made
 * before.
 */
function checkStarted(value: { start_date: string }, ctx: z.RefinementCtx) {
  if (value.start_date > today())
    ctx.addIssue({
      code: 'custom',
      path: ['start_date'],
      message: 'The start date must not be in the future: a period is uploaded once it has begun',
    });
}

/**
 * The upload's fields beside the file ('Please select a file to import' is checked first, on the
 * file). The download takes any period (a payroll office may prepare the next month's file).
 */
export const payrollUploadSchema = z
  .object({ ...periodShape, bank_id: idRef('Please select bank account') })
  .superRefine(checkPeriod)
  .superRefine(checkStarted);
export type PayrollUploadInput = z.infer<typeof payrollUploadSchema>;

export const payrollRunRefSchema = z.object({ run_id: idRef('Please select a payroll run') });
