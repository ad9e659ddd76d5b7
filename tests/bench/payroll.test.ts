import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { resetConfig } from '../../functions/core/config.ts';
import { keys } from '../../functions/core/keys.ts';
import type { LoanRecord } from '../../functions/loans/loan-store.ts';
import type { MemberRecord } from '../../functions/members/member-store.ts';
import type { DueLoan, DuePlan } from '../../functions/payroll/due-entity.ts';
import { isRepaying, memberDues } from '../../functions/payroll/dues.ts';
import { payrollWorkbook } from '../../functions/payroll/payroll-workbook.ts';
import type { BenchRefs } from './payroll.ts';
import { PERIOD, benchMember, phaseTimes, readPayrollSheet, statsOf } from './payroll.ts';
import { itemKey, rawTransactItems } from './transactions.ts';

const refs: BenchRefs = {
  cooperativeId: 'C1',
  code: 'PYTEST',
  departmentIds: ['D1', 'D2'],
  savings: { productId: 'P1', productName: 'Regular Savings', setupId: 'S1' },
  loan: {
    productId: 'P2',
    productName: 'Salary Loan',
    setup: { id: 'L1', charge_id: 'CH1', charge_type: 'Percentage', charge_amount: 1 },
  },
  bankId: 'B1',
  createdBy: 'SUPERADMIN',
  tag: 'bench-test',
};
const now = '2026-11-25T00:00:00.000Z';
const generated = (count: number) =>
  Array.from({ length: count }, (_, i) => benchMember(refs, i, { plan: `PLAN${i}`, loan: `LOAN${i}` }, now));
const byEntity = <T>(items: Record<string, unknown>[], entity: string) =>
  items.filter((i) => i.entity === entity) as T[];

beforeAll(() => {
  // memberPut and staffClaimPut name the table.
  for (const [name, value] of Object.entries({
    TABLE_NAME: 'bench',
    FILES_BUCKET: 'bench',
    USER_POOL_ID: 'bench',
    USER_POOL_CLIENT_ID: 'bench',
  }))
    vi.stubEnv(name, value);
  resetConfig();
});
afterAll(() => {
  vi.unstubAllEnvs();
  resetConfig();
});

describe('bench payroll members', () => {
  it('writes members, plans and every other member a loan with the keys and indexes the app reads', () => {
    const [withLoan, withoutLoan] = generated(2);
    expect(withLoan.items.map((i) => i.entity)).toEqual([
      'MEMBER',
      'CLAIM',
      'SAVINGS_PLAN',
      'PLAN_DUE',
      'MEMBER_SAVINGS',
      'LOAN',
      'LOAN_DUE',
      'LOAN_CLAIM',
    ]);
    expect(withoutLoan.items.map((i) => i.entity)).toEqual([
      'MEMBER',
      'CLAIM',
      'SAVINGS_PLAN',
      'PLAN_DUE',
      'MEMBER_SAVINGS',
    ]);
    const [member, claim, plan, planDue, summary, loan, loanDue, loanClaim] = withLoan.items;
    expect(planDue).toMatchObject({
      ...keys.payrollDue('C1', 'PYTEST00001', 'PLAN', 'PLAN0'),
      amount: withLoan.planAmount,
    });
    expect(loanDue).toMatchObject(keys.payrollDue('C1', 'PYTEST00001', 'LOAN', 'LOAN0'));
    expect(member).toMatchObject({
      ...keys.member('C1', 'PYTEST00001'),
      gsi1pk: keys.membersPartition('C1'),
      id: 'PYTEST00001',
      status: 1,
      staff_id: withLoan.staffId,
    });
    expect(claim).toMatchObject({
      ...keys.uniqueClaim('C1', 'MEMBER', 'staff_id', withLoan.staffId),
      member_id: 'PYTEST00001',
    });
    expect(plan).toMatchObject({
      ...keys.savingsPlan('C1', 'PLAN0'),
      gsi2pk: keys.plansPartition('C1'),
      gsi1pk: keys.memberPlansPartition('C1', 'PYTEST00001'),
      status: 1,
      amount: withLoan.planAmount,
      balance: 0,
    });
    expect(summary).toMatchObject({
      ...keys.memberSavings('C1', 'PYTEST00001'),
      monthly: withLoan.planAmount,
      plans: 1,
    });
    expect(loan).toMatchObject({
      ...keys.loan('C1', 'LOAN0'),
      gsi1pk: keys.loansPartition('C1'),
      gsi2pk: keys.memberLoansPartition('C1', 'PYTEST00001'),
    });
    expect(loan).toMatchObject({
      status: 1,
      is_paid: 0,
      version: 1,
      repayment_type: 'Salary',
      member_id: 'PYTEST00001',
      product_id: 'P2',
      setup_id: 'L1',
    });
    expect(loanClaim).toMatchObject({ ...keys.runningLoanClaim('C1', 'PYTEST00001', 'P2'), loan_id: 'LOAN0' });
    const stored = loan as unknown as LoanRecord;
    expect(stored.schedule).toHaveLength(12);
    expect(
      stored.schedule[0].payment_month >= PERIOD.start_date && stored.schedule[0].payment_month <= PERIOD.end_date,
    ).toBe(true);
    expect(stored.schedule[1].payment_month > PERIOD.end_date).toBe(true);
    expect(stored.loan_balance).toBe(stored.schedule.reduce((s, r) => s + r.payment, 0));
    expect(withLoan.loan?.due.principal).toBe(stored.schedule[0].principal);
  });

  it("asks what the app's own dues say each member owes in the period", () => {
    const members = generated(60);
    for (const m of members) {
      const member = byEntity<MemberRecord>(m.items, 'MEMBER')[0];
      byEntity<LoanRecord>(m.items, 'LOAN').forEach((l) => expect(isRepaying(l)).toBe(true));
      // A payroll due item beside each plan and loan, as the app writes them.
      const loans = byEntity<DueLoan>(m.items, 'LOAN_DUE');
      expect(loans.map((l) => l.id)).toEqual(m.loan ? [m.loan.id] : []);
      expect(byEntity<DuePlan>(m.items, 'PLAN_DUE').map((p) => p.id)).toEqual([m.planId]);
      const dues = memberDues(member, 'Finance', byEntity<DuePlan>(m.items, 'PLAN_DUE'), loans, PERIOD);
      expect(dues.total).toBe(m.due);
      expect(dues.loans).toHaveLength(m.loan ? 1 : 0);
      expect(dues.primary_plan_id).toBe(m.planId);
    }
    expect(new Set(members.map((m) => m.due)).size).toBeGreaterThan(50);
    expect(statsOf(members)).toEqual({ members_active: 60, members_female: 30, members_male: 30 });
  });

  it('reads the Total Due and Amount Deducted of every row of the downloaded file, and its TOTAL row', async () => {
    const members = generated(25);
    const dues = members.map((m) =>
      memberDues(
        byEntity<MemberRecord>(m.items, 'MEMBER')[0],
        'Finance',
        byEntity<DuePlan>(m.items, 'PLAN_DUE'),
        byEntity<DueLoan>(m.items, 'LOAN_DUE'),
        PERIOD,
      ),
    );
    const file = await payrollWorkbook({
      cooperativeId: 'C1',
      cooperativeName: 'Bench',
      period: PERIOD,
      dues,
      generatedAt: now,
    });
    const sheet = await readPayrollSheet(file);
    expect(sheet.rows.map((r) => [r.memberNo, r.totalDue, r.amountDeducted])).toEqual(
      members.map((m) => [m.memberId, m.due, m.due]),
    );
    expect(sheet.total).toEqual({
      totalDue: members.reduce((s, m) => s + m.due, 0),
      amountDeducted: members.reduce((s, m) => s + m.due, 0),
    });
  });
});

describe('bench payroll timing', () => {
  it('splits validation from posting at the first poll past VALIDATING', () => {
    const polls = [
      { at: 1250, status: 'VALIDATING' },
      { at: 1500, status: 'VALIDATING' },
      { at: 3000, status: 'POSTING' },
      { at: 9000, status: 'POSTING' },
      { at: 11_000, status: 'COMPLETED' },
    ].map((p) => ({ ...p, rows_validated: 0, rows_posted: 0 }));
    expect(phaseTimes(1000, polls)).toEqual({ validationSeconds: 2, postingSeconds: 8, totalSeconds: 10, split: true });
    expect(phaseTimes(1000, [polls[0], polls[4]])).toMatchObject({
      validationSeconds: 10,
      postingSeconds: 0,
      split: false,
    });
    expect(() => phaseTimes(1000, polls.slice(0, 3))).toThrow(/not finished/);
  });
});

describe('bench raw transactions', () => {
  it("keeps the raw group's 6-Put shape and builds payroll-row transactions of distinct items", () => {
    expect(rawTransactItems('T', 'puts', 6, 7, '')).toEqual(
      Array.from({ length: 6 }, (_, j) => ({ Put: { TableName: 'T', Item: { pk: 'BENCH#TX#7', sk: `X${j}` } } })),
    );
    const items = rawTransactItems('T', 'payrollRow', 8, 3, 'P4');
    expect(items).toHaveLength(8);
    expect(items.filter((i) => i.Put)).toHaveLength(4);
    expect(items.filter((i) => i.Update)).toHaveLength(4);
    const pks = (list: typeof items) => list.map((i) => String(itemKey(i)?.pk));
    expect(new Set(pks(items)).size).toBe(8);
    const other = new Set(pks(rawTransactItems('T', 'payrollRow', 8, 4, 'P4')));
    expect(pks(items).some((pk) => other.has(pk))).toBe(false);
    expect(() => rawTransactItems('T', 'payrollRow', 101, 0, '')).toThrow();
  });
});
