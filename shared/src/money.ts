import Decimal from 'decimal.js';

/**
 * Money is integer kobo everywhere it is stored or computed (1 naira = 100 kobo). The API speaks
 * naira with at most 2 decimals; these two functions are the only conversions, used at the edge.
 */
export type Kobo = number;

const MAX_KOBO = Number.MAX_SAFE_INTEGER;

/** Naira (number or numeric string, at most 2 decimals) to kobo; undefined when it is not such a value. */
export function parseNaira(value: unknown): Kobo | undefined {
  if (typeof value !== 'number' && typeof value !== 'string') return undefined;
  const text = typeof value === 'number' ? String(value) : value.trim().replaceAll(',', '');
  if (!/^-?\d+(\.\d+)?(e[-+]?\d+)?$/i.test(text)) return undefined;
  let amount: Decimal;
  try {
    amount = new Decimal(text);
  } catch {
    return undefined;
  }
  const kobo = amount.times(100);
  if (!kobo.isInteger()) return undefined;
  const result = kobo.toNumber();
  return Math.abs(result) <= MAX_KOBO ? result : undefined;
}

/** Naira to kobo, for values already validated. */
export function toKobo(naira: number | string): Kobo {
  const kobo = parseNaira(naira);
  if (kobo === undefined) throw new RangeError(`Not an amount in naira with at most 2 decimals: ${String(naira)}`);
  return kobo;
}

/** Kobo to naira for the wire: a number with at most 2 decimals (division by 100 prints exactly). */
export function toNaira(kobo: Kobo): number {
  return kobo / 100;
}

/** Integer percentage arithmetic, rounded half-even to the kobo (DESIGN.md section 3). */
export function percentOf(kobo: Kobo, percent: number | string): Kobo {
  return new Decimal(kobo).times(percent).dividedBy(100).toDecimalPlaces(0, Decimal.ROUND_HALF_EVEN).toNumber();
}

/** '₦1,234.50'; zero shows as '₦0' as the spec asks. */
export function formatNaira(kobo: Kobo): string {
  if (kobo === 0) return '₦0';
  const sign = kobo < 0 ? '-' : '';
  const abs = Math.abs(kobo);
  const whole = Math.floor(abs / 100).toLocaleString('en-NG');
  const fraction = String(abs % 100).padStart(2, '0');
  return `${sign}₦${whole}.${fraction}`;
}
