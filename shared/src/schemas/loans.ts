import { z } from 'zod';
import { isoDate, optionalText } from './common.ts';
import { choice, idRef, nairaField, numberField, optionalIdRef, optionalNumber } from './fields.ts';

/**
 * Loan applications, schedule previews, approvals and surety answers (spec 000 sections 3 and 5).
 * Money arrives in naira and leaves these schemas in kobo; rates are percent per annum.
 */
export const LOAN_SOURCES = ['Internal', 'External'] as const;
export const REPAYMENT_TYPES = ['Salary', 'Others'] as const;

/** A tenure type as the forms send it: 'Month(s)', 'Year(s)' or the form's default 'Months(s)'. */
const tenureType = () =>
  z
    .string('This field is required')
    .trim()
    .min(1, 'This field is required')
    .regex(/^(months?|years?)(\(s\))?$/i, 'The tenure type must be Month(s) or Year(s)');

/** A loan amount above zero. */
const loanAmount = () => nairaField('This field is required').refine((v) => v > 0, 'Enter an amount greater than zero');

/** A member number (surety, applicant): text on the wire, upper case here. */
const memberNumber = (message: string) => idRef(message).transform((v) => v.toUpperCase());

/**
 * The message for a loan rate outside its setup's range, or undefined (functions/loans/applications.ts
 * rateFor, and the application form).
 */
export const loanRateIssue = (rate: number, min: number, max: number): string | undefined =>
  rate < min || rate > max ? `The interest rate must be between ${min}% and ${max}%` : undefined;

export const loanApplicationSchema = z
  .object({
    loan_product_id: idRef('Please select account'),
    loan_amount: loanAmount(),
    payment_start_date: isoDate('This field is required'),
    /**
     * The application date: today when left out, and always for an applicant applying for themselves; staff may send a
     * past date.
     */
    date: isoDate('This field is required').optional(),
    calculation_method_id: numberField('This field is required', { integer: true, min: 1 }),
    charge_id: idRef('This field is required'),
    /** The form shows it; the server computes the stored charge from the loan setup. */
    charge_amount: nairaField('This field is required'),
    surety1: memberNumber('This field is required'),
    surety2: memberNumber('This field is required'),
    tenure: numberField('This field is required', { integer: true, min: 1 }),
    tenure_type: tenureType()
      .optional()
      .transform((v) => v ?? 'Month(s)'),
    /** Percent per annum; an applicant applying for themselves gets the setup's max_int_rate whatever is sent. */
    interest_rate: optionalNumber(-1, { min: 0, max: 100, decimals: 2 })
      .optional()
      .transform((v) => (v === undefined || v < 0 ? undefined : v)),
    /** The form shows it; the loan takes the setup's penal charge and type whatever is sent. */
    penal_charge: optionalNumber(0, { min: 0, decimals: 2 })
      .optional()
      .transform((v) => v ?? 0),
    upfront: optionalNumber(0, { min: 0, max: 100, decimals: 2 })
      .optional()
      .transform((v) => v ?? 0),
    source: choice(LOAN_SOURCES, 'Please select the source')
      .optional()
      .transform((v) => v ?? 'Internal'),
    repayment_type: choice(REPAYMENT_TYPES, 'Please select the repayment type')
      .optional()
      .transform((v) => v ?? 'Salary'),
    /** The applicant's member number; a member may only name themselves (defaults to self). */
    coop_id: optionalText(64).transform((v) => v?.toUpperCase()),
  })
  .refine((v) => v.surety1 !== v.surety2, { path: ['surety2'], message: 'Choose two different sureties' });
export type LoanApplicationInput = z.infer<typeof loanApplicationSchema>;

/** The schedule preview: the fields the engine needs; the engine itself names a field it refuses. */
export const schedulePreviewSchema = z.object({
  loan_amount: loanAmount(),
  interest_rate: numberField('This field is required', { min: 0 }),
  tenure: numberField('This field is required'),
  tenure_type: z.string('This field is required').trim().min(1, 'This field is required'),
  calculation_method_id: numberField('This field is required'),
  payment_start_date: z.string('This field is required').trim().min(1, 'This field is required'),
  /** The product applied for: its charge and upfront interest are shown beside the schedule. */
  loan_product_id: optionalIdRef(),
});
export type SchedulePreviewInput = z.infer<typeof schedulePreviewSchema>;

export const loanIdSchema = z.object({
  loan_id: idRef('Please select a loan'),
});

export const approveLoanSchema = z.object({
  loan_id: idRef('Please select a loan'),
  bank_id: idRef('Please select bank account'),
});
export type ApproveLoanInput = z.infer<typeof approveLoanSchema>;

export const suretyAnswerSchema = z.object({
  surety_id: idRef('Please select a surety request'),
});

export const replaceSuretySchema = z.object({
  loan_id: idRef('Please select a loan'),
  surety_id: idRef('Please select a surety request'),
  member_id: memberNumber('This field is required'),
});
export type ReplaceSuretyInput = z.infer<typeof replaceSuretySchema>;
