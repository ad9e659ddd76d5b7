import type { ApprovalRules } from './approval-rules.ts';
import type { Kobo } from './money.ts';
import { isCalendarDate, today } from './dates.ts';
import { formatNaira, kobo } from './money.ts';
import { closedYearMessage } from './financial-years.ts';

/**
 * The business limits on what a person or a file may send (DESIGN.md section 3):
 *  - every single amount is at most the cooperative's limit, itself at most the platform maximum;
 *  - a posting date is a real calendar date, not in the future (in the cooperative's time), and not
 *    before the cooperative's opening date; imports of history may go earlier, not before 1900.
 *
 * The shared field parsers (schemas/fields.ts, schemas/posting-date.ts) apply these rules on the web
 * and on the server. On the server, the request's cooperative is known: the API sets the source
 * below so the same parsers apply that cooperative's own limit and opening date to every route.
 */
export const PLATFORM_MAX_AMOUNT: Kobo = kobo(1_000_000_000_000); // ₦10,000,000,000.00

/** No history, imported or not, goes further back than this. */
export const EARLIEST_POSTING_DATE = '1900-01-01';

export interface CooperativeRules {
  /** The largest single amount, kobo (at most PLATFORM_MAX_AMOUNT). */
  maxAmount: Kobo;
  /** The first date the cooperative's books take postings (history imports aside), YYYY-MM-DD. */
  openingDate: string;
  /**
   * The last day of the last closed financial year (DESIGN.md section 5, "Year-end close ... locks
   * the year"), or of the year being closed while a close is under way (docs/decisions.md
   * 2026-11-27 "Year-end close"): every posting on or before it is refused by postingDateIssue,
   * history included.
   */
  closedThrough?: string;
  /** The four-eyes rules (approval-rules.ts); unset: the defaults. */
  approvals?: ApprovalRules;
}

let rulesSource: () => CooperativeRules | undefined = () => undefined;

/** The server names the rules of the request in hand (functions/core/cooperative-rules.ts). */
export function setRulesSource(source: () => CooperativeRules | undefined): void {
  rulesSource = source;
}

/** The rules of the cooperative acted in, when the caller knows it (the server inside a request). */
const currentRules = (): CooperativeRules | undefined => rulesSource();

/** The largest single amount allowed now: the cooperative's limit, else the platform maximum. */
export function amountLimit(rules = currentRules()): Kobo {
  return kobo(Math.min(rules?.maxAmount ?? PLATFORM_MAX_AMOUNT, PLATFORM_MAX_AMOUNT));
}

export const amountLimitMessage = (limit: number) => `Enter an amount of at most ${formatNaira(limit)}`;

/** The field message for an amount above the limit, or undefined. */
export function amountIssue(amount: number, rules = currentRules()): string | undefined {
  const limit = amountLimit(rules);
  return amount > limit ? amountLimitMessage(limit) : undefined;
}

export interface PostingDateOptions {
  /** An import of history: may go before the opening date (not before EARLIEST_POSTING_DATE). */
  history?: boolean;
  /** Today in the business time zone; the clock by default. */
  today?: string;
}

/**
 * The field message for a posting date that breaks a rule, or undefined. Without the cooperative's
 * rules (the web, before it has them) only the rules that need none apply.
 */
export function postingDateIssue(
  date: string,
  options: PostingDateOptions = {},
  rules = currentRules(),
): string | undefined {
  if (!isCalendarDate(date)) return 'This is not a valid date';
  if (date > (options.today ?? today())) return 'The date must not be in the future';
  if (rules && !options.history && date < rules.openingDate)
    return `The date must not be before the cooperative's opening date (${rules.openingDate})`;
  if (date < EARLIEST_POSTING_DATE) return `The date must not be before ${EARLIEST_POSTING_DATE}`;
  if (rules?.closedThrough && date <= rules.closedThrough) return closedYearMessage(rules.closedThrough);
  return undefined;
}
