import { isCalendarDate } from '@coopledger/shared/dates';
import { z } from 'zod';
import { parseNaira } from '@coopledger/shared/money';
import type { OrderInput } from '../../api/orders';

/**
 * The Quick Deposit form of the staff dashboard (spec 000 section 5): member 'Please select a
 * member'; savings_id 'Please select account'; amount, date and payment mode each 'This field is
 * required'. The amount stays the naira text that was typed; the API turns it into kobo.
 */
const REQUIRED = 'This field is required';

export const quickDepositSchema = z.object({
  coop_id: z.string().trim().min(1, 'Please select a member'),
  savings_id: z.string().trim().min(1, 'Please select account'),
  amount: z
    .string()
    .trim()
    .min(1, REQUIRED)
    .superRefine((value, ctx) => {
      // An empty amount has its 'This field is required' already.
      if (value === '') return;
      const kobo = parseNaira(value);
      if (kobo === undefined || kobo < 0)
        ctx.addIssue({ code: 'custom', message: 'Enter an amount in naira with at most 2 decimals' });
      else if (kobo === 0) ctx.addIssue({ code: 'custom', message: 'Enter an amount greater than zero' });
    }),
  date: z.string().trim().refine(isCalendarDate, REQUIRED),
  payment_mode_id: z.string().trim().min(1, REQUIRED),
  comment: z.string().trim().max(500, 'Must be at most 500 characters'),
});

export type QuickDepositValues = z.input<typeof quickDepositSchema>;

export const QUICK_DEPOSIT_FIELDS = ['coop_id', 'savings_id', 'amount', 'date', 'payment_mode_id', 'comment'] as const;

/** The order the form places: a pending deposit on the chosen plan. */
export function toDepositOrder(values: z.output<typeof quickDepositSchema>): OrderInput {
  return {
    coop_id: values.coop_id,
    savings_id: values.savings_id,
    amount: values.amount.replaceAll(',', ''),
    date: values.date,
    payment_mode_id: Number(values.payment_mode_id),
    comment: values.comment || undefined,
    transaction_type: 'DEPOSIT',
  };
}
