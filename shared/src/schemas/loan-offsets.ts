import { z } from 'zod';
import { LOAN_OFFSET_MODES, LOAN_OFFSET_TYPES } from '../lookups.ts';
import { parseNaira } from '../money.ts';
import { isoDate, optionalText } from './common.ts';
import { idRef, isBlank, nairaField, optionalIdRef } from './fields.ts';
import { postingDate } from './posting-date.ts';

/**
 * The loan offset form and submit payload (spec 000 sections 3 and 5, "Loan offset"). Money arrives
 * in naira and leaves in kobo. Which fields are required depends on the mode and type:
 *  - loan_id 'Please select loan'; offset_mode, offset_type, loan_amount 'This field is required';
 *  - bank_id only for mode 1 (Bank);
 *  - offset_amount, restructure_tenure and payment_start_date only for types 1 and 3 (a Full
 *    Offset, type 2, pays the payoff amount of the date, so what the form sends there is ignored).
 */
export const OFFSET_MODE = { BANK: 1, SAVINGS: 2 } as const;
export const OFFSET_TYPE = { PARTIAL: 1, FULL: 2, RESTRUCTURE: 3 } as const;
export type OffsetMode = (typeof LOAN_OFFSET_MODES)[number]['id'];
export type OffsetType = (typeof LOAN_OFFSET_TYPES)[number]['id'];

const REQUIRED = 'This field is required';

/** An amount the form shows from the server's own record (not one the person chooses): no limit applies. */
const shownAmount = (message?: string) =>
  z
    .unknown()
    .optional()
    .transform((v, ctx) => {
      if (isBlank(v)) {
        if (message === undefined) return undefined;
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      const kobo = parseNaira(v);
      if (kobo === undefined || kobo < 0) {
        ctx.addIssue({ code: 'custom', message: 'Enter an amount in naira with at most 2 decimals' });
        return z.NEVER;
      }
      return kobo;
    });

/** One of a lookup's ids, sent as a number or as text. */
const lookupId = <T extends number>(ids: readonly T[], what: string) =>
  z.unknown().transform((v, ctx) => {
    if (isBlank(v) || (typeof v !== 'string' && typeof v !== 'number')) {
      ctx.addIssue({ code: 'custom', message: REQUIRED });
      return z.NEVER;
    }
    const n = Number(String(v).trim());
    const found = ids.find((id) => id === n);
    if (found === undefined) {
      ctx.addIssue({ code: 'custom', message: `Select a valid ${what}` });
      return z.NEVER;
    }
    return found;
  });

/** A whole number of months, at least 1 (blank: not given). */
const optionalMonths = () =>
  z
    .unknown()
    .optional()
    .transform((v, ctx) => {
      if (isBlank(v)) return undefined;
      const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v.trim()) : Number.NaN;
      if (!Number.isInteger(n) || n < 1) {
        ctx.addIssue({ code: 'custom', message: 'Enter a whole number of months, at least 1' });
        return z.NEVER;
      }
      return n;
    });

const fields = z.object({
  loan_id: idRef('Please select loan'),
  offset_mode: lookupId(
    LOAN_OFFSET_MODES.map((m) => m.id),
    'offset mode',
  ),
  offset_type: lookupId(
    LOAN_OFFSET_TYPES.map((t) => t.id),
    'offset type',
  ),
  /** Shown read-only from the chosen loan; required by the spec, not used in the arithmetic. */
  loan_amount: shownAmount(REQUIRED).transform((v) => v ?? 0),
  /** The balance the form showed (kobo here); when sent, the loan must still have it. */
  loan_balance: shownAmount().optional(),
  offset_amount: z.unknown().optional(),
  bank_id: optionalIdRef().optional(),
  /** The day the money is received (a posting date); today when left out. */
  date: postingDate(REQUIRED).optional(),
  /** Months the remainder is spread over (types 1 and 3). */
  restructure_tenure: optionalMonths().optional(),
  /** The first installment of the new schedule (types 1 and 3). */
  payment_start_date: z.unknown().optional(),
  /** Names the offset so that a retried submission posts once; generated when left out. */
  offset_id: z
    .unknown()
    .optional()
    .transform((v, ctx) => {
      if (isBlank(v)) return undefined;
      const text = String(v).trim().toUpperCase();
      if (!/^[0-9A-Z]{10,40}$/.test(text)) {
        ctx.addIssue({ code: 'custom', message: 'The offset id must be 10 to 40 letters and digits' });
        return z.NEVER;
      }
      return text;
    }),
  coop_id: optionalText(64),
});

export interface LoanOffsetInput {
  loan_id: string;
  offset_mode: OffsetMode;
  offset_type: OffsetType;
  loan_amount: number;
  /** Kobo: the balance the form showed, if sent. */
  loan_balance?: number;
  /** Kobo; undefined for a Full Offset (the payoff amount is paid). */
  offset_amount?: number;
  bank_id?: string;
  date?: string;
  restructure_tenure?: number;
  payment_start_date?: string;
  offset_id?: string;
}

const amountField = nairaField(REQUIRED).refine((v) => v > 0, 'Enter an amount greater than zero');
const dateField = isoDate(REQUIRED);

/**
 * Every field's message at once: the fields' own rules, then the ones that hang on the mode and
 * type (checked against the raw values, so a form hears about a missing bank account even while
 * another field is wrong).
 */
export const loanOffsetSchema = z.unknown().transform((raw, ctx): LoanOffsetInput => {
  const input = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const base = fields.safeParse(input);
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (!base.success) for (const i of base.error.issues) issue(String(i.path[0] ?? '_'), i.message);

  const mode = Number(input.offset_mode);
  const type = Number(input.offset_type);
  if (mode === OFFSET_MODE.BANK && isBlank(input.bank_id)) issue('bank_id', 'Please select bank account');

  let offsetAmount: number | undefined;
  let startDate: string | undefined;
  if (type === OFFSET_TYPE.PARTIAL || type === OFFSET_TYPE.RESTRUCTURE) {
    const amount = amountField.safeParse(input.offset_amount);
    if (amount.success) offsetAmount = amount.data;
    else issue('offset_amount', amount.error.issues[0]?.message ?? REQUIRED);
    if (isBlank(input.restructure_tenure)) issue('restructure_tenure', REQUIRED);
    const start = dateField.safeParse(input.payment_start_date);
    if (start.success) startDate = start.data;
    else issue('payment_start_date', start.error.issues[0]?.message ?? REQUIRED);
  }
  if (!base.success) return z.NEVER;
  const v = base.data;
  return {
    loan_id: v.loan_id,
    offset_mode: v.offset_mode,
    offset_type: v.offset_type,
    loan_amount: v.loan_amount,
    loan_balance: v.loan_balance,
    offset_amount: offsetAmount,
    bank_id: v.offset_mode === OFFSET_MODE.BANK ? v.bank_id : undefined,
    date: v.date,
    restructure_tenure: v.offset_type === OFFSET_TYPE.FULL ? undefined : v.restructure_tenure,
    payment_start_date: startDate,
    offset_id: v.offset_id,
  };
});
