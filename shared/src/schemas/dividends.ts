import { z } from 'zod';
import { lastDayOfMonth, today } from '../dates.ts';
import type { Kobo } from '../money.ts';
import { basisPointsOf, groupedNaira, parseNaira, percentOfBasisPoints } from '../money.ts';
import { WHOLE } from '../dividends.ts';
import { isoDate } from './common.ts';
import {
  choice,
  idRef,
  isBlank,
  nairaField,
  numberField,
  optionalIdRef,
  optionalNumber,
  percentField,
} from './fields.ts';

/**
 * Dividends (issue 21; docs/decisions.md 2026-11-26 "Dividends: GL setup and revenue sharing"). The
 * spec shows these screens as mock-ups without calls; the fields and rules are ours.
 */

/** The four GL accounts of a cooperative's dividends, with the classes each may be. */
export const DIVIDEND_GL_FIELDS = {
  provision_gl: { label: 'Provision for dividend GL', classes: ['liability'] },
  retained_earnings_gl: { label: 'Retained earnings GL', classes: ['equity'] },
  statutory_reserve_gl: { label: 'Statutory reserve GL', classes: ['equity'] },
  admin_fee_gl: { label: 'Admin fee GL', classes: ['income', 'liability'] },
} as const;
export type DividendGlField = keyof typeof DIVIDEND_GL_FIELDS;
export const DIVIDEND_GL_FIELD_NAMES = Object.keys(DIVIDEND_GL_FIELDS) as DividendGlField[];

export const dividendGlSetupSchema = z
  .object({
    provision_gl: idRef('Please select the provision for dividend GL'),
    retained_earnings_gl: idRef('Please select the retained earnings GL'),
    statutory_reserve_gl: idRef('Please select the statutory reserve GL'),
    admin_fee_gl: idRef('Please select the admin fee GL'),
  })
  .superRefine((setup, ctx) => {
    const seen = new Map<string, DividendGlField>();
    for (const field of DIVIDEND_GL_FIELD_NAMES) {
      const first = seen.get(setup[field]);
      if (first) {
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: `The ${DIVIDEND_GL_FIELDS[field].label} must differ from the ${DIVIDEND_GL_FIELDS[first].label}`,
        });
      } else seen.set(setup[field], field);
    }
  });
export type DividendGlSetupInput = z.infer<typeof dividendGlSetupSchema>;

export const ADMIN_FEE_TYPES = ['amount', 'percent'] as const;
export type AdminFeeType = (typeof ADMIN_FEE_TYPES)[number];

const ratio = (fallback: number) => optionalNumber(fallback, { min: 0, max: 100, decimals: 2 });

/**
 * A revenue sharing of a period (the query of its GET): the statutory reserve's percentage of the
 * surplus, the admin fee (an amount in naira, or a percentage of the surplus) and the sharing ratio
 * of what is left (savings, loan interest, other; by default 50/40/10, adding up to 100).
 */
export const revenueSharingSchema = z
  .object({
    from: isoDate('Please select the start date'),
    to: isoDate('Please select the end date'),
    reserve_percent: percentField('Please enter the statutory reserve percentage'),
    admin_fee_type: choice(ADMIN_FEE_TYPES, 'Select amount or percent').optional().default('amount'),
    admin_fee: z.unknown().optional(),
    savings_ratio: ratio(50),
    loan_ratio: ratio(40),
    other_ratio: ratio(10),
  })
  .superRefine((input, ctx) => {
    if (input.to < input.from)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end date must not be before the start date' });
    else if (input.to > today())
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'The period cannot end in the future' });
    const sum = [input.savings_ratio, input.loan_ratio, input.other_ratio].reduce((a, r) => a + basisPointsOf(r), 0n);
    if (sum !== WHOLE)
      ctx.addIssue({
        code: 'custom',
        path: ['savings_ratio'],
        message: `The sharing ratios must add up to 100 (they add up to ${percentOfBasisPoints(sum)})`,
      });
  })
  .transform((input, ctx) => {
    const fee = adminFeeOf(input.admin_fee_type, input.admin_fee);
    if (typeof fee === 'string') {
      ctx.addIssue({ code: 'custom', path: ['admin_fee'], message: fee });
      return z.NEVER;
    }
    return { ...input, admin_fee: fee };
  });
export type RevenueSharingInput = z.output<typeof revenueSharingSchema>;

const feePercent = optionalNumber(0, { min: 0, max: 100, decimals: 2 });

/** The admin fee as given, or the message of what is wrong with it; blank is no fee. */
function adminFeeOf(
  type: AdminFeeType,
  value: unknown,
): { kind: 'amount'; kobo: Kobo } | { kind: 'percent'; percent: number } | string {
  const blank = value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
  if (type === 'percent') {
    const percent = feePercent.safeParse(value);
    if (!percent.success) return 'Enter a percentage from 0 to 100 with at most 2 decimals';
    return { kind: 'percent', percent: percent.data };
  }
  const kobo = blank ? parseNaira(0) : parseNaira(value);
  if (kobo === undefined || kobo < 0) return 'Enter an amount in naira with at most 2 decimals';
  return { kind: 'amount', kobo };
}

/** The message of an admin fee larger than the surplus left after the reserve. */
export const adminFeeTooLarge = (left: bigint) =>
  `The admin fee is more than the surplus left after the statutory reserve (${groupedNaira(left)})`;

/**
 * A dividend to compute (and save as a Draft): a period of whole months, X% of the pool shared by
 * savings and Y% by loan interest paid (X + Y = 100), the pool in naira; `revenue_sharing` when the
 * pool was carried from a revenue sharing (its query, checked again on the server: the pool may not
 * be more than its distributable surplus, and its reserve and admin fee are posted on approval).
 */
export const dividendComputeSchema = z
  .object({
    from: isoDate('Please select the start date'),
    to: isoDate('Please select the end date'),
    x_percent: percentField('Please enter X, the percentage shared by savings'),
    y_percent: percentField('Please enter Y, the percentage shared by loan interest paid'),
    amount: nairaField('Please enter the dividend amount'),
    revenue_sharing: revenueSharingSchema.optional(),
  })
  .superRefine((input, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (!input.from.endsWith('-01')) issue('from', 'The period starts on the first day of a month');
    if (input.to !== lastDayOfMonth(input.to)) issue('to', 'The period ends on the last day of a month');
    else if (input.to < input.from) issue('to', 'The end date must not be before the start date');
    else if (input.to > today()) issue('to', 'The period cannot end in the future');
    const sum = basisPointsOf(input.x_percent) + basisPointsOf(input.y_percent);
    if (sum !== WHOLE) issue('y_percent', `X and Y must add up to 100 (they add up to ${percentOfBasisPoints(sum)})`);
    if (input.amount <= 0) issue('amount', 'The dividend amount must be more than 0');
  });
export type DividendComputeInput = z.output<typeof dividendComputeSchema>;

/** The message of a pool larger than the distributable surplus of its revenue sharing. */
export const poolTooLarge = (distributable: bigint) =>
  `The dividend amount is more than the distributable surplus of the revenue sharing (${groupedNaira(distributable)})`;

/** A declaration named in the query (`id`). */
export const dividendRefSchema = z.object({ id: idRef('Please select a dividend') });

/**
 * How an approved dividend is paid: into members' savings (their plan of `savings_product_id`, else
 * their primary plan) or by bank for the whole dividend (`bank_id`).
 */
export const dividendPaySchema = z
  .object({
    mode: choice(['savings', 'bank'] as const, 'Select how to pay: into savings or by bank'),
    savings_product_id: optionalIdRef(),
    bank_id: optionalIdRef(),
  })
  .superRefine((input, ctx) => {
    if (input.mode === 'bank' && !input.bank_id)
      ctx.addIssue({ code: 'custom', path: ['bank_id'], message: 'Please select a bank account' });
  });
export type DividendPayInput = z.output<typeof dividendPaySchema>;

/** The first year a head office summary may name (no cooperative on the platform keeps books before it). */
export const FIRST_SUMMARY_YEAR = 2000;

const currentYear = (): number => Number(today().slice(0, 4));

/** The last year a head office summary may name: next year, whose targets are set before it starts. */
export const lastSummaryYear = (): number => currentYear() + 1;

/** A summary's year, from FIRST_SUMMARY_YEAR to next year; blank is the `fallback` year when there is one. */
const summaryYear = (message: string, fallback?: () => number) =>
  z
    .unknown()
    .optional()
    .transform((v, ctx) => {
      const year = numberField(message, { integer: true }).safeParse(fallback && isBlank(v) ? fallback() : v);
      if (!year.success) {
        ctx.addIssue({ code: 'custom', message: year.error.issues[0]?.message ?? message });
        return z.NEVER;
      }
      const last = lastSummaryYear();
      if (year.data < FIRST_SUMMARY_YEAR || year.data > last) {
        ctx.addIssue({ code: 'custom', message: `The year must be from ${FIRST_SUMMARY_YEAR} to ${last}` });
        return z.NEVER;
      }
      return year.data;
    });

/** A head office summary's year (the query of its GETs; the current year when left out). */
export const headOfficeYearSchema = z.object({ year: summaryYear('Please select the year', currentYear) });

/** The most new members a year's target may name. */
export const MAX_NEW_MEMBERS_TARGET = 10_000_000;

/**
 * A cooperative's targets for a year (the head office summary): savings mobilised, loans disbursed
 * and surplus in naira, new members a whole number; each may be 0 (no target for it).
 */
export const headOfficeTargetsSchema = z.object({
  year: summaryYear('Please select the year'),
  savings_mobilised: nairaField('Please enter the savings mobilised target'),
  loans_disbursed: nairaField('Please enter the loans disbursed target'),
  new_members: numberField('Please enter the new members target', {
    integer: true,
    min: 0,
    max: MAX_NEW_MEMBERS_TARGET,
  }),
  surplus: nairaField('Please enter the surplus target'),
});
export type HeadOfficeTargetsInput = z.output<typeof headOfficeTargetsSchema>;
