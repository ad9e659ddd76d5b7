import { z } from 'zod';
import { calendarDateCheck, optionalText, requiredText, statusFlag } from './common.ts';
import {
  choice,
  flag,
  idRef,
  nairaField,
  numberField,
  optionalFlag,
  optionalNaira,
  optionalNumber,
  percentField,
} from './fields.ts';

/**
 * Setup records of a cooperative (and the platform's templates of them), with the messages of spec
 * 001 section 5. Money fields arrive in naira and leave these schemas in kobo.
 */

export const departmentSchema = z.object({
  name: requiredText('Please enter a department name', 120),
  status: statusFlag('Please select the status'),
});
export type DepartmentInput = z.infer<typeof departmentSchema>;

export const staffCategorySchema = z.object({
  name: requiredText('Please enter a name', 120),
  status: statusFlag('Please select the status'),
});
export type StaffCategoryInput = z.infer<typeof staffCategorySchema>;

export const chargeSchema = z.object({
  name: requiredText('Please enter the name', 120),
  /** A percentage (the spec's "value in %"). */
  amount: percentField('Please enter an amount'),
  posting_gl: idRef('Select GL Account'),
  status: statusFlag('Select status'),
});
export type ChargeInput = z.infer<typeof chargeSchema>;

export const bankAccountSchema = z.object({
  /** The bank, from GET /banks. */
  bank_id: numberField('Please select a bank', { integer: true, min: 1 }),
  account_no: requiredText('Please enter an account number', 20).pipe(
    z.string().regex(/^[0-9]{6,20}$/, 'The account number may only contain digits (6 to 20)'),
  ),
  /** The GL code the account posts to. */
  coa_id: idRef('Select a GL Account'),
  status: statusFlag('Select status'),
});
export type BankAccountInput = z.infer<typeof bankAccountSchema>;

export const productCategorySchema = z.object({
  name: requiredText('Please enter a name', 120),
  status: statusFlag('Please select the status'),
  description: optionalText(500),
});
export type ProductCategoryInput = z.infer<typeof productCategorySchema>;

/** The spec's product_category_id is sent as category_id. */
export const productSchema = z.object({
  category_id: idRef('Please select a category'),
  name: requiredText('Please enter a name', 120),
  status: statusFlag('Please select the status'),
});
export type ProductInput = z.infer<typeof productSchema>;

const requiredDate = () =>
  z
    .unknown()
    .transform((v, ctx) => {
      if (typeof v !== 'string' || v.trim() === '') {
        ctx.addIssue({ code: 'custom', message: 'This field is required' });
        return z.NEVER;
      }
      return v.trim();
    })
    .pipe(z.string().superRefine(calendarDateCheck));

export const savingsSetupSchema = z
  .object({
    product_id: idRef('Please select product type'),
    opening_balance: nairaField(),
    closing_balance: nairaField(),
    start_date: requiredDate(),
    end_date: requiredDate(),
    credit_interest: percentField('This field is required'),
    charge_id: idRef('This field is required'),
    /** Shown read-only from the chosen charge; the server takes it from the charge. */
    charge_amount: numberField('This field is required', { min: 0, decimals: 2 }),
    principal_gl: idRef('Select Principal GL'),
    member_balance_gl: idRef('Select member balance GL'),
    interest_expense_gl: idRef('Select GL account'),
    interest_payable_gl: idRef('Select GL account'),
    fixed_dep_gl: idRef('Select GL account'),
    status: statusFlag('Select status'),
  })
  .refine((v) => v.end_date >= v.start_date, {
    message: 'The end date must not be before the start date',
    path: ['end_date'],
  });
export type SavingsSetupInput = z.infer<typeof savingsSetupSchema>;

export const TENURE_TYPES = ['Month(s)', 'Year(s)'] as const;
export const LOAN_SOURCES = ['Internal', 'External'] as const;
export const CHARGE_TYPES = ['None', 'Flat', 'Percentage'] as const;
export const ACCRUAL_TYPES = ['Daily', 'Monthly'] as const;

export const loanSetupSchema = z
  .object({
    product_id: idRef('Please select product type'),
    name: requiredText('This field is required', 120),
    tenure: numberField('This field is required', { integer: true, min: 1, max: 600 }),
    tenure_type: choice(TENURE_TYPES, 'This field is required'),
    min_int_rate: numberField('This field is required', { integer: true, min: 0, max: 100 }),
    max_int_rate: numberField('This field is required', { integer: true, min: 0, max: 100 }),
    upfront: optionalNumber(0, { min: 0, max: 100, decimals: 2 }),
    source: choice(LOAN_SOURCES, 'Please select the source')
      .optional()
      .transform((v) => v ?? 'Internal'),
    penal_charge: optionalNumber(0, { integer: true, min: 0 }),
    penal_type: choice(CHARGE_TYPES, 'Please select the penal type')
      .optional()
      .transform((v) => v ?? 'None'),
    charge_id: idRef('This field is required'),
    charge_type: choice(CHARGE_TYPES, 'Please select the charge type')
      .optional()
      .transform((v) => v ?? 'Percentage'),
    /** A decimal: a percentage when charge_type is Percentage, naira when Flat. */
    charge_amount: numberField('This field is required', { min: 0, decimals: 2 }),
    date_of_engagement: optionalFlag(),
    lien: optionalFlag(),
    lien_amount: optionalNaira(),
    interest_accrual: optionalFlag(),
    accrual_type: choice(ACCRUAL_TYPES, 'Please select the accrual type')
      .optional()
      .transform((v) => v ?? 'Monthly'),
    principal_gl: idRef('Select Principal GL'),
    interest_receivable_gl: idRef('Select member balance GL'),
    loan_write_off_gl: idRef('Select GL account'),
    source_account: idRef('Select GL account'),
    calculation_method_id: numberField('This field is required', { integer: true, min: 1 }),
    /**
     * Eligibility: the loan amount may be at most this many times the member's savings balance (empty or 0: no limit).
     */
    max_loan_multiple: optionalNumber(0, { min: 0, max: 1000, decimals: 2 })
      .optional()
      .transform((v) => v ?? 0),
    /** Eligibility: a member may guarantee at most this many running loans of the product (empty or 0: no limit). */
    max_guarantees: optionalNumber(0, { integer: true, min: 0, max: 1000 })
      .optional()
      .transform((v) => v ?? 0),
    status: flag('Select status'),
  })
  .refine((v) => v.max_int_rate >= v.min_int_rate, {
    message: 'The maximum interest rate must not be below the minimum',
    path: ['max_int_rate'],
  });
export type LoanSetupInput = z.infer<typeof loanSetupSchema>;
