import { afterEach, describe, expect, it } from 'vitest';
import type { CooperativeRules } from './posting-rules.ts';
import { PLATFORM_MAX_AMOUNT, amountIssue, amountLimit, postingDateIssue, setRulesSource } from './posting-rules.ts';
import { kobo } from './money.ts';
import { nairaField, optionalNaira } from './schemas/fields.ts';
import { postingDate } from './schemas/posting-date.ts';

const rules: CooperativeRules = { maxAmount: kobo(100_000), openingDate: '2024-01-01' };

afterEach(() => setRulesSource(() => undefined));

describe('the amount limit', () => {
  it('is the platform maximum of ₦10,000,000,000 without a cooperative, and the cooperative’s own under it', () => {
    expect(PLATFORM_MAX_AMOUNT).toBe(10_000_000_000 * 100);
    expect(amountLimit()).toBe(PLATFORM_MAX_AMOUNT);
    expect(amountLimit(rules)).toBe(100_000);
    expect(amountLimit({ ...rules, maxAmount: kobo(PLATFORM_MAX_AMOUNT * 2) })).toBe(PLATFORM_MAX_AMOUNT);
    expect(amountIssue(PLATFORM_MAX_AMOUNT)).toBeUndefined();
    expect(amountIssue(PLATFORM_MAX_AMOUNT + 1)).toBe('Enter an amount of at most ₦10,000,000,000.00');
    expect(amountIssue(100_001, rules)).toBe('Enter an amount of at most ₦1,000.00');
  });

  it('makes the shared naira fields refuse more than the limit in force, with the field message', () => {
    expect(nairaField().safeParse('10000000000').data).toBe(PLATFORM_MAX_AMOUNT);
    expect(nairaField().safeParse('90071992547409.91').error?.issues[0]?.message).toBe(
      'Enter an amount of at most ₦10,000,000,000.00',
    );
    setRulesSource(() => rules);
    expect(nairaField().safeParse('1000').data).toBe(100_000);
    expect(nairaField().safeParse('1000.01').error?.issues[0]?.message).toBe('Enter an amount of at most ₦1,000.00');
    expect(optionalNaira().safeParse('1000.01').error?.issues[0]?.message).toBe('Enter an amount of at most ₦1,000.00');
    expect(optionalNaira().safeParse('').data).toBe(0);
  });
});

describe('posting dates', () => {
  it('refuses unreal days, the future, days before the opening date, and before 1900 for history', () => {
    const today = '2026-11-25';
    expect(postingDateIssue('2026-02-30', { today })).toBe('This is not a valid date');
    expect(postingDateIssue('2026-11-26', { today })).toBe('The date must not be in the future');
    expect(postingDateIssue('9999-12-31', { today }, rules)).toBe('The date must not be in the future');
    expect(postingDateIssue('2023-12-31', { today }, rules)).toBe(
      "The date must not be before the cooperative's opening date (2024-01-01)",
    );
    expect(postingDateIssue('0001-01-01', { today }, rules)).toBe(
      "The date must not be before the cooperative's opening date (2024-01-01)",
    );
    expect(postingDateIssue('2024-01-01', { today }, rules)).toBeUndefined();
    expect(postingDateIssue(today, { today }, rules)).toBeUndefined();
    // History may go before the opening date, not before 1900 and not into the future.
    expect(postingDateIssue('2001-05-05', { today, history: true }, rules)).toBeUndefined();
    expect(postingDateIssue('1899-12-31', { today, history: true }, rules)).toBe(
      'The date must not be before 1900-01-01',
    );
    expect(postingDateIssue('2026-11-26', { today, history: true }, rules)).toBe('The date must not be in the future');
    // Without the cooperative's rules (the web), the rules that need none.
    expect(postingDateIssue('1899-12-31', { today })).toBe('The date must not be before 1900-01-01');
    expect(postingDateIssue('2010-01-01', { today })).toBeUndefined();
  });

  it('refuses every day of a closed year once year-end close sets one', () => {
    const closed = { ...rules, closedThrough: '2024-12-31' };
    expect(postingDateIssue('2024-12-31', { today: '2026-11-25' }, closed)).toBe(
      'The financial year ending 2024-12-31 is closed; postings dated on or before it are not accepted',
    );
    expect(postingDateIssue('2024-06-01', { today: '2026-11-25', history: true }, closed)).toBe(
      'The financial year ending 2024-12-31 is closed; postings dated on or before it are not accepted',
    );
    expect(postingDateIssue('2025-01-01', { today: '2026-11-25' }, closed)).toBeUndefined();
  });

  it('is the rule of the shared date field, with the cooperative’s opening date when the server sets it', () => {
    expect(postingDate().safeParse('2026-2-3').error?.issues[0]?.message).toBe('Use the date format YYYY-MM-DD');
    expect(postingDate().safeParse('2010-01-01').success).toBe(true);
    setRulesSource(() => rules);
    expect(postingDate().safeParse('2010-01-01').error?.issues[0]?.message).toBe(
      "The date must not be before the cooperative's opening date (2024-01-01)",
    );
    expect(postingDate().safeParse('9999-12-31').error?.issues[0]?.message).toBe('The date must not be in the future');
  });
});
