import Decimal from 'decimal.js';

/**
 * Money is integer kobo everywhere it is stored or computed (1 naira = 100 kobo). The API speaks
 * naira with at most 2 decimals; `parseNaira`/`toKobo` and `toNaira`/`nairaFigure` are the only
 * conversions, used at the edge. This module is the only place that multiplies or divides by 100
 * (a lint rule refuses `* 100` and `/ 100` elsewhere): naira and kobo, and percentages.
 *
 * A single amount is a `Kobo`: a JS number branded as a whole number of kobo, which only this
 * module's constructors make (`kobo`, `toKobo`, `parseNaira`, `percentOf`, `multipleOf`,
 * `koboOfNairaCell`), so a naira figure or a float cannot reach the ledger's lines by mistake. Every
 * amount a person or a file sends is at most the platform maximum (₦10,000,000,000,
 * posting-rules.ts), far inside the exact integers of a double. Amounts read back from the table
 * are plain numbers (the record schemas check them); the helpers that only read an amount
 * (`toNaira`, `formatNaira`, `percentOf`...) take those as they are.
 * Sums of amounts (running totals, balances, report figures) have no such bound, so they are
 * `KoboSum` (bigint) wherever they are added up, and a total read from the table may come back as a
 * bigint (the DynamoDB document client returns numbers beyond 2^53 that way): `koboOf` reads either.
 */
declare const koboBrand: unique symbol;
export type Kobo = number & { readonly [koboBrand]: 'kobo' };

/** A sum of amounts in kobo, exact at any size. */
export type KoboSum = bigint;

/** A running total as the table returns it: a number, or a bigint beyond 2^53. */
export type StoredKobo = number | bigint;

/**
 * A naira figure on the wire: a number while a JS double holds it exactly (below ₦70 trillion,
 * 2^46 naira), else its decimal text ("90071992547409.91"), so no client loses a kobo.
 */
export type NairaFigure = number | string;

const MAX_KOBO = Number.MAX_SAFE_INTEGER;

/** A whole number of kobo as a `Kobo`; anything else (a fraction, NaN, beyond 2^53) is a RangeError. */
export function kobo(value: number): Kobo {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not a whole number of kobo: ${value}`);
  return value as Kobo;
}

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
  return Math.abs(result) <= MAX_KOBO ? (result as Kobo) : undefined;
}

/** Naira to kobo, for values already validated. */
export function toKobo(naira: number | string): Kobo {
  const kobo = parseNaira(naira);
  if (kobo === undefined) throw new RangeError(`Not an amount in naira with at most 2 decimals: ${String(naira)}`);
  return kobo;
}

/**
 * A naira number from a spreadsheet cell to kobo: a formula's float noise (within a millionth of a
 * kobo) is rounded away; a value with more than 2 decimals, or not finite, is undefined.
 */
export function koboOfNairaCell(naira: number): Kobo | undefined {
  if (!Number.isFinite(naira)) return undefined;
  const exact = naira * 100;
  const whole = Math.round(exact);
  if (Math.abs(exact - whole) > 1e-6 || !Number.isSafeInteger(whole)) return undefined;
  return whole as Kobo;
}

/**
 * Kobo (a single amount, stored or computed) to naira for the wire: a number with at most 2 decimals (division by 100
 * prints exactly).
 */
export function toNaira(kobo: number): number {
  return kobo / 100;
}

/** Beyond 2^46 naira two adjacent kobo values can share a double; below it every one prints back exactly. */
const EXACT_NAIRA_LIMIT = 2n ** 46n * 100n;

/** A stored or computed kobo value (number, bigint, integer text; missing is 0) as an exact bigint. */
export function koboOf(value: unknown): KoboSum {
  if (value === undefined || value === null || value === '') return 0n;
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new RangeError(`Not an exact kobo amount: ${value}`);
    return BigInt(value);
  }
  const text = typeof value === 'string' ? value.trim() : '';
  if (!/^-?\d+$/.test(text))
    throw new RangeError(`Not a kobo amount: ${typeof value === 'string' ? value : typeof value}`);
  return BigInt(text);
}

/** The exact sum of kobo values. */
export function sumKobo(values: Iterable<unknown>): KoboSum {
  let total = 0n;
  for (const value of values) total += koboOf(value);
  return total;
}

export const absKobo = (kobo: KoboSum): KoboSum => (kobo < 0n ? -kobo : kobo);

/** Orders kobo values of either kind (for sort). */
export function compareKobo(a: StoredKobo, b: StoredKobo): number {
  const [x, y] = [koboOf(a), koboOf(b)];
  return x < y ? -1 : x > y ? 1 : 0;
}

/** A sum for the table: a number while it is one exactly, else a bigint (the document client writes both). */
export function storedKobo(kobo: KoboSum): StoredKobo {
  return absKobo(kobo) <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(kobo) : kobo;
}

/** Kobo (a sum or a stored total) as naira text with 2 decimals, exact at any size: -1234.5 naira is '-1234.50'. */
export function nairaText(kobo: StoredKobo): string {
  const value = koboOf(kobo);
  const abs = absKobo(value);
  return `${value < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** A total for the wire: a number in naira when a double holds it exactly, else its decimal text (see NairaFigure). */
export function nairaFigure(kobo: StoredKobo): NairaFigure {
  const value = koboOf(kobo);
  return absKobo(value) < EXACT_NAIRA_LIMIT ? Number(value) / 100 : nairaText(value);
}

/**
 * A naira figure from the wire (number or decimal text, at most 2 decimals) as exact kobo; undefined when it is not
 * one.
 */
export function figureKobo(figure: unknown): KoboSum | undefined {
  if (typeof figure === 'number') {
    const kobo = parseNaira(figure);
    return kobo === undefined ? undefined : BigInt(kobo);
  }
  if (typeof figure !== 'string') return undefined;
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(figure.trim().replaceAll(',', ''));
  if (!match) return undefined;
  const kobo = BigInt(match[2]) * 100n + BigInt((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -kobo : kobo;
}

/** Integer percentage arithmetic, rounded half-even to the kobo (DESIGN.md section 3). */
export function percentOf(amount: number, percent: number | string): Kobo {
  return kobo(new Decimal(amount).times(percent).dividedBy(100).toDecimalPlaces(0, Decimal.ROUND_HALF_EVEN).toNumber());
}

/**
 * `percent` percent of `amount` shared over `parts` (a yearly rate over the day-balances of a
 * month: parts = 12 x days), rounded half-even to the kobo once, at the end. `amount` may be a sum
 * beyond 2^53 (a bigint or its decimal text).
 */
export function percentOfParts(amount: number | bigint | string, percent: number | string, parts: number): Kobo {
  return kobo(
    new Decimal(amount.toString())
      .times(percent)
      .dividedBy(new Decimal(100).times(parts))
      .toDecimalPlaces(0, Decimal.ROUND_HALF_EVEN)
      .toNumber(),
  );
}

/** `times` times an amount (a loan limit of 2.5 times the savings), rounded half-even to the kobo. */
export function multipleOf(amount: number, times: number | string): Kobo {
  return kobo(new Decimal(amount).times(times).toDecimalPlaces(0, Decimal.ROUND_HALF_EVEN).toNumber());
}

/**
 * The share `part / whole` of an amount (the cost of `part` items of a stock of `whole` worth
 * `amount`), rounded half-even to the kobo; the whole amount when `part` is `whole`.
 */
export function shareOf(amount: StoredKobo, part: number, whole: number): Kobo {
  if (part === whole) return kobo(Number(amount));
  return kobo(
    new Decimal(amount.toString()).times(part).dividedBy(whole).toDecimalPlaces(0, Decimal.ROUND_HALF_EVEN).toNumber(),
  );
}

/** Hundredths of a percent (basis points) of a percentage with at most 2 decimals: 12.5 -> 1250n. */
export function basisPointsOf(percent: number | string): bigint {
  return BigInt(new Decimal(percent).times(100).toDecimalPlaces(0, Decimal.ROUND_HALF_EVEN).toFixed(0));
}

/** The percentage of a number of basis points: 9950n -> 99.5. */
export function percentOfBasisPoints(bp: bigint): number {
  return new Decimal(bp.toString()).dividedBy(100).toNumber();
}

/** The percentage `part` is of `whole`, with 2 decimals rounded half up, exact at any size; 0 when `whole` is 0. */
export function ratioPercent(part: KoboSum, whole: KoboSum): number {
  if (whole === 0n) return 0;
  const hundredths = (part * 10_000n * 2n + whole) / (whole * 2n);
  return Number(hundredths) / 100;
}

/** Whole percent of `part` in `whole` (progress, shares of a chart), kept within 0..100; nothing to do counts as 0. */
export function wholePercent(part: number, whole: number): number {
  if (!(whole > 0) || !Number.isFinite(part)) return 0;
  return Math.min(100, Math.max(0, Math.round((part / whole) * 100)));
}

/** '1,234.50', '-0.05': naira with thousands separators and 2 decimals, exact at any size. */
export function groupedNaira(kobo: StoredKobo): string {
  const value = koboOf(kobo);
  const abs = absKobo(value);
  return `${value < 0n ? '-' : ''}${(abs / 100n).toLocaleString('en-NG')}.${String(abs % 100n).padStart(2, '0')}`;
}

/** '₦1,234.50'; zero shows as '₦0' as the spec asks. Exact for totals of any size. */
export function formatNaira(kobo: StoredKobo): string {
  const value = koboOf(kobo);
  if (value === 0n) return '₦0';
  const text = groupedNaira(value);
  return value < 0n ? `-₦${text.slice(1)}` : `₦${text}`;
}
