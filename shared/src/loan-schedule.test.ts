import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CALCULATION_METHODS } from './lookups.ts';
import {
  CALCULATION_METHOD,
  LoanScheduleError,
  MAX_TENURE_MONTHS,
  annuityPayment,
  applyRepayment,
  buildSchedule,
  openRows,
  payOff,
  payoffQuote,
  restructure,
  tenureUnitOf,
} from './loan-schedule.ts';
import type { LoanRow, Schedule, ScheduleInput, ScheduleRow, TenureUnit } from './loan-schedule.ts';

const { FLAT, REDUCING_EQUAL_INSTALLMENT: ANNUITY, REDUCING_EQUAL_PRINCIPAL: EQUAL_PRINCIPAL } = CALCULATION_METHOD;
const METHODS = [FLAT, ANNUITY, EQUAL_PRINCIPAL];

/** Half-even to the kobo, computed here independently of the engine. */
const halfEven = (value: Decimal.Value) => new Decimal(value).toDecimalPlaces(0, Decimal.ROUND_HALF_EVEN).toNumber();
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

const MAX_PRINCIPAL = 10 ** 11;
const pad = (n: number) => String(n).padStart(2, '0');
const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * Loan amounts in kobo, 1 to ₦1bn: half spread evenly over the orders of magnitude (so 1 kobo loans
 * are as common as ₦100m ones), half drawn over the whole range.
 */
const principalArb = fc.oneof(
  fc.integer({ min: 0, max: 1100 }).map((e) => Math.min(MAX_PRINCIPAL, Math.max(1, Math.floor(10 ** (e / 100))))),
  fc.integer({ min: 1, max: MAX_PRINCIPAL }),
);

/** 0 to 100% with 2 decimals, as a number or as the decimal text a form sends; 0% now and then. */
const rateArb = fc.oneof(
  {
    arbitrary: fc
      .tuple(fc.integer({ min: 0, max: 100_00 }), fc.boolean())
      .map(([hundredths, asText]) => (asText ? (hundredths / 100).toFixed(2) : hundredths / 100)),
    weight: 9,
  },
  { arbitrary: fc.constantFrom<number | string>(0, '0', '0.00'), weight: 1 },
);

/** A tenure up to 10 years in months or years, now and then up to the engine's maximum (kept rare for speed). */
const tenureArb = fc.oneof(
  {
    arbitrary: fc.record({ tenure: fc.integer({ min: 1, max: 120 }), tenureUnit: fc.constant<TenureUnit>('month') }),
    weight: 6,
  },
  {
    arbitrary: fc.record({ tenure: fc.integer({ min: 1, max: 10 }), tenureUnit: fc.constant<TenureUnit>('year') }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      tenure: fc.integer({ min: 121, max: MAX_TENURE_MONTHS }),
      tenureUnit: fc.constant<TenureUnit>('month'),
    }),
    weight: 1,
  },
);

/** A real date from 2020 to 2035; month ends (28, 29 February included) as often as other days. */
const firstPaymentDateArb = fc
  .record({
    year: fc.integer({ min: 2020, max: 2035 }),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.oneof(fc.integer({ min: 1, max: 28 }), fc.constant('month end' as const), fc.integer({ min: 29, max: 31 })),
  })
  .map(
    ({ year, month, day }) =>
      `${year}-${pad(month)}-${pad(day === 'month end' ? daysInMonth(year, month) : Math.min(day, daysInMonth(year, month)))}`,
  );

function loanArb(
  tenures: fc.Arbitrary<Pick<ScheduleInput, 'tenure' | 'tenureUnit'>> = tenureArb,
): fc.Arbitrary<ScheduleInput> {
  return fc
    .record({
      principal: principalArb,
      annualRatePercent: rateArb,
      tenure: tenures,
      method: fc.constantFrom(...METHODS),
      firstPaymentDate: firstPaymentDateArb,
    })
    .map(({ tenure, ...rest }) => ({ ...rest, ...tenure }));
}

/** Loans of one method. */
const loanOf = (method: number) => loanArb().map((loan) => ({ ...loan, method }));

/**
 * Runs per property: enough to meet the awkward cases (1 kobo, 0%, 31st of the month, long tenures)
 * on every run while keeping the file to a few seconds. A failure prints its seed and the shrunk loan.
 */
const RUNS = { numRuns: 400 };

const months = (input: ScheduleInput) => (input.tenureUnit === 'year' ? input.tenure * 12 : input.tenure);
const monthlyInterest = (balance: number, rate: Decimal.Value) =>
  halfEven(new Decimal(rate).times(balance).dividedBy(1200));

/**
 * The invariants every schedule keeps, as a list of what is wrong (empty when sound). Checked by hand
 * and asserted once per schedule: a few hundred thousand `expect` calls would dominate the run.
 */
function scheduleFaults(input: ScheduleInput, schedule: Schedule): string[] {
  const { rows, totals } = schedule;
  const faults: string[] = [];
  if (rows.length !== months(input)) faults.push(`${rows.length} rows for ${months(input)} months`);
  if (sum(rows.map((r) => r.principal)) !== input.principal) faults.push('principal does not sum to the loan');
  if (rows.at(-1)?.balance !== 0) faults.push('final balance is not 0');
  let previousBalance = input.principal;
  for (const [i, row] of rows.entries()) {
    if (row.n !== i + 1) faults.push(`row ${i + 1} is numbered ${row.n}`);
    if (![row.principal, row.interest, row.payment, row.balance].every((v) => Number.isSafeInteger(v) && v >= 0)) {
      faults.push(`row ${row.n} has an amount that is not whole, non-negative kobo`);
    }
    if (row.payment !== row.principal + row.interest) faults.push(`row ${row.n}: payment is not principal + interest`);
    if (row.balance !== previousBalance - row.principal)
      faults.push(`row ${row.n}: balance does not follow the principal`);
    if (row.balance > previousBalance) faults.push(`row ${row.n}: balance went up`);
    previousBalance = row.balance;
  }
  const expectedTotals = {
    principal: input.principal,
    interest: sum(rows.map((r) => r.interest)),
    payment: sum(rows.map((r) => r.payment)),
  };
  if (JSON.stringify(totals) !== JSON.stringify(expectedTotals)) faults.push('totals do not add up');
  return faults;
}

function expectSoundSchedule(input: ScheduleInput, schedule: Schedule) {
  expect(scheduleFaults(input, schedule), JSON.stringify(input)).toEqual([]);
}

/** The rows whose interest is not half-even(1/12 of the rate on the balance before them), by n. */
function interestFaults(input: ScheduleInput, rows: ScheduleRow[]): number[] {
  const faults: number[] = [];
  let balance = input.principal;
  for (const row of rows) {
    if (row.interest !== monthlyInterest(balance, input.annualRatePercent)) faults.push(row.n);
    balance = row.balance;
  }
  return faults;
}

/** Whether a level installment would pay the whole loan off before its last month. */
function repaysEarly(input: ScheduleInput, months: number, installment: number): boolean {
  let balance = input.principal;
  for (let month = 1; month < months; month++) {
    const repaid = installment - monthlyInterest(balance, input.annualRatePercent);
    if (repaid > balance) return true;
    balance -= repaid;
  }
  return false;
}

/** Every value but the last is the same. */
function expectLevelExceptLast(values: number[]) {
  expect(new Set(values.slice(0, -1)).size).toBeLessThanOrEqual(1);
}

describe('buildSchedule: known values', () => {
  it('annuity ₦100,000 at 12% for 12 months pays ₦8,884.88 a month: r = 0.01, P·r / (1 − 1.01^−12) = 1,000 / 0.1125508... = ₦8,884.8789 → ₦8,884.88', () => {
    // Prepare: 1.01^12 = 1.1268250301319697, so 1 − 1.01^−12 = 0.1268250301319697 / 1.1268250301319697.
    const input: ScheduleInput = {
      principal: 100_000_00,
      annualRatePercent: 12,
      tenure: 12,
      tenureUnit: 'month',
      method: ANNUITY,
      firstPaymentDate: '2026-01-31',
    };

    // Act
    const { rows, totals } = buildSchedule(input);

    // Assess
    expect(annuityPayment(100_000_00, 12, 12).toFixed(4)).toBe('888487.8868');
    expect(rows.slice(0, 11).map((r) => r.payment)).toEqual(Array(11).fill(8_884_88));
    expect(rows[0]).toEqual({
      n: 1,
      payment_month: '2026-01-31',
      principal: 7_884_88,
      interest: 1_000_00,
      payment: 8_884_88,
      balance: 92_115_12,
    });
    // 1% of ₦92,115.12 = ₦921.1512
    expect(rows[1]).toMatchObject({ interest: 921_15, principal: 7_963_73, balance: 84_151_39 });
    // The last row takes the rounding remainder: 3 kobo less than the others.
    expect(rows[11]).toEqual({
      n: 12,
      payment_month: '2026-12-31',
      principal: 8_796_88,
      interest: 87_97,
      payment: 8_884_85,
      balance: 0,
    });
    expect(totals).toEqual({ principal: 100_000_00, interest: 6_618_53, payment: 106_618_53 });
  });

  it('flat ₦120,000 at 10% for 1 year: interest ₦120,000 × 10% × 1 = ₦12,000, so ₦10,000 + ₦1,000 = ₦11,000 a month', () => {
    const { rows, totals } = buildSchedule({
      principal: 120_000_00,
      annualRatePercent: '10',
      tenure: 1,
      tenureUnit: 'year',
      method: FLAT,
      firstPaymentDate: '2028-01-31',
    });

    expect(rows).toHaveLength(12);
    for (const row of rows) expect(row).toMatchObject({ principal: 10_000_00, interest: 1_000_00, payment: 11_000_00 });
    expect(totals).toEqual({ principal: 120_000_00, interest: 12_000_00, payment: 132_000_00 });
  });

  it('equal principal ₦120,000 at 12% for 12 months: ₦10,000 principal a month, interest 1% of the balance: ₦1,200 first, ₦100 last', () => {
    const { rows, totals } = buildSchedule({
      principal: 120_000_00,
      annualRatePercent: 12,
      tenure: 12,
      tenureUnit: 'month',
      method: EQUAL_PRINCIPAL,
      firstPaymentDate: '2026-01-15',
    });

    expect(rows.map((r) => r.principal)).toEqual(Array(12).fill(10_000_00));
    expect(rows[0]).toMatchObject({ interest: 1_200_00, payment: 11_200_00, balance: 110_000_00 });
    expect(rows[11]).toMatchObject({ interest: 100_00, payment: 10_100_00, balance: 0 });
    // 1% × (120,000 + 110,000 + ... + 10,000) = 1% × 780,000.
    expect(totals.interest).toBe(7_800_00);
  });

  it('puts the flat-rate remainder on the last row: ₦100,000 at 10% for 12 months is ₦10,000 interest, ₦833.33 × 11 + ₦833.37', () => {
    const { rows } = buildSchedule({
      principal: 100_000_00,
      annualRatePercent: 10,
      tenure: 12,
      tenureUnit: 'month',
      method: FLAT,
      firstPaymentDate: '2026-03-01',
    });

    expect(rows.slice(0, 11).map((r) => [r.principal, r.interest])).toEqual(Array(11).fill([8_333_33, 833_33]));
    expect(rows[11]).toMatchObject({ principal: 8_333_37, interest: 833_37, payment: 9_166_74, balance: 0 });
  });

  it('rounds flat interest half-even: 5 kobo at 10% for 12 months is 0.5 kobo of interest, which rounds to 0', () => {
    const { totals } = buildSchedule({
      principal: 5,
      annualRatePercent: 10,
      tenure: 12,
      tenureUnit: 'month',
      method: FLAT,
      firstPaymentDate: '2026-03-01',
    });
    expect(totals.interest).toBe(0);
    const odd = buildSchedule({
      principal: 15,
      annualRatePercent: 10,
      tenure: 12,
      tenureUnit: 'month',
      method: FLAT,
      firstPaymentDate: '2026-03-01',
    });
    expect(odd.totals.interest).toBe(2); // 1.5 kobo rounds to the even 2
  });

  it('rounds a monthly interest that is exactly half a kobo to even: 60 kobo at 10% a year is 0.5 kobo a month', () => {
    const { rows } = buildSchedule({
      principal: 60,
      annualRatePercent: 10,
      tenure: 1,
      tenureUnit: 'month',
      method: EQUAL_PRINCIPAL,
      firstPaymentDate: '2026-03-01',
    });
    expect(rows[0]?.interest).toBe(0);
    const next = buildSchedule({
      principal: 180,
      annualRatePercent: 10,
      tenure: 1,
      tenureUnit: 'month',
      method: EQUAL_PRINCIPAL,
      firstPaymentDate: '2026-03-01',
    });
    expect(next.rows[0]?.interest).toBe(2); // 1.5 → 2
  });

  it('lowers the level share by a kobo when rounding up would repay too early: 17 kobo over 10 months', () => {
    const { rows } = buildSchedule({
      principal: 17,
      annualRatePercent: 0,
      tenure: 10,
      tenureUnit: 'month',
      method: EQUAL_PRINCIPAL,
      firstPaymentDate: '2026-03-01',
    });
    // 1.7 rounds to 2, but 9 × 2 = 18 > 17; so 1 a month and 8 on the last.
    expect(rows.map((r) => r.principal)).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 8]);
  });

  it('lowers the annuity installment when rounding up would repay too early: 3 kobo over 5 months', () => {
    // The formula gives 0.6 kobo, rounded to 1; four installments of 1 would repay 4 > 3 kobo.
    const { rows } = buildSchedule({
      principal: 3,
      annualRatePercent: 12,
      tenure: 5,
      tenureUnit: 'month',
      method: ANNUITY,
      firstPaymentDate: '2026-03-01',
    });
    expect(rows.map((r) => r.payment)).toEqual([0, 0, 0, 0, 3]);
  });

  it('schedules a 1 kobo loan over 12 months without a negative row', () => {
    for (const method of METHODS) {
      const input: ScheduleInput = {
        principal: 1,
        annualRatePercent: 60,
        tenure: 12,
        tenureUnit: 'month',
        method,
        firstPaymentDate: '2026-03-01',
      };
      expectSoundSchedule(input, buildSchedule(input));
    }
  });

  it('reads a tenure in years as 12 months each', () => {
    const inYears = buildSchedule({
      principal: 500_000_00,
      annualRatePercent: '7.5',
      tenure: 2,
      tenureUnit: 'year',
      method: ANNUITY,
      firstPaymentDate: '2026-06-10',
    });
    const inMonths = buildSchedule({
      principal: 500_000_00,
      annualRatePercent: '7.5',
      tenure: 24,
      tenureUnit: 'month',
      method: ANNUITY,
      firstPaymentDate: '2026-06-10',
    });
    expect(inYears).toEqual(inMonths);
  });

  it('accepts the rate as a decimal string or a number alike', () => {
    const base = {
      principal: 1_234_567,
      tenure: 18,
      tenureUnit: 'month',
      method: ANNUITY,
      firstPaymentDate: '2026-01-01',
    } as const;
    expect(buildSchedule({ ...base, annualRatePercent: '12.75' })).toEqual(
      buildSchedule({ ...base, annualRatePercent: 12.75 }),
    );
  });
});

describe('buildSchedule: payment dates', () => {
  it("keeps the first date's day, clamped to each month's end, not carried over: 31 Jan → 29 Feb (leap year) → 31 Mar → 30 Apr", () => {
    const { rows } = buildSchedule({
      principal: 1_000_00,
      annualRatePercent: 5,
      tenure: 5,
      tenureUnit: 'month',
      method: FLAT,
      firstPaymentDate: '2028-01-31',
    });
    expect(rows.map((r) => r.payment_month)).toEqual([
      '2028-01-31',
      '2028-02-29',
      '2028-03-31',
      '2028-04-30',
      '2028-05-31',
    ]);
  });

  it('uses 28 February in a common year and rolls over the year end', () => {
    const { rows } = buildSchedule({
      principal: 1_000_00,
      annualRatePercent: 5,
      tenure: 4,
      tenureUnit: 'month',
      method: FLAT,
      firstPaymentDate: '2026-11-30',
    });
    expect(rows.map((r) => r.payment_month)).toEqual(['2026-11-30', '2026-12-30', '2027-01-30', '2027-02-28']);
  });

  it('falls on the same day every month for a day every month has', () => {
    const { rows } = buildSchedule({
      principal: 1_000_00,
      annualRatePercent: 5,
      tenure: 120,
      tenureUnit: 'month',
      method: FLAT,
      firstPaymentDate: '2026-07-15',
    });
    expect(rows.every((r) => r.payment_month.endsWith('-15'))).toBe(true);
    expect(rows.at(-1)?.payment_month).toBe('2036-06-15');
  });
});

/** The property checks take well under a second each; the margin is for a busy machine. */
const PROPERTY_TIMEOUT = { timeout: 30_000 };

describe('buildSchedule: invariants over generated loans', PROPERTY_TIMEOUT, () => {
  it('generates every method, zero rates, tiny and large loans, month ends and long tenures', () => {
    // Prepare: a fixed sample of the arbitrary the properties below draw from.
    const loans = fc.sample(loanArb(), { numRuns: 1000, seed: 20261122 });

    // Assess
    for (const method of METHODS) expect(loans.filter((l) => l.method === method).length).toBeGreaterThan(200);
    expect(loans.some((l) => Number(l.annualRatePercent) === 0)).toBe(true);
    expect(loans.some((l) => typeof l.annualRatePercent === 'string' && l.annualRatePercent.includes('.'))).toBe(true);
    expect(loans.some((l) => l.principal < 100)).toBe(true);
    expect(loans.some((l) => l.principal > 10 ** 10)).toBe(true);
    expect(loans.some((l) => months(l) > 120)).toBe(true);
    expect(loans.some((l) => l.firstPaymentDate.endsWith('-31'))).toBe(true);
    expect(loans.some((l) => /-02-(28|29)$/.test(l.firstPaymentDate))).toBe(true);
  });

  it('sums principal exactly to the loan, ends at 0, never goes negative or up, and pays principal + interest on every row', () => {
    fc.assert(
      fc.property(loanArb(), (input) => {
        expectSoundSchedule(input, buildSchedule(input));
      }),
      RUNS,
    );
  });

  it('charges no interest at 0%', () => {
    fc.assert(
      fc.property(loanArb(), (input) => {
        expect(buildSchedule({ ...input, annualRatePercent: 0 }).totals.interest).toBe(0);
      }),
      RUNS,
    );
  });

  it("dates each row the first date's day of the following months, clamped to the month end", () => {
    fc.assert(
      fc.property(loanArb(), (input) => {
        const { rows } = buildSchedule(input);
        const [year, month, day] = input.firstPaymentDate.split('-').map(Number) as [number, number, number];
        const expected = rows.map((_, i) => {
          const y = year + Math.floor((month - 1 + i) / 12);
          const m = ((month - 1 + i) % 12) + 1;
          return `${y}-${pad(m)}-${pad(Math.min(day, daysInMonth(y, m)))}`;
        });
        expect(rows.map((r) => r.payment_month)).toEqual(expected);
      }),
      RUNS,
    );
  });

  it("annuity (method 2): equal payments but the last, the rounded formula's payment, and interest of 1/12 of the rate on the balance", () => {
    fc.assert(
      fc.property(loanOf(ANNUITY), (input) => {
        const { rows } = buildSchedule(input);
        expectLevelExceptLast(rows.map((r) => r.payment));
        expect(interestFaults(input, rows)).toEqual([]);
        if (rows.length > 1 && Number(input.annualRatePercent) > 0) {
          const formula = halfEven(annuityPayment(input.principal, input.annualRatePercent, rows.length));
          const installment = rows[0]?.payment ?? 0;
          // Lowered below the rounded formula only as far as needed: a kobo more would repay the loan
          // before its last month (tiny loans, and long loans at high rates where the rounding compounds).
          expect(installment).toBeLessThanOrEqual(formula);
          if (installment < formula) expect(repaysEarly(input, rows.length, installment + 1)).toBe(true);
        }
      }),
      RUNS,
    );
  });

  it('equal principal (method 3): the rounded (or one kobo lower) share every month but the last, interest on the balance before it', () => {
    fc.assert(
      fc.property(loanOf(EQUAL_PRINCIPAL), (input) => {
        const { rows } = buildSchedule(input);
        const n = rows.length;
        expectLevelExceptLast(rows.map((r) => r.principal));
        if (n > 1) {
          const rounded = halfEven(new Decimal(input.principal).dividedBy(n));
          expect([rounded, rounded - 1]).toContain(rows[0]?.principal);
        }
        expect(interestFaults(input, rows)).toEqual([]);
      }),
      RUNS,
    );
  });

  it('flat (method 1): total interest = half-even(principal × rate/100 × months/12), spread evenly with the remainder on the last row', () => {
    fc.assert(
      fc.property(loanOf(FLAT), (input) => {
        const { rows, totals } = buildSchedule(input);
        const n = rows.length;
        const expected = halfEven(
          new Decimal(input.principal).times(input.annualRatePercent).dividedBy(100).times(n).dividedBy(12),
        );
        expect(totals.interest).toBe(expected);
        expectLevelExceptLast(rows.map((r) => r.interest));
        expectLevelExceptLast(rows.map((r) => r.principal));
        expectLevelExceptLast(rows.map((r) => r.payment));
        if (n > 1) {
          const share = halfEven(new Decimal(expected).dividedBy(n));
          expect([share, share - 1]).toContain(rows[0]?.interest);
          expect(rows.at(-1)?.interest).toBe(expected - (rows[0]?.interest ?? 0) * (n - 1));
        }
      }),
      RUNS,
    );
  });
});

describe('buildSchedule: validation', () => {
  const valid: ScheduleInput = {
    principal: 100_000_00,
    annualRatePercent: 12,
    tenure: 12,
    tenureUnit: 'month',
    method: ANNUITY,
    firstPaymentDate: '2026-01-31',
  };

  function rejection(change: Partial<Record<keyof ScheduleInput, unknown>>): LoanScheduleError {
    try {
      buildSchedule({ ...valid, ...change } as ScheduleInput);
    } catch (error) {
      expect(error).toBeInstanceOf(LoanScheduleError);
      return error as LoanScheduleError;
    }
    throw new Error('expected a LoanScheduleError');
  }

  it.each([
    ['a fractional principal', { principal: 100.5 }, 'loan_amount'],
    ['a zero principal', { principal: 0 }, 'loan_amount'],
    ['a negative principal', { principal: -100 }, 'loan_amount'],
    ['a principal given as text', { principal: '100' }, 'loan_amount'],
    ['a negative rate', { annualRatePercent: -1 }, 'interest_rate'],
    ['a negative rate as text', { annualRatePercent: '-1' }, 'interest_rate'],
    ['a rate that is not a number', { annualRatePercent: 'twelve' }, 'interest_rate'],
    ['an infinite rate', { annualRatePercent: Infinity }, 'interest_rate'],
    ['a tenure of 0', { tenure: 0 }, 'tenure'],
    ['a fractional tenure', { tenure: 1.5 }, 'tenure'],
    ['a tenure over 100 years', { tenure: 101, tenureUnit: 'year' }, 'tenure'],
    ['an unknown tenure unit', { tenureUnit: 'week' }, 'tenure_type'],
    ['an unknown method', { method: 4 }, 'calculation_method_id'],
    ['no method', { method: undefined }, 'calculation_method_id'],
    ['31 February', { firstPaymentDate: '2026-02-31' }, 'payment_start_date'],
    ['a date in another format', { firstPaymentDate: '31/01/2026' }, 'payment_start_date'],
    ['month 13', { firstPaymentDate: '2026-13-01' }, 'payment_start_date'],
  ])('refuses %s with a 422-ready error naming the field', (_label, change, field) => {
    const error = rejection(change);
    expect(error.code).toBe('VALIDATION');
    expect(error.field).toBe(field);
    expect(error.message.length).toBeGreaterThan(10);
  });

  it('refuses a loan too large to count in whole kobo safely', () => {
    expect(
      rejection({ principal: Number.MAX_SAFE_INTEGER, annualRatePercent: 60, tenure: 100, tenureUnit: 'year' }).field,
    ).toBe('loan_amount');
  });

  it('accepts 29 February in a leap year only', () => {
    expect(buildSchedule({ ...valid, firstPaymentDate: '2028-02-29' }).rows[0]?.payment_month).toBe('2028-02-29');
    expect(rejection({ firstPaymentDate: '2027-02-29' }).field).toBe('payment_start_date');
  });
});

describe('calculation methods', () => {
  it('uses the ids served by /calculation-method, with 2 the annuity the seeded Personal Loan uses', () => {
    expect(CALCULATION_METHODS.map((m) => m.id)).toEqual([FLAT, ANNUITY, EQUAL_PRINCIPAL]);
    expect(ANNUITY).toBe(2);
  });

  it("reads the spec's tenure types, including the form's mistyped default", () => {
    expect(tenureUnitOf('Month(s)')).toBe('month');
    expect(tenureUnitOf('Months(s)')).toBe('month');
    expect(tenureUnitOf('Year(s)')).toBe('year');
    expect(() => tenureUnitOf('Week(s)')).toThrow(LoanScheduleError);
  });
});

/** A ₦120,000 annuity at 12% over 12 months from 31 January 2026: ₦10,661.85 a month. */
function sampleRows(): LoanRow[] {
  return openRows(
    buildSchedule({
      principal: 120_000_00,
      annualRatePercent: 12,
      tenure: 12,
      tenureUnit: 'month',
      method: ANNUITY,
      firstPaymentDate: '2026-01-31',
    }).rows,
  );
}

const rowDue = (row: ScheduleRow) => row.payment;

describe('applyRepayment', () => {
  it("pays the oldest row's interest before its principal and leaves a part-paid row open", () => {
    // Prepare: row 1 is ₦1,200 interest and ₦9,461.85 principal.
    const rows = sampleRows();
    expect(rows[0]).toMatchObject({ interest: 1_200_00, payment: 10_661_85 });

    // Act
    const first = applyRepayment(rows, 1_000_00);
    const second = applyRepayment(first.rows, 500_00);

    // Assess
    expect(first.allocations).toEqual([{ n: 1, interest: 1_000_00, principal: 0 }]);
    expect(first.rows[0]).toMatchObject({ interest_paid: 1_000_00, principal_paid: 0, is_paid: 0 });
    expect(second.allocations).toEqual([{ n: 1, interest: 200_00, principal: 300_00 }]);
    expect(second.rows[0]).toMatchObject({ interest_paid: 1_200_00, principal_paid: 300_00, is_paid: 0 });
    expect(second.outstandingPrincipal).toBe(120_000_00 - 300_00);
    expect(second.leftover).toBe(0);
    expect(rows[0]).toMatchObject({ interest_paid: 0, is_paid: 0 }); // the input is untouched
  });

  it('carries on into the next rows once the oldest is paid', () => {
    const rows = sampleRows();
    const result = applyRepayment(rows, 10_661_85 + 2_000_00);
    expect(result.rows[0]?.is_paid).toBe(1);
    expect(result.allocations).toEqual([
      { n: 1, interest: 1_200_00, principal: 9_461_85 },
      { n: 2, interest: rows[1]?.interest, principal: 2_000_00 - (rows[1]?.interest ?? 0) },
    ]);
    expect(result.rows[1]?.is_paid).toBe(0);
  });

  it('pays the loan off exactly with nothing left over', () => {
    const rows = sampleRows();
    const result = applyRepayment(rows, sum(rows.map(rowDue)));
    expect(result.rows.every((r) => r.is_paid === 1)).toBe(true);
    expect(result).toMatchObject({ leftover: 0, outstanding: 0, outstandingPrincipal: 0, outstandingInterest: 0 });
  });

  it('returns an overpayment as leftover', () => {
    const rows = sampleRows();
    const result = applyRepayment(rows, sum(rows.map(rowDue)) + 12_345);
    expect(result.leftover).toBe(12_345);
    expect(result.outstanding).toBe(0);
  });

  it('skips rows already paid', () => {
    const rows = applyRepayment(sampleRows(), 10_661_85).rows;
    const result = applyRepayment(rows, 100);
    expect(result.allocations).toEqual([{ n: 2, interest: 100, principal: 0 }]);
  });

  it('refuses an amount that is not whole kobo above zero', () => {
    expect(() => applyRepayment(sampleRows(), 0)).toThrow(LoanScheduleError);
    expect(() => applyRepayment(sampleRows(), 10.5)).toThrow(LoanScheduleError);
  });

  it('keeps every kobo accounted for over random repayments of generated loans', PROPERTY_TIMEOUT, () => {
    // Each repayment is a fraction of the loan's total divided by 1..15; once the list is used up the
    // rest is paid in one go, with an overpayment that must come back as leftover.
    const repayment = fc.record({
      divisor: fc.integer({ min: 1, max: 15 }),
      fraction: fc.double({ min: 0, max: 1, noNaN: true }),
    });
    const settingUp = fc.record({
      input: loanArb(
        fc.record({ tenure: fc.integer({ min: 1, max: 60 }), tenureUnit: fc.constant<TenureUnit>('month') }),
      ),
      repayments: fc.array(repayment, { minLength: 1, maxLength: 30 }),
      overpayment: fc.integer({ min: 0, max: 10_000 }),
    });
    fc.assert(
      fc.property(settingUp, ({ input, repayments, overpayment }) => {
        let rows = openRows(buildSchedule(input).rows);
        const total = sum(rows.map(rowDue));
        let paid = 0;
        let leftover = 0;
        let settledUp = false;
        for (let i = 0; rows.some((r) => r.is_paid === 0); i++) {
          const before = sum(
            rows.filter((r) => r.is_paid === 0).map((r) => r.payment - r.principal_paid - r.interest_paid),
          );
          const planned = repayments[i];
          const amount = planned
            ? Math.max(1, Math.ceil(planned.fraction * Math.ceil(total / planned.divisor)))
            : before + overpayment;
          settledUp = !planned;

          const result = applyRepayment(rows, amount);

          const allocated = sum(result.allocations.map((a) => a.interest + a.principal));
          expect(allocated + result.leftover).toBe(amount);
          expect(result.outstanding).toBe(before - allocated);
          expect(result.leftover === 0 || result.outstanding === 0).toBe(true);
          // Paid rows are always the oldest ones; a row is marked paid once paid in full (a row of 0 once
          // the rows before it are paid), and its principal is touched only after its interest.
          const firstOpen = result.rows.findIndex((r) => r.is_paid === 0);
          const open = firstOpen < 0 ? [] : result.rows.slice(firstOpen);
          const faults = [
            ...open.filter((r) => r.is_paid === 1).map((r) => `row ${r.n} paid after an open row`),
            ...result.rows
              .filter((r) => r.is_paid === 1 && (r.interest_paid !== r.interest || r.principal_paid !== r.principal))
              .map((r) => `row ${r.n} marked paid but short`),
            ...open
              .slice(1)
              .filter((r) => r.interest_paid + r.principal_paid > 0)
              .map((r) => `row ${r.n} paid before an older row`),
            ...result.rows
              .filter((r) => r.principal_paid > 0 && r.interest_paid !== r.interest)
              .map((r) => `row ${r.n} principal before interest`),
          ];
          if (open[0] && open[0].interest_paid === open[0].interest && open[0].principal_paid === open[0].principal)
            faults.push(`row ${open[0].n} paid but open`);
          expect(faults).toEqual([]);
          paid += allocated;
          leftover = result.leftover;
          rows = result.rows;
        }
        expect(paid).toBe(total);
        if (settledUp) expect(leftover).toBe(overpayment);
      }),
      { numRuns: 200 },
    );
  });
});

describe('payoffQuote and payOff (offset type 2)', () => {
  it("before the first payment date charges the first month's interest only", () => {
    const quote = payoffQuote(sampleRows(), '2026-01-10');
    expect(quote).toEqual({ date: '2026-01-10', principal: 120_000_00, interest: 1_200_00, amount: 121_200_00 });
  });

  it('charges unpaid installments due on or before the date, and nothing for the month that begins on it', () => {
    const rows = sampleRows();
    const quote = payoffQuote(rows, '2026-02-28');
    expect(quote.interest).toBe((rows[0]?.interest ?? 0) + (rows[1]?.interest ?? 0));
    expect(quote.principal).toBe(120_000_00);
  });

  it('charges the month in progress in full after installments paid on time', () => {
    const rows = applyRepayment(sampleRows(), 2 * 10_661_85).rows;
    const quote = payoffQuote(rows, '2026-03-05');
    expect(quote.principal).toBe(rows[1]?.balance);
    expect(quote.interest).toBe(rows[2]?.interest);
  });

  it("counts a part-paid row's interest only once", () => {
    const rows = applyRepayment(sampleRows(), 500_00).rows;
    expect(payoffQuote(rows, '2026-01-10').interest).toBe(700_00);
  });

  it("settles every row, waiving later months' interest, and the settled schedule adds up to what was paid", () => {
    // Prepare: a flat loan, 3 installments paid, settled in its 5th month.
    const schedule = buildSchedule({
      principal: 120_000_00,
      annualRatePercent: 10,
      tenure: 12,
      tenureUnit: 'month',
      method: FLAT,
      firstPaymentDate: '2026-01-31',
    });
    const rows = applyRepayment(openRows(schedule.rows), 3 * 11_000_00).rows;

    // Act
    const result = payOff(rows, '2026-04-30');
    const paid = sum(result.rows.map(rowDue));

    // Assess: rows 4 (due that day) is charged; no month is in progress; 5..12 carry no interest.
    expect(result.quote).toEqual({ date: '2026-04-30', principal: 90_000_00, interest: 1_000_00, amount: 91_000_00 });
    expect(result.rows.every((r) => r.is_paid === 1)).toBe(true);
    expect(result.rows.map((r) => r.interest)).toEqual([
      ...Array<number>(4).fill(1_000_00),
      ...Array<number>(8).fill(0),
    ]);
    expect(paid).toBe(3 * 11_000_00 + result.quote.amount);
    expect(sum(result.allocations.map((a) => a.interest + a.principal))).toBe(result.quote.amount);
    expect(result.rows.at(-1)?.balance).toBe(0);
  });

  it('refuses a bad date', () => {
    expect(() => payoffQuote(sampleRows(), '2026-02-30')).toThrow(LoanScheduleError);
  });
});

describe('restructure (offset types 1 and 3)', () => {
  const base = { annualRatePercent: 12, method: ANNUITY, tenureUnit: 'month' } as const;

  it('pays the interest due, then principal, and re-amortises the rest from the new start date', () => {
    // Prepare: 3 installments of ₦10,661.85 paid; ₦50,000 offset on 10 April, in the 4th month.
    const rows = applyRepayment(sampleRows(), 3 * 10_661_85).rows;
    expect(rows[2]?.balance).toBe(91_329_65);
    expect(rows[3]?.interest).toBe(913_30); // 1% of ₦91,329.65, the month in progress

    // Act
    const result = restructure({
      ...base,
      rows,
      date: '2026-04-10',
      offsetAmount: 50_000_00,
      tenure: 6,
      firstPaymentDate: '2026-05-31',
    });

    // Assess: ₦913.30 interest, ₦49,086.70 principal, ₦42,242.95 re-amortised over 6 months.
    expect(result).toMatchObject({ interestPaid: 913_30, principalPaid: 49_086_70, newPrincipal: 42_242_95 });
    expect(result.allocations).toEqual([
      { n: 4, interest: 913_30, principal: 9_748_55 },
      { n: 5, interest: 0, principal: 9_846_04 },
      { n: 6, interest: 0, principal: 9_944_50 },
      { n: 7, interest: 0, principal: 10_043_94 },
      { n: 8, interest: 0, principal: 9_503_67 },
    ]);
    // Rows 1..8 stay as history, settled on 10 April; rows 9..12 of the old schedule are replaced.
    expect(result.rows.map((r) => [r.n, r.payment_month, r.payment, r.balance])).toEqual([
      [1, '2026-01-31', 10_661_85, 110_538_15],
      [2, '2026-02-28', 10_661_85, 100_981_68],
      [3, '2026-03-31', 10_661_85, 91_329_65],
      [4, '2026-04-10', 10_661_85, 81_581_10],
      [5, '2026-04-10', 9_846_04, 71_735_06],
      [6, '2026-04-10', 9_944_50, 61_790_56],
      [7, '2026-04-10', 10_043_94, 51_746_62],
      [8, '2026-04-10', 9_503_67, 42_242_95],
    ]);
    // The new schedule is an ordinary annuity on the remainder, numbered on from the history.
    const fresh = buildSchedule({ ...base, principal: 42_242_95, tenure: 6, firstPaymentDate: '2026-05-31' });
    expect(result.schedule.rows).toEqual(fresh.rows.map((r) => ({ ...r, n: r.n + 8 })));
    expect(result.schedule.rows[0]).toMatchObject({
      n: 9,
      payment_month: '2026-05-31',
      interest: 422_43,
      payment: 7_288_95,
    });
  });

  it("lets a later payoff find the restructured schedule's month in progress", () => {
    const rows = applyRepayment(sampleRows(), 3 * 10_661_85).rows;
    const result = restructure({
      ...base,
      rows,
      date: '2026-04-10',
      offsetAmount: 50_000_00,
      tenure: 6,
      firstPaymentDate: '2026-05-31',
    });
    const stored = [...result.rows, ...openRows(result.schedule.rows)];

    expect(payoffQuote(stored, '2026-04-10').interest).toBe(0); // the offset already paid this month's interest
    expect(payoffQuote(stored, '2026-06-15')).toMatchObject({
      principal: 42_242_95,
      interest: 422_43 + (result.schedule.rows[1]?.interest ?? 0),
    });
  });

  it(
    'keeps the whole loan consistent over generated loans and offsets: principal sums to the loan, balance runs down to 0',
    PROPERTY_TIMEOUT,
    () => {
      // Some installments paid on time, then an offset on a due date or on the 1st of that month,
      // re-amortised from a day of the following January.
      const offsetCase = fc.record({
        input: loanArb(
          fc.record({ tenure: fc.integer({ min: 2, max: 120 }), tenureUnit: fc.constant<TenureUnit>('month') }),
        ),
        paidShare: fc.double({ min: 0, max: 1, noNaN: true }),
        onDueDate: fc.boolean(),
        offsetShare: fc.double({ min: 0, max: 1, noNaN: true }),
        tenure: fc.integer({ min: 1, max: 36 }),
        startDay: fc.integer({ min: 1, max: 31 }),
      });
      fc.assert(
        fc.property(offsetCase, ({ input, paidShare, onDueDate, offsetShare, tenure, startDay }) => {
          // Prepare
          const schedule = buildSchedule(input);
          const n = schedule.rows.length;
          const paidRows = Math.min(n - 2, Math.floor(paidShare * (n - 1)));
          let rows = openRows(schedule.rows);
          const alreadyPaid = sum(schedule.rows.slice(0, paidRows).map(rowDue));
          if (alreadyPaid > 0) rows = applyRepayment(rows, alreadyPaid).rows;
          const dueDate = schedule.rows[paidRows]?.payment_month ?? input.firstPaymentDate;
          const date = onDueDate ? dueDate : dueDate.replace(/-\d\d$/, '-01');
          const quote = payoffQuote(rows, date);
          // An offset must cover the interest due and leave something to re-amortise.
          fc.pre(quote.amount - quote.interest >= 2);
          const low = Math.max(1, quote.interest);
          const offsetAmount = Math.min(quote.amount - 1, low + Math.floor(offsetShare * (quote.amount - 1 - low)));
          const firstPaymentDate = `${Number(date.slice(0, 4)) + 1}-01-${pad(startDay)}`;

          // Act
          const result = restructure({
            ...input,
            rows,
            date,
            offsetAmount,
            tenure,
            tenureUnit: 'month',
            firstPaymentDate,
          });

          // Assess
          const all = [...result.rows, ...result.schedule.rows];
          const faults: string[] = [];
          if (sum(all.map((r) => r.principal)) !== input.principal) faults.push('principal does not sum to the loan');
          if (all.some((r, i) => r.n !== (all[0]?.n ?? 1) + i)) faults.push('rows are not numbered in sequence');
          if (all.some((r, i) => i > 0 && r.payment_month < (all[i - 1]?.payment_month ?? '')))
            faults.push('dates run backwards');
          let previous = input.principal;
          for (const row of all) {
            if (row.balance !== previous - row.principal || row.balance < 0)
              faults.push(`row ${row.n}: balance ${row.balance}`);
            if (row.payment !== row.principal + row.interest)
              faults.push(`row ${row.n}: payment is not principal + interest`);
            previous = row.balance;
          }
          if (previous !== 0) faults.push('final balance is not 0');
          if (result.interestPaid !== quote.interest || result.interestPaid + result.principalPaid !== offsetAmount)
            faults.push('offset split');
          if (result.rows.some((r) => r.is_paid !== 1)) faults.push('a settled row is open');
          const settledNow = sum(result.rows.map(rowDue)) - sum(rows.map((r) => r.principal_paid + r.interest_paid));
          if (settledNow !== offsetAmount) faults.push(`settled rows took ${settledNow} of ${offsetAmount}`);
          expect(faults, JSON.stringify({ input, date, offsetAmount })).toEqual([]);
        }),
        { numRuns: 300 },
      );
    },
  );

  it('refuses an offset that does not cover the interest due', () => {
    const rows = sampleRows();
    expect(() =>
      restructure({
        ...base,
        rows,
        date: '2026-01-10',
        offsetAmount: 1_199_99,
        tenure: 6,
        firstPaymentDate: '2026-02-28',
      }),
    ).toThrow(
      expect.objectContaining({
        field: 'offset_amount',
        message: 'The amount to offset must at least cover the interest due (₦1,200.00)',
      }),
    );
  });

  it('refuses an offset that settles the whole loan: that is a full payoff', () => {
    const rows = sampleRows();
    expect(() =>
      restructure({
        ...base,
        rows,
        date: '2026-01-10',
        offsetAmount: 121_200_00,
        tenure: 6,
        firstPaymentDate: '2026-02-28',
      }),
    ).toThrow(/full payoff/);
  });

  it('refuses a repayment start date that is not after the offset date, and names the restructure tenure', () => {
    const rows = sampleRows();
    expect(() =>
      restructure({
        ...base,
        rows,
        date: '2026-01-10',
        offsetAmount: 10_000_00,
        tenure: 6,
        firstPaymentDate: '2026-01-10',
      }),
    ).toThrow(expect.objectContaining({ field: 'payment_start_date' }));
    expect(() =>
      restructure({
        ...base,
        rows,
        date: '2026-01-10',
        offsetAmount: 10_000_00,
        tenure: 0,
        firstPaymentDate: '2026-02-10',
      }),
    ).toThrow(expect.objectContaining({ field: 'restructure_tenure' }));
  });
});
