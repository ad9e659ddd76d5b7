import { AsyncLocalStorage } from 'node:async_hooks';
import type { ApprovalRules } from '@coopledger/shared/approval-rules';
import { DEFAULT_APPROVAL_RULES } from '@coopledger/shared/approval-rules';
import type { CooperativeRules } from '@coopledger/shared/posting-rules';
import { businessDate } from '@coopledger/shared/dates';
import { kobo } from '@coopledger/shared/money';
import {
  EARLIEST_POSTING_DATE,
  PLATFORM_MAX_AMOUNT,
  amountIssue,
  setRulesSource,
} from '@coopledger/shared/posting-rules';
import { getItem } from './db.ts';
import { invalid } from './errors.ts';
import { keys } from './keys.ts';

/**
 * A cooperative's business limits (its largest single amount and its opening date, both settings
 * of the cooperative profile) for the shared field parsers. The API runs every request that may
 * change something inside the rules of the cooperative it acts in (functions/core/handler.ts), so
 * `nairaField`, `optionalNaira` and `postingDate` apply them on every route without the routes
 * naming them. Batch work (imports, payroll files) runs its row checks inside them too.
 */
const requestRules = new AsyncLocalStorage<{ rules: CooperativeRules | undefined; cooperativeId?: string }>();
setRulesSource(() => requestRules.getStore()?.rules);

export interface RulesSource {
  created_at: string;
  opening_date?: string;
  max_amount?: number;
  /** The last day of the last closed financial year (accounting/financial-years.ts). */
  closed_through?: string;
  /** The last day of the year whose close is under way: its postings are refused already. */
  closing_through?: string;
  /** The four-eyes rules as an admin saved them (kobo threshold); unset: the defaults. */
  approval_rules?: StoredApprovalRules;
}

/** The four-eyes rules as the profile stores them, with who saved them. */
export interface StoredApprovalRules {
  creator_cannot_approve: boolean;
  /** Kobo; unset: one approval always does. */
  second_approval_above?: number;
  updated_at: string;
  updated_by: string;
}

/** The rules of stored four-eyes settings (the defaults when none are stored). */
export function approvalRulesFrom(stored: StoredApprovalRules | undefined): ApprovalRules {
  if (!stored) return DEFAULT_APPROVAL_RULES;
  return {
    creator_cannot_approve: stored.creator_cannot_approve,
    second_approval_above: stored.second_approval_above === undefined ? null : kobo(stored.second_approval_above),
  };
}

/** The later of the closed year's end and the end of the year being closed, if any. */
export function closedThroughOf(profile: Pick<RulesSource, 'closed_through' | 'closing_through'>): string | undefined {
  const dates = [profile.closed_through, profile.closing_through].filter((d): d is string => Boolean(d)).sort();
  return dates.at(-1);
}

/**
 * The rules a profile gives: an unset opening date is the day the cooperative was created (in its
 * time zone); the closed-through date is the profile's too (the item every posting checks).
 */
export function rulesOf(profile: RulesSource): CooperativeRules {
  const maxAmount = Number(profile.max_amount);
  return {
    maxAmount:
      Number.isSafeInteger(maxAmount) && maxAmount > 0
        ? kobo(Math.min(maxAmount, PLATFORM_MAX_AMOUNT))
        : PLATFORM_MAX_AMOUNT,
    openingDate:
      profile.opening_date ?? (profile.created_at ? businessDate(profile.created_at) : EARLIEST_POSTING_DATE),
    closedThrough: closedThroughOf(profile),
    approvals: approvalRulesFrom(profile.approval_rules),
  };
}

/** The rules of a cooperative, read from its profile; undefined when it does not exist. */
export async function cooperativeRules(cooperativeId: string): Promise<CooperativeRules | undefined> {
  const profile = await getItem<RulesSource & { pk: string }>(keys.cooperative(cooperativeId), true);
  return profile ? rulesOf(profile) : undefined;
}

/**
 * Runs `work` with the field parsers applying these rules (none: the platform's alone). `cooperativeId`
 * names the cooperative whose profile the rules were just read from (a request's), so the ledger
 * applies them to its postings without reading the profile again (`requestRulesOf`).
 */
export function withRules<T>(rules: CooperativeRules | undefined, work: () => T, cooperativeId?: string): T {
  return requestRules.run({ rules, cooperativeId }, work);
}

/** The rules of `cooperativeId` when the work runs inside a request that read them; else undefined. */
export function requestRulesOf(cooperativeId: string): CooperativeRules | undefined {
  const current = requestRules.getStore();
  return current?.cooperativeId === cooperativeId ? current.rules : undefined;
}

/**
 * The four-eyes rules an approval applies (docs/decisions.md "Four-eyes approvals"): those the request
 * read with the caller's cooperative, else the profile's, read now.
 */
export async function approvalRulesOf(cooperativeId: string): Promise<ApprovalRules> {
  const rules = requestRulesOf(cooperativeId) ?? (await cooperativeRules(cooperativeId));
  return rules?.approvals ?? DEFAULT_APPROVAL_RULES;
}

/** Runs `work` inside the rules of a cooperative (batch tasks, which have no request). */
export async function withCooperativeRules<T>(cooperativeId: string, work: () => Promise<T>): Promise<T> {
  return withRules(await cooperativeRules(cooperativeId), work);
}

/** A 422 on `field` when a single amount is above the cooperative's limit. */
export function assertAmount(rules: CooperativeRules | undefined, kobo: number, field: string): void {
  const issue = amountIssue(kobo, rules);
  if (issue) throw invalid(field, issue);
}
