import { z } from 'zod';
import type { Kobo } from '../money.ts';
import { kobo, parseNaira } from '../money.ts';
import { amountIssue } from '../posting-rules.ts';

/**
 * Field types of the setup forms. The spec's forms send numbers sometimes as numbers and sometimes
 * as text (and some ids as integers), so every field accepts both and yields one type here.
 */
// An optional field's schema is `z.unknown().optional()` before its transform: without
// `.optional()` a key left out of the body is refused ("expected nonoptional") however the transform
// treats undefined.
export const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** The id of another record: text or a number on the wire, text here. */
export const idRef = (message: string) =>
  z.unknown().transform((v, ctx) => {
    if (isBlank(v) || (typeof v !== 'string' && typeof v !== 'number')) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    const text = String(v).trim();
    if (text.length > 64) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return text;
  });

export const optionalIdRef = () =>
  z
    .unknown()
    .optional()
    .transform((v) =>
      isBlank(v) || (typeof v !== 'string' && typeof v !== 'number') ? undefined : String(v).trim().slice(0, 64),
    );

/**
 * An amount in naira (at most 2 decimals, not negative, at most the limit: the cooperative's own on
 * the server, the platform maximum elsewhere; posting-rules.ts) as integer kobo.
 */
function amountOf(v: unknown, ctx: z.RefinementCtx): Kobo {
  const kobo = parseNaira(v);
  if (kobo === undefined || kobo < 0) {
    ctx.addIssue({ code: 'custom', message: 'Enter an amount in naira with at most 2 decimals' });
    return z.NEVER;
  }
  const overLimit = amountIssue(kobo);
  if (overLimit) {
    ctx.addIssue({ code: 'custom', message: overLimit });
    return z.NEVER;
  }
  return kobo;
}

/** Naira on the wire, integer kobo here; required. */
export const nairaField = (message = 'This field is required') =>
  z.unknown().transform((v, ctx) => {
    if (isBlank(v)) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return amountOf(v, ctx);
  });

export const optionalNaira = () =>
  z
    .unknown()
    .optional()
    .transform((v, ctx) => (isBlank(v) ? kobo(0) : amountOf(v, ctx)));

/** An amount that may be left out: blank is null (no amount), not zero. */
export const nullableNaira = () =>
  z
    .unknown()
    .optional()
    .transform((v, ctx) => (isBlank(v) ? null : amountOf(v, ctx)));

interface NumberRules {
  integer?: boolean;
  min?: number;
  max?: number;
  /** At most this many decimals (e.g. 2 for percentages and decimals the forms send). */
  decimals?: number;
}

function checkNumber(v: unknown, rules: NumberRules, ctx: z.RefinementCtx): number {
  const n = typeof v === 'number' ? v : Number(String(v).trim());
  if (!Number.isFinite(n)) {
    ctx.addIssue({ code: 'custom', message: 'Must be a number' });
    return z.NEVER;
  }
  if (rules.integer && !Number.isInteger(n)) {
    ctx.addIssue({ code: 'custom', message: 'Must be a whole number' });
    return z.NEVER;
  }
  if (rules.decimals !== undefined && Math.round(n * 10 ** rules.decimals) / 10 ** rules.decimals !== n) {
    ctx.addIssue({ code: 'custom', message: `Use at most ${rules.decimals} decimals` });
    return z.NEVER;
  }
  if (rules.min !== undefined && n < rules.min) {
    ctx.addIssue({ code: 'custom', message: `Must be at least ${rules.min}` });
    return z.NEVER;
  }
  if (rules.max !== undefined && n > rules.max) {
    ctx.addIssue({ code: 'custom', message: `Must be at most ${rules.max}` });
    return z.NEVER;
  }
  return n;
}

/** A required number (text or number on the wire). */
export const numberField = (message: string, rules: NumberRules = {}) =>
  z.unknown().transform((v, ctx) => {
    if (isBlank(v) || (typeof v !== 'string' && typeof v !== 'number')) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return checkNumber(v, rules, ctx);
  });

/** An optional number; blank gives the fallback. */
export const optionalNumber = (fallback: number, rules: NumberRules = {}) =>
  z
    .unknown()
    .optional()
    .transform((v, ctx) => {
      if (isBlank(v)) return fallback;
      if (typeof v !== 'string' && typeof v !== 'number') {
        ctx.addIssue({ code: 'custom', message: 'Must be a number' });
        return z.NEVER;
      }
      return checkNumber(v, rules, ctx);
    });

/** Percent: 0 to 100, at most 2 decimals. */
export const percentField = (message: string) => numberField(message, { min: 0, max: 100, decimals: 2 });

/** One of a few values; missing or anything else gives the message. */
export const choice = <const T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.enum(values, message);

/** 0 or 1 (number or text), with the form's message. */
export const flag = (message: string) =>
  z
    .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.literal(true), z.literal(false)], message)
    .transform((v) => (v === true || v === 1 || v === '1' ? 1 : 0));

export const optionalFlag = () =>
  flag('Must be 0 or 1')
    .optional()
    .transform((v) => v ?? 0);

/** An uppercase-insensitive code: letters, digits and dashes. */
export const codeField = (message = 'Please enter a code', max = 20) =>
  z
    .unknown()
    .transform((v, ctx) => {
      if (isBlank(v) || (typeof v !== 'string' && typeof v !== 'number')) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return String(v).trim();
    })
    .pipe(
      z
        .string()
        .max(max, `Must be at most ${max} characters`)
        .regex(/^[A-Za-z0-9-]+$/, 'The code may only contain letters, digits and dashes'),
    );
