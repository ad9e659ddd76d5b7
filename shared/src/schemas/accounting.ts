import { z } from 'zod';
import { isoDate, optionalText, requiredText } from './common.ts';
import { idRef, nairaField, optionalIdRef, optionalNaira, optionalNumber } from './fields.ts';
import { groupedNaira } from '../money.ts';
import { postingDate } from './posting-date.ts';
import { INVESTMENT_STATUS } from '../statuses.ts';
import type { InvestmentStatus } from '../statuses.ts';

/**
 * Manual journal entries and the investment tracker (spec 001 sections 2, 3 and 5; DESIGN.md
 * section 4). Money arrives in naira and leaves in kobo. The spec shows no balance check on a
 * journal; the ledger refuses one whose debits and credits differ, so the form says so first.
 */
export const JOURNAL_MAX_LINES = 16;

export const journalLineSchema = z
  .object({
    gl_code: idRef('Select GL account'),
    description: optionalText(255),
    debit: optionalNaira(),
    credit: optionalNaira(),
    /** The spec's line carries a date; when sent it must be the entry's date. */
    date: z.string().optional(),
  })
  .superRefine((line, ctx) => {
    if (line.debit === 0 && line.credit === 0) {
      ctx.addIssue({ code: 'custom', path: ['debit'], message: 'Enter a debit or a credit amount' });
    } else if (line.debit > 0 && line.credit > 0) {
      ctx.addIssue({ code: 'custom', path: ['credit'], message: 'A line is either a debit or a credit, not both' });
    }
  });
export type JournalLineInput = z.infer<typeof journalLineSchema>;

export const journalEntrySchema = z
  .object({
    date: postingDate('Please select a date'),
    description: requiredText('Please enter a description', 255),
    lines: z
      .array(journalLineSchema, 'A journal entry needs at least two lines')
      .min(2, 'A journal entry needs at least two lines')
      .max(JOURNAL_MAX_LINES, `A journal entry may have at most ${JOURNAL_MAX_LINES} lines`),
  })
  .superRefine((entry, ctx) => {
    entry.lines.forEach((line, index) => {
      if (line.date && line.date !== entry.date) {
        ctx.addIssue({
          code: 'custom',
          path: ['lines', index, 'date'],
          message: 'Every line of an entry has the date of the entry',
        });
      }
    });
    const debit = entry.lines.reduce((sum, l) => sum + l.debit, 0);
    const credit = entry.lines.reduce((sum, l) => sum + l.credit, 0);
    if (debit !== credit) {
      ctx.addIssue({
        code: 'custom',
        path: ['lines'],
        message: `Total debits (${groupedNaira(debit)}) and total credits (${groupedNaira(credit)}) must be equal`,
      });
    }
  });
export type JournalEntryInput = z.infer<typeof journalEntrySchema>;

/**
 * An edit names the entry by its transaction_code; the lines replace the old ones. `version` is the
 * version the editor loaded (0 when not sent): an edit of an entry changed since is refused.
 */
export const journalEntryUpdateSchema = journalEntrySchema.and(
  z.object({
    transaction_code: idRef('Select a journal entry'),
    version: optionalNumber(0, { integer: true, min: 1, max: 1_000_000 }),
  }),
);

/** An approval of an entry awaiting approval (above the cooperative's two-approval threshold). */
export const journalEntryApproveSchema = z.object({ transaction_code: idRef('Select a journal entry') });

export const JOURNAL_DENIAL_REASON_MAX = 500;
/** A denial of an entry awaiting approval, with the reason the person who entered it will read. */
export const journalEntryDenySchema = journalEntryApproveSchema.extend({
  reason: requiredText('Please give the reason for denying this entry', JOURNAL_DENIAL_REASON_MAX),
});
export type JournalEntryDenyInput = z.infer<typeof journalEntryDenySchema>;

const REQUIRED = 'This field is required';
const { OPEN, CLOSED } = INVESTMENT_STATUS;

export const investmentSchema = z
  .object({
    invested_with: requiredText(REQUIRED, 160),
    investment_amount: nairaField(REQUIRED),
    /** The income expected at the due date. */
    investment_income: nairaField(REQUIRED),
    /** The money leaves the bank on the start date. */
    start_date: postingDate(REQUIRED),
    due_date: isoDate(REQUIRED),
    gl_code: idRef(REQUIRED),
    investment_interest_gl: idRef(REQUIRED),
    /** The bank account the money leaves from (and returns to at closing). */
    bank_id: idRef('Please select a bank account'),
    comment: optionalText(500),
    status: z
      .union([z.literal(OPEN), z.literal(CLOSED), z.literal(`${OPEN}`), z.literal(`${CLOSED}`)], REQUIRED)
      .transform((v) => Number(v) as InvestmentStatus),
  })
  .superRefine((value, ctx) => {
    if (value.investment_amount <= 0)
      ctx.addIssue({ code: 'custom', path: ['investment_amount'], message: 'Enter an amount greater than zero' });
    if (value.due_date < value.start_date)
      ctx.addIssue({ code: 'custom', path: ['due_date'], message: 'The due date must not be before the start date' });
    if (value.status !== OPEN)
      ctx.addIssue({ code: 'custom', path: ['status'], message: 'A new investment is Open; close it with Close' });
    if (value.gl_code === value.investment_interest_gl) {
      ctx.addIssue({
        code: 'custom',
        path: ['investment_interest_gl'],
        message: 'The interest GL must differ from the investment GL',
      });
    }
  });
export type InvestmentInput = z.infer<typeof investmentSchema>;

export const investmentCloseSchema = z.object({
  investment_id: idRef('Select an investment'),
  investment_income: nairaField('Please enter an amount'),
  /** The closing date, when the money comes back; today when left out. */
  date: z
    .string()
    .optional()
    .transform((v) => v?.trim() || undefined)
    .pipe(postingDate('Use the date format YYYY-MM-DD').optional()),
  /** Where the money returns; the opening bank account when left out. */
  bank_id: optionalIdRef().optional(),
});
export type InvestmentCloseInput = z.infer<typeof investmentCloseSchema>;

/** The report filters: YYYY-MM-DD dates, the end not before the start. */
export const reportPeriodSchema = z
  .object({
    start_date: isoDate('Please select a start date'),
    end_date: isoDate('Please select an end date'),
  })
  .refine((v) => v.end_date >= v.start_date, {
    path: ['end_date'],
    message: 'The end date must not be before the start date',
  });

// ---- financial years ----

export const yearCloseSchema = z.object({
  year_end: isoDate('Select the financial year (its last day, YYYY-MM-DD)'),
});
export type YearCloseInput = z.infer<typeof yearCloseSchema>;

export const YEAR_REOPEN_REASON_MAX = 500;

export const yearReopenSchema = yearCloseSchema.extend({
  reason: requiredText('Please give the reason for reopening the year', YEAR_REOPEN_REASON_MAX),
});
export type YearReopenInput = z.infer<typeof yearReopenSchema>;
