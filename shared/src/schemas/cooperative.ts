import { z } from 'zod';
import { parseNaira } from '../money.ts';
import { today } from '../dates.ts';
import { EARLIEST_POSTING_DATE, PLATFORM_MAX_AMOUNT, amountLimitMessage } from '../posting-rules.ts';
import { email, hexColor, isoDate, optionalText, requiredText, statusFlag } from './common.ts';

export const DEFAULT_COLORS = { primary_color: '#4276A4', secondary_color: '#2D5F8B' } as const;

/** Colours arrive as JSON text (multipart) with primary_color and secondary_color. */
const colors = z
  .string()
  .optional()
  .transform((text, ctx) => {
    if (text === undefined || text.trim() === '') return { ...DEFAULT_COLORS };
    try {
      const parsed = z.object({ primary_color: hexColor, secondary_color: hexColor }).safeParse(JSON.parse(text));
      if (parsed.success) return parsed.data;
      ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'Invalid colours' });
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Colours must be JSON with primary_color and secondary_color' });
    }
    return z.NEVER;
  });

const blankToUndefined = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v;

/**
 * The first date the cooperative's books take postings (imports of history may go earlier). Blank
 * keeps it; a new cooperative's is the day it is created.
 */
const openingDate = z.preprocess(
  (v) => (typeof v === 'string' ? blankToUndefined(v.trim()) : v),
  isoDate('Use the date format YYYY-MM-DD')
    .refine((v) => v <= today(), 'The opening date cannot be in the future')
    .refine((v) => v >= EARLIEST_POSTING_DATE, `The opening date cannot be before ${EARLIEST_POSTING_DATE}`)
    .optional(),
);

/**
 * The largest single amount a person or a file may send in this cooperative, in naira, at most the
 * platform maximum. Blank keeps it; a new cooperative's is the platform maximum.
 */
const maxAmount = z.preprocess(
  blankToUndefined,
  z
    .unknown()
    .transform((v, ctx) => {
      const kobo = parseNaira(v);
      if (kobo === undefined)
        ctx.addIssue({ code: 'custom', message: 'Enter an amount in naira with at most 2 decimals' });
      else if (kobo <= 0) ctx.addIssue({ code: 'custom', message: 'Enter an amount greater than zero' });
      else if (kobo > PLATFORM_MAX_AMOUNT)
        ctx.addIssue({ code: 'custom', message: amountLimitMessage(PLATFORM_MAX_AMOUNT) });
      else return kobo;
      return z.NEVER;
    })
    .optional(),
);

/**
 * The charge a member pays when they leave the cooperative (member exit), in naira, 0 or more, at
 * most the platform maximum. Blank keeps it; a new cooperative's is 0.
 */
const exitCharge = z.preprocess(
  blankToUndefined,
  z
    .unknown()
    .transform((v, ctx) => {
      const kobo = parseNaira(v);
      if (kobo === undefined || kobo < 0)
        ctx.addIssue({ code: 'custom', message: 'Enter an amount in naira with at most 2 decimals' });
      else if (kobo > PLATFORM_MAX_AMOUNT)
        ctx.addIssue({ code: 'custom', message: amountLimitMessage(PLATFORM_MAX_AMOUNT) });
      else return kobo;
      return z.NEVER;
    })
    .optional(),
);

/**
 * The month the cooperative's financial years start (1 = January to 12); blank keeps it, a new
 * cooperative's is January. It cannot change once a year has been closed (the server refuses).
 */
const yearStartMonth = z.preprocess(
  blankToUndefined,
  z.coerce
    .number('Select the month the financial year starts')
    .int('Select the month the financial year starts')
    .min(1, 'Select the month the financial year starts')
    .max(12, 'Select the month the financial year starts')
    .optional(),
);

export const cooperativeSchema = z.object({
  name: requiredText('Please enter the name', 150),
  code: requiredText('Please enter a code', 10)
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9]{2,10}$/, 'The code may only contain letters and digits (2 to 10)')),
  email: email(),
  phone: requiredText('Please enter a phone number', 20).pipe(
    z.string().regex(/^\+?[0-9 ()-]{7,20}$/, 'Please enter a valid phone number'),
  ),
  address: requiredText('Please enter a location', 255),
  website: optionalText(255).pipe(z.string().url('Please enter a valid website address').optional()),
  colors,
  status: statusFlag().optional(),
  opening_date: openingDate,
  /** Kobo. */
  max_amount: maxAmount,
  /** Kobo. */
  exit_charge: exitCharge,
  year_start_month: yearStartMonth,
});
export type CooperativeInput = z.infer<typeof cooperativeSchema>;

export const cooperativeUpdateSchema = cooperativeSchema.extend({
  id: requiredText('Please select a cooperative', 64),
});

/**
 * What the logo picker offers; the server goes by the file's bytes, not its type (SVG is refused: it can hold script).
 */
export const LOGO_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export const LOGO_TYPE_MESSAGE = 'The logo must be an image file (JPEG, PNG, GIF or WebP)';
export const MAX_LOGO_BYTES = 2 * 1024 * 1024;
