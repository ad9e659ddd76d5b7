import { describe, expect, it } from 'vitest';
import { assertMonthEnded, monthInterest, planMovements } from './interest.ts';

/** Amounts in kobo. September 2026 has 30 days, February 2026 has 28. */
const PLAN = { startDate: '2026-01-01', endDate: '2026-12-31' };

describe('monthInterest (the month average daily balance x rate / 12)', () => {
  it('weighs each balance by the days it was held, and ignores what came after the month', () => {
    // 30,000 from August; 12,000 in on 11 September; 6,000 out on 26 September; 100,000 in on 5 October.
    // Days 1-10: 30,000 x 10 = 300,000; days 11-25: 42,000 x 15 = 630,000; days 26-30: 36,000 x 5 = 180,000.
    // 1,110,000 naira-days / 30 = 37,000 average; 37,000 x 6% / 12 = 185.00.
    const movements = [
      { date: '2026-08-20', amount: 30_000_00 },
      { date: '2026-09-11', amount: 12_000_00 },
      { date: '2026-09-26', amount: -6_000_00 },
      { date: '2026-10-05', amount: 100_000_00 },
    ];
    expect(monthInterest({ month: '2026-09', annualPercent: 6, ...PLAN, movements })).toBe(185_00);
  });

  it("counts only the days within the plan's start and end dates", () => {
    // Ends 10 September with 20,000: 20,000 x 10 / 30 = 6,666.67 average; x 6% / 12 = 33.333.. -> 33.33.
    const ending = {
      month: '2026-09',
      annualPercent: 6,
      startDate: '2026-01-01',
      endDate: '2026-09-10',
      movements: [{ date: '2026-08-01', amount: 20_000_00 }],
    };
    expect(monthInterest(ending)).toBe(33_33);
    // Starts 16 September with 10,000 that day: 10,000 x 15 / 30 = 5,000 average; x 6% / 12 = 25.00.
    const starting = {
      month: '2026-09',
      annualPercent: 6,
      startDate: '2026-09-16',
      endDate: '2027-09-15',
      movements: [{ date: '2026-09-16', amount: 10_000_00 }],
    };
    expect(monthInterest(starting)).toBe(25_00);
    expect(monthInterest({ ...starting, month: '2026-08' })).toBe(0);
    expect(monthInterest({ ...ending, month: '2026-10' })).toBe(0);
  });

  it('rounds once, half-even to the kobo', () => {
    // 10.50 kobo held all February at 12%: 1% of it is 10.5 kobo -> 10; 11.50 -> 11.5 -> 12.
    expect(
      monthInterest({
        month: '2026-02',
        annualPercent: 12,
        ...PLAN,
        movements: [{ date: '2026-01-31', amount: 1050 }],
      }),
    ).toBe(10);
    expect(
      monthInterest({
        month: '2026-02',
        annualPercent: 12,
        ...PLAN,
        movements: [{ date: '2026-01-31', amount: 1150 }],
      }),
    ).toBe(12);
  });

  it('earns nothing on days the balance is not above zero', () => {
    // -1,000 for 14 days then +2,000 (1,000 for the other 14 days) at 12%: 1,000 x 14 / 28 = 500 average -> 5.00.
    const movements = [
      { date: '2026-01-31', amount: -1_000_00 },
      { date: '2026-02-15', amount: 2_000_00 },
    ];
    expect(monthInterest({ month: '2026-02', annualPercent: 12, ...PLAN, movements })).toBe(5_00);
  });
});

describe('planMovements', () => {
  const txn = (type_name: string, amount: number, transaction_date: string, savings_id = 'P1') => ({
    type_name,
    amount,
    transaction_date,
    savings_id,
  });

  it("signs the plan's deposits, interest, withdrawals, offsets and payroll reversals, and leaves out other plans and the month's own interest", () => {
    const movements = planMovements(
      'P1',
      [
        txn('DEPOSIT', 500, '2026-09-01'),
        txn('WITHDRAWAL', 100, '2026-09-02'),
        txn('LOAN_OFFSET', 50, '2026-09-03'),
        txn('PAYROLL_REVERSAL', 20, '2026-09-04'),
        txn('INTEREST', 7, '2026-08-31'),
        txn('INTEREST', 9, '2026-09-30'),
        txn('DEPOSIT', 1000, '2026-09-05', 'P2'),
        txn('LOAN_DISBURSEMENT', 5000, '2026-09-06', ''),
      ],
      '2026-09',
    );
    expect(movements).toEqual([
      { date: '2026-09-01', amount: 500 },
      { date: '2026-09-02', amount: -100 },
      { date: '2026-09-03', amount: -50 },
      { date: '2026-09-04', amount: -20 },
      { date: '2026-08-31', amount: 7 },
    ]);
  });

  it('counts dividends paid into the plan and store purchases and refunds, so the interest run does not stop on them', () => {
    const movements = planMovements(
      'P1',
      [
        txn('DIVIDEND', 300, '2026-09-01'),
        txn('ESHOP_PURCHASE', 120, '2026-09-02'),
        txn('ESHOP_REFUND', 40, '2026-09-03'),
      ],
      '2026-09',
    );
    expect(movements.map((m) => m.amount)).toEqual([300, -120, 40]);
  });

  it('refuses a transaction on the plan whose effect on the balance it does not know', () => {
    expect(() => planMovements('P1', [txn('MYSTERY', 100, '2026-09-01')], '2026-09')).toThrow('MYSTERY');
  });
});

describe('assertMonthEnded', () => {
  it('refuses the current month and later ones, and takes the months before', () => {
    expect(() => assertMonthEnded('2026-11', '2026-11-25')).toThrow(
      expect.objectContaining({
        statusCode: 422,
        fields: { month: 'Interest is credited for a month that has ended; 2026-11 has not' },
      }),
    );
    expect(() => assertMonthEnded('2099-12', '2026-11-25')).toThrow(expect.objectContaining({ statusCode: 422 }));
    expect(() => assertMonthEnded('2026-10', '2026-11-01')).not.toThrow();
  });
});
