import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { LoanRow } from '@coopledger/shared/loan-schedule';
import { allocate } from './allocation.ts';
import type { MemberDues } from './dues.ts';
import { loanDueBy, planSteps, primaryPlan } from './dues.ts';
import { failureMessage } from './failures.ts';
import { amountOf, layoutErrors, layoutOf, payrollWorkbook, readPayrollFile } from './payroll-workbook.ts';
import { unpayRows } from './posting.ts';
import { reconcile, statusOf, summarize } from './reconciliation.ts';
import type { PlanRecord } from '../savings/plan-entity.ts';

const february = { start_date: '2026-02-01', end_date: '2026-02-28', repayment_type: 'Salary' as const };

describe('allocate', () => {
  const loans = [
    { id: 'L1', due: 11_200_00 },
    { id: 'L2', due: 5_000_00 },
  ];
  const plans = [
    { id: 'P1', due: 5_000_00 },
    { id: 'P2', due: 2_000_00 },
  ];

  it('pays every due when the amount matches', () => {
    expect(allocate(23_200_00, loans, plans, 'P1')).toEqual({
      loans: [
        { id: 'L1', amount: 11_200_00 },
        { id: 'L2', amount: 5_000_00 },
      ],
      orders: [],
      plans: [
        { id: 'P1', amount: 5_000_00 },
        { id: 'P2', amount: 2_000_00 },
      ],
      excess: 0,
      shortfall: 0,
      toLoans: 16_200_00,
      toStore: 0,
      toSavings: 7_000_00,
    });
  });

  it("pays store orders' installments after the loans and before the plans, oldest first", () => {
    const orders = [
      { id: 'O1', due: 3_000_00 },
      { id: 'O2', due: 1_000_00 },
    ];
    // 16,200 to the loans, 3,000 + 1,000 to the orders, the 800 left to the first plan; 27,200 due.
    expect(allocate(21_000_00, loans, plans, 'P1', orders)).toEqual({
      loans: [
        { id: 'L1', amount: 11_200_00 },
        { id: 'L2', amount: 5_000_00 },
      ],
      orders: [
        { id: 'O1', amount: 3_000_00 },
        { id: 'O2', amount: 1_000_00 },
      ],
      plans: [{ id: 'P1', amount: 800_00 }],
      excess: 0,
      shortfall: 6_200_00,
      toLoans: 16_200_00,
      toStore: 4_000_00,
      toSavings: 800_00,
    });
    // Short of the loans and the first order: the second order gets nothing.
    expect(allocate(18_000_00, loans, plans, 'P1', orders)).toMatchObject({
      orders: [{ id: 'O1', amount: 1_800_00 }],
      plans: [],
      toStore: 1_800_00,
    });
  });

  it('pays the loans first, oldest first, then the plans, on a shortfall', () => {
    expect(allocate(12_000_00, loans, plans, 'P1')).toMatchObject({
      loans: [
        { id: 'L1', amount: 11_200_00 },
        { id: 'L2', amount: 800_00 },
      ],
      plans: [],
      shortfall: 11_200_00,
      toSavings: 0,
    });
    expect(allocate(17_000_00, loans, plans, 'P1')).toMatchObject({
      plans: [{ id: 'P1', amount: 800_00 }],
      shortfall: 6_200_00,
    });
    expect(allocate(0, loans, plans, 'P1')).toMatchObject({ loans: [], plans: [], shortfall: 23_200_00 });
  });

  it('puts an excess on the primary plan, even one with nothing due', () => {
    expect(allocate(24_000_00, loans, plans, 'P2')).toMatchObject({
      plans: [
        { id: 'P1', amount: 5_000_00 },
        { id: 'P2', amount: 2_800_00 },
      ],
      excess: 800_00,
      shortfall: 0,
    });
    expect(allocate(300_00, [], [], 'P9')).toMatchObject({
      plans: [{ id: 'P9', amount: 300_00 }],
      excess: 300_00,
      toSavings: 300_00,
    });
    expect(() => allocate(300_00, [], [], null)).toThrow(/primary savings plan/);
  });

  it('always shares out exactly what was received', () => {
    for (const received of [0, 1, 11_200_00, 16_199_99, 23_200_01, 99_999_99]) {
      const a = allocate(received, loans, plans, 'P1', [{ id: 'O1', due: 2_500_00 }]);
      expect(a.toLoans + a.toStore + a.toSavings).toBe(received);
      const shared = [...a.loans, ...a.orders, ...a.plans].reduce((s, share) => s + share.amount, 0);
      expect(shared).toBe(received);
    }
  });
});

describe('dues', () => {
  it('counts the contribution steps of a plan inside the period', () => {
    expect(planSteps({ start_date: '2026-01-01', end_date: '2026-12-31', frequency: 'Monthly' }, february)).toBe(1);
    expect(planSteps({ start_date: '2026-01-31', end_date: '2026-12-31', frequency: 'Monthly' }, february)).toBe(1);
    expect(planSteps({ start_date: '2026-01-05', end_date: '2026-12-31', frequency: 'Weekly' }, february)).toBe(4);
    expect(planSteps({ start_date: '2026-03-01', end_date: '2026-12-31', frequency: 'Monthly' }, february)).toBe(0);
    expect(planSteps({ start_date: '2025-01-01', end_date: '2026-01-31', frequency: 'Monthly' }, february)).toBe(0);
    expect(planSteps({ start_date: '2026-02-10', end_date: '2026-02-20', frequency: 'Daily' }, february)).toBe(11);
  });

  it('owes the unpaid part of installments due by the period end, arrears included', () => {
    const row = (n: number, month: string, paid: Partial<LoanRow> = {}): LoanRow => ({
      n,
      payment_month: month,
      principal: 10_000_00,
      interest: 1_200_00,
      payment: 11_200_00,
      balance: 0,
      principal_paid: 0,
      interest_paid: 0,
      is_paid: 0,
      ...paid,
    });
    const rows = [
      row(1, '2026-01-01', { principal_paid: 10_000_00, interest_paid: 1_200_00, is_paid: 1 }),
      row(2, '2026-02-01', { interest_paid: 1_200_00 }),
      row(3, '2026-03-01'),
    ];
    expect(loanDueBy(rows, '2026-02-28')).toBe(10_000_00);
    expect(loanDueBy(rows, '2026-03-31')).toBe(21_200_00);
    expect(loanDueBy(rows, '2026-01-31')).toBe(0);
  });

  it('takes an excess to the oldest active plan that is not Targeted', () => {
    const plan = (id: string, start: string, extra: Partial<PlanRecord> = {}) =>
      ({ id, start_date: start, status: 1, is_target: false, ...extra }) as PlanRecord;
    expect(
      primaryPlan([plan('T', '2025-01-01', { is_target: true }), plan('B', '2026-02-01'), plan('A', '2026-01-01')])?.id,
    ).toBe('A');
    expect(
      primaryPlan([plan('T', '2025-01-01', { is_target: true }), plan('A', '2026-01-01', { status: 0 })])?.id,
    ).toBe('T');
    expect(primaryPlan([])).toBeUndefined();
  });
});

const dues = (member: string, plans: [string, number][], loans: [string, string, number][]): MemberDues => ({
  member_id: member,
  staff_id: `S-${member}`,
  name: `Name ${member}`,
  department: 'Finance',
  plans: plans.map(([product, due], i) => ({
    plan_id: `${member}-P${i}`,
    product_id: product,
    product_name: product,
    due,
  })),
  loans: loans.map(([product, id, due]) => ({ loan_id: id, product_id: product, product_name: product, due })),
  orders: [],
  total: plans.reduce((s, [, d]) => s + d, 0) + loans.reduce((s, [, , d]) => s + d, 0),
  primary_plan_id: `${member}-P0`,
});

describe('the payroll file', () => {
  const list = [
    dues('M1', [['Regular', 5_000_00]], [['Car Loan', 'LN1', 11_200_00]]),
    dues(
      'M2',
      [
        ['Regular', 3_000_00],
        ['Holiday', 1_000_00],
      ],
      [],
    ),
  ];

  it('has a column per savings product and two per loan product, by name', () => {
    expect(layoutOf(list).columns).toEqual([
      'Member No',
      'Staff ID',
      'Name',
      'Department',
      'Savings: Holiday',
      'Savings: Regular',
      'Loan: Car Loan ID',
      'Loan: Car Loan Due',
      'Total Due',
      'Amount Deducted',
    ]);
  });

  it('reads back what it wrote, and tells another period, cooperative or layout', async () => {
    const content = await payrollWorkbook({
      cooperativeId: 'C1',
      cooperativeName: 'Coop',
      period: february,
      dues: list,
      generatedAt: '2026-02-01T00:00:00Z',
    });
    const file = await readPayrollFile(content);
    expect(file.errors).toEqual([]);
    expect(file.rows).toEqual([
      { row: 2, member_no: 'M1', staff_id: 'S-M1', name: 'Name M1', amount: 16_200_00 },
      { row: 3, member_no: 'M2', staff_id: 'S-M2', name: 'Name M2', amount: 4_000_00 },
    ]);
    expect(layoutErrors(file, 'C1', february)).toEqual([]);
    expect(layoutErrors(file, 'C2', february)[0]?.message).toBe(
      'This payroll file was downloaded for another cooperative',
    );
    expect(layoutErrors(file, 'C1', { ...february, repayment_type: 'Others' })[0]?.message).toContain(
      'the upload names the Others payroll',
    );
    expect(layoutErrors({ ...file, header: file.header.slice(0, -1) }, 'C1', february)[0]?.message).toContain(
      'missing Amount Deducted',
    );
    expect(
      layoutErrors({ ...file, header: [...file.header.slice(1), file.header[0]] }, 'C1', february)[0]?.message,
    ).toContain('(moved)');
    expect(layoutErrors({ ...file, run: undefined }, 'C1', february)[0]?.message).toContain(
      'not a payroll file downloaded from CoopLedger',
    );
  });

  it('does not trust a Run sheet edited by hand', async () => {
    const content = await payrollWorkbook({
      cooperativeId: 'C1',
      cooperativeName: 'Coop',
      period: february,
      dues: list,
      generatedAt: '2026-02-01T00:00:00Z',
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(content as unknown as ArrayBuffer);
    book.getWorksheet('Run')!.getRow(3).getCell(2).value = '2026-03-31';
    const file = await readPayrollFile(Buffer.from(await book.xlsx.writeBuffer()));
    expect(file.run).toBeUndefined();
  });

  it('reads amounts as numbers or text, to the kobo', () => {
    expect(amountOf(15000)).toEqual({ kobo: 1_500_000 });
    expect(amountOf(0.1 + 0.2)).toEqual({ kobo: 30 });
    expect(amountOf('15,000.50')).toEqual({ kobo: 1_500_050 });
    expect(amountOf({ formula: 'A1*2', result: 12.5 })).toEqual({ kobo: 1250 });
    expect(amountOf(12.345).error).toContain('more than 2 decimals');
    expect(amountOf('abc').error).toContain('must be a number');
    expect(amountOf(-1).error).toBe('Amount Deducted cannot be negative');
    expect(amountOf(null).error).toContain('is empty');
  });

  it('refuses a workbook it cannot read', async () => {
    const file = await readPayrollFile(Buffer.from('not a workbook'));
    expect(file.errors[0]?.message).toContain('could not be read');
  });
});

describe('reconciliation', () => {
  const expected = [
    { member_id: 'A', staff_id: '', name: 'A', department: '', expected: 100, row: 2, received: 100 },
    { member_id: 'B', staff_id: '', name: 'B', department: '', expected: 100, row: 3, received: 60 },
    { member_id: 'C', staff_id: '', name: 'C', department: '', expected: 100, row: 4, received: 150 },
    { member_id: 'D', staff_id: '', name: 'D', department: '', expected: 100, row: null, received: 0 },
    { member_id: 'E', staff_id: '', name: 'E', department: '', expected: 0, row: 5, received: 40 },
  ];

  it('names each member’s status and totals the run', () => {
    expect(expected.map(statusOf)).toEqual(['Paid', 'Shortfall', 'Excess', 'Not in file', 'Not expected']);
    const rows = reconcile(expected, [
      { member_id: 'C', received: 150, to_loans: 80, to_store: 20, to_savings: 50, excess: 50 },
    ]);
    expect(rows.find((r) => r.member_id === 'C')).toMatchObject({
      to_loans: 80,
      to_store: 20,
      to_savings: 50,
      excess: 50,
      status: 'Excess',
    });
    expect(summarize(rows)).toEqual({
      members_expected: 4,
      members_in_file: 4,
      paid_in_full: 1,
      shortfalls: 1,
      excesses: 1,
      not_in_file: 1,
      not_expected: 1,
      expected_total: 4,
      received_total: 3.5,
      shortfall_total: 1.4,
      excess_total: 0.9,
      to_loans_total: 0.8,
      to_store_total: 0.2,
      to_savings_total: 0.5,
    });
  });

  it('keeps the amount a row was posted with by an earlier run of the period', () => {
    const rows = reconcile(expected, [{ member_id: 'B', received: 80, to_loans: 80, to_savings: 0, excess: 0 }]);
    expect(rows.find((r) => r.member_id === 'B')?.received).toBe(80);
  });
});

describe('reversal and failures', () => {
  it('takes a repayment off the installments it paid', () => {
    const rows: LoanRow[] = [
      {
        n: 1,
        payment_month: '2026-02-01',
        principal: 100,
        interest: 10,
        payment: 110,
        balance: 0,
        principal_paid: 100,
        interest_paid: 10,
        is_paid: 1,
      },
      {
        n: 2,
        payment_month: '2026-03-01',
        principal: 100,
        interest: 10,
        payment: 110,
        balance: 0,
        principal_paid: 40,
        interest_paid: 10,
        is_paid: 0,
      },
    ];
    expect(
      unpayRows(rows, [
        { n: 1, interest: 0, principal: 50 },
        { n: 2, interest: 10, principal: 40 },
      ]).map((r) => [r.principal_paid, r.interest_paid, r.is_paid]),
    ).toEqual([
      [50, 10, 0],
      [0, 0, 0],
    ]);
    expect(() => unpayRows(rows, [{ n: 2, interest: 0, principal: 41 }])).toThrow(/holds less/);
  });

  it("shows a failed task's message, never its stack", () => {
    expect(
      failureMessage({
        Cause: JSON.stringify({ errorMessage: 'Row 4 (M1): the loan changed', stackTrace: ['x.ts:1'] }),
      }),
    ).toBe('The run stopped: Row 4 (M1): the loan changed.');
    expect(failureMessage({ Cause: 'not json' })).toBe('The run stopped: A step of the run failed.');
  });
});
