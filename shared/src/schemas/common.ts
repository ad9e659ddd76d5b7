import { z } from 'zod';
import { dateIssue } from '../dates.ts';
import { UNSAFE_TEXT_MESSAGE, hasUnsafeCharacters } from '../text.ts';
import { ACTIVE_STATUS } from '../statuses.ts';
import type { ActiveStatus } from '../statuses.ts';

/** Every text field refuses characters XML and spreadsheets cannot hold (DESIGN.md section 3). */
const safeText = (text: string) => !hasUnsafeCharacters(text);

/** A required text field: missing, not text or blank all give the same message. */
export const requiredText = (message: string, max = 255) =>
  z
    .string(message)
    .trim()
    .min(1, message)
    .max(max, `Must be at most ${max} characters`)
    .refine(safeText, UNSAFE_TEXT_MESSAGE);

export const optionalText = (max = 255) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .refine(safeText, UNSAFE_TEXT_MESSAGE)
    .optional()
    .transform((v) => (v === '' ? undefined : v));

/** Password rules of the spec: 6 to 20 characters. */
export const password = (requiredMessage = 'Please enter a password') =>
  z
    .string(requiredMessage)
    .min(1, requiredMessage)
    .min(6, 'Password must be at least 6 characters')
    .max(20, 'Password must be at most 20 characters');

export const email = () =>
  z.string('Email is required').trim().min(1, 'Email is required').email('Please enter a valid email address').max(254);

/** The one date check of a string field (dates.ts dateIssue): written YYYY-MM-DD, and a real calendar day. */
export function calendarDateCheck(value: string, ctx: z.RefinementCtx): void {
  const issue = dateIssue(value);
  if (issue) ctx.addIssue({ code: 'custom', message: issue });
}

/** Dates on the wire are YYYY-MM-DD (DESIGN.md section 3). */
export const isoDate = (message = 'This field is required') =>
  z.string(message).min(1, message).superRefine(calendarDateCheck);

export const statusFlag = (message = 'Select status') =>
  z
    .union(
      [
        z.literal(ACTIVE_STATUS.INACTIVE),
        z.literal(ACTIVE_STATUS.ACTIVE),
        z.literal(`${ACTIVE_STATUS.INACTIVE}`),
        z.literal(`${ACTIVE_STATUS.ACTIVE}`),
      ],
      message,
    )
    .transform((v) => Number(v) as ActiveStatus);

export const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Colours must be hex values like #4276A4');
