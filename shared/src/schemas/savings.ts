import { z } from 'zod';
import { isCalendarMonth } from '../dates.ts';
import { isoDate, optionalText, requiredText } from './common.ts';
import { choice, idRef, nairaField, numberField } from './fields.ts';
import { postingDate } from './posting-date.ts';

/**
 * Savings plans, change requests and transaction orders (spec 000 section 5). Money arrives in
 * naira and leaves these schemas in kobo.
 */
export const FREQUENCIES = ['Daily', 'Weekly', 'Monthly'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

export const TRANSACTION_TYPES = ['DEPOSIT', 'WITHDRAWAL'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** A positive amount in naira (kobo here). */
const positiveNaira = (message = 'This field is required') =>
  nairaField(message).refine((v) => v > 0, 'Enter an amount greater than zero');

/**
 * The message for a plan's credit interest above its product's rate (the savings setup's), or
 * undefined: staff give a member's plan a rate from 0 up to it (functions/savings/plans.ts planRate,
 * and the plan form).
 */
export const planRateIssue = (rate: number, productRate: number): string | undefined =>
  rate > productRate ? `The credit interest must be between 0% and ${productRate}%, the product's rate` : undefined;

export const savingsPlanSchema = z
  .object({
    savings_product_id: idRef('Please select product type'),
    start_date: isoDate('This field is required'),
    end_date: isoDate('This field is required'),
    amount: positiveNaira(),
    /**
     * Percent per annum: at most the savings setup's rate for staff; a member opening their own plan gets the setup's
     * (plans.ts planRate).
     */
    credit_interest: numberField('This field is required', { min: 0, max: 100, decimals: 2 }),
    frequency: choice(FREQUENCIES, 'Select frequency'),
  })
  .refine((v) => v.end_date >= v.start_date, {
    path: ['end_date'],
    message: 'The end date must not be before the start date',
  });
export type SavingsPlanInput = z.infer<typeof savingsPlanSchema>;

export const changeAmountSchema = z.object({
  savings_id: idRef('Please select account'),
  amount: positiveNaira(),
  comment: requiredText('This field is required', 500),
});
export type ChangeAmountInput = z.infer<typeof changeAmountSchema>;

export const transactionOrderSchema = z.object({
  savings_id: idRef('Please select account'),
  amount: positiveNaira(),
  /** The day the money moves (a posting date); the spec sends none with a withdrawal, which is then today. */
  date: postingDate('This field is required').optional(),
  payment_mode_id: numberField('This field is required', { integer: true, min: 1 }),
  transaction_type: choice(TRANSACTION_TYPES, 'Select transaction type'),
  comment: optionalText(500),
  description: optionalText(500),
});
export type TransactionOrderInput = z.infer<typeof transactionOrderSchema>;

export const approveOrderSchema = z.object({
  transaction_id: idRef('Please select a transaction'),
  bank_id: idRef('Please select bank account'),
});

export const denyOrderSchema = z.object({
  transaction_id: idRef('Please select a transaction'),
});

export const creditInterestSchema = z.object({
  month: z.string('Select month').refine(isCalendarMonth, 'Select month (YYYY-MM)'),
});
