import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MemberDashboardView, StaffDashboardView } from '@coopledger/shared/dashboard-views';
import type { AnalysisReport, TrialBalanceReport } from '@coopledger/shared/report-views';
import { today } from '@coopledger/shared/dates';
import { DEMO_MEMBERS, ensureCooperative, ensureMembers, ensureSetups, ensureUser } from '../../infra/local/seed.ts';
import type { DemoLife } from '../../infra/local/demo-life.ts';
import { memberNo, seedDemoLife } from '../../infra/local/demo-life.ts';
import { call, tokenFor } from './support/api.ts';
import { useRuntimeEnv } from './support/env.ts';

/**
 * The living demo (infra/local/demo-life.ts) applied to a cooperative of this file's own, set up as
 * seed.ts sets DEMO up: what the dashboards and reports show is non-zero where the seed put
 * activity, agrees with figures worked out here from what the seed posts, and agrees with the
 * ledger read through the report routes. A second application changes nothing.
 */

const code = `LV${randomBytes(3).toString('hex').toUpperCase()}`;
const on = today();
const year = on.slice(0, 4);
let coopId = '';
let life: DemoLife;
let admin = '';
let member = '';

// What seed.ts gives the members: member n contributes (9 + n) thousand naira a month.
const contribution = (n: number) => (9 + n) * 1000;
const allContributions = DEMO_MEMBERS.reduce((sum, _, i) => sum + contribution(i + 1), 0);

const get = async <T>(path: string, token: string, query: Record<string, string> = {}) => {
  const r = await call<T>('GET', path, { token, query: { cooperative_id: coopId, ...query } });
  expect(r.status, `${path}: ${r.body.message}`).toBe(200);
  return r.body.data;
};

const firstOfLife = () => `${life.months[0]}-01`;

function tbAccount(tb: TrialBalanceReport, code: string) {
  for (const category of tb.results)
    for (const sub of category.sub_results) {
      const found = sub.coas.find((c) => c.coa_code === code);
      if (found) return found.results;
    }
  return undefined;
}

/** Debit-side balance of an account in the trial balance (credit balances negative). */
const debitBalance = (tb: TrialBalanceReport, code: string) => {
  const r = tbAccount(tb, code);
  if (!r) return 0;
  return r.dc === 'D' ? Number(r.balance) : -Number(r.balance);
};

let seeded: ReturnType<typeof figures> | undefined;
/** The figures once the life is seeded, read once for the checks that only look. */
const afterSeed = () => (seeded ??= figures());

async function figures() {
  const [staff, analysis, tb, mine, loans] = await Promise.all([
    get<StaffDashboardView>('/cooperative/dashboard', admin),
    get<AnalysisReport>('/cooperative/reports/analysis', admin, { start_date: firstOfLife(), end_date: on }),
    get<TrialBalanceReport>('/cooperative/reports/trial-balance', admin, { start_date: `${year}-01-01`, end_date: on }),
    get<MemberDashboardView>('/cooperative/member/single/dashboard', member, { coop_id: memberNo(code, 1) }),
    get<{ meta: { total: number } }>('/cooperative/loans/list', admin, { per_page: '100' }),
  ]);
  return { staff, analysis, tb, mine, loans: loans.meta.total };
}

beforeAll(async () => {
  useRuntimeEnv();
  const coop = await ensureCooperative({
    code,
    name: `Living Demo ${code}`,
    email: `info@${code.toLowerCase()}.coop.example`,
    phone: '+234 803 000 0009',
    address: '9 Marina Road, Lagos',
    primary: '#4276A4',
    secondary: '#2D5F8B',
  });
  coopId = coop.id;
  const departments = await ensureSetups(coopId, ['Administration', 'Finance', 'Engineering', 'Operations']);
  for (const [suffix, role] of [
    ['ADMIN', 'cooperative-admin'],
    ['ACCT', 'cooperative-accountant'],
  ] as const) {
    await ensureUser({
      tenant: coopId,
      loginId: `${code}-${suffix}`,
      firstname: 'Living',
      lastname: suffix,
      email: `${suffix.toLowerCase()}@${code.toLowerCase()}.coop.example`,
      role,
      password: 'password123',
    });
  }
  await ensureMembers({ id: coopId, code }, DEMO_MEMBERS, departments, new Set([2]));
  life = await seedDemoLife({ id: coopId, code });
  [admin, member] = await Promise.all([tokenFor(`${code}-ADMIN`), tokenFor(memberNo(code, 1))]);
}, 120_000);

describe('the living demo', () => {
  it('puts twelve months of life before today, the first not before the opening date', () => {
    expect(life.applied).toBe(true);
    expect(life.months).toHaveLength(12);
    expect(life.months.at(-1)).toBe(on.slice(0, 7));
    expect(firstOfLife() >= `${Number(year) - 1}-01-01`).toBe(true);
  });

  it("shows the staff dashboard what waits for approval and the year's deposits and withdrawals", async () => {
    const { staff, analysis } = await afterSeed();
    // One registration, two deposits, two withdrawals and one loan wait (demo-life.ts).
    expect(staff.dashboard).toEqual({ pending: 1, deposit: 2, withdrawal: 2, request: 1 });
    expect(staff.deposits.length).toBeGreaterThan(0);
    expect(staff.withdrawals.length).toBeGreaterThan(0);
    expect(staff.loan_applications.length).toBe(5);
    // Each month this year: every member's contribution by payroll, and the counter deposits the seed approved.
    const counter: Record<string, [number, number]> = {
      [life.months[4]]: [25_000, 0],
      [life.months[8]]: [40_000, 0],
      [life.months[9]]: [0, 8_000],
    };
    for (const row of staff.transaction_overview.overview) {
      const inLife = life.months.includes(row.period);
      const [deposit, withdrawal] = counter[row.period] ?? [0, 0];
      expect(Number(row.deposits), row.period).toBe(inLife ? allContributions + deposit : 0);
      expect(Number(row.withdrawals), row.period).toBe(withdrawal);
      // The same month in the analysis, read from the savings GL's month balances.
      const month = analysis.months.find((m) => m.month === row.period);
      if (inLife) expect(Number(month?.deposits), row.period).toBe(Number(row.deposits));
    }
  });

  it("agrees with the ledger on the members' savings and the loan portfolio", async () => {
    const { analysis, tb } = await afterSeed();
    const savingsGl = -debitBalance(tb, '301001');
    const loansGl = debitBalance(tb, '102001');
    const last = analysis.months.at(-1)!;
    const offsets = await get<{ data: { offset_amount: number }[] }>('/cooperative/loan-offset/history', admin);
    const fromSavings = offsets.data.reduce((sum, o) => sum + Number(o.offset_amount), 0);
    expect(offsets.data).toHaveLength(1);
    // 12 payroll months of every member, the two counter deposits, less the withdrawal and the offset.
    expect(savingsGl).toBe(12 * allContributions + 65_000 - 8_000 - fromSavings);
    expect(Number(last.savings_balance)).toBe(savingsGl);
    expect(loansGl).toBeGreaterThan(0);
    expect(Number(last.loan_portfolio)).toBe(loansGl);
    expect(Number(analysis.portfolio.outstanding)).toBe(loansGl);
    expect(Number(tb.total.debitBalance)).toBe(Number(tb.total.creditBalance));
  });

  it('shows each loan stage and the overdue loan at risk', async () => {
    const { analysis } = await afterSeed();
    const byStatus = Object.fromEntries(analysis.loans_by_status.map((s) => [s.status, [s.count, Number(s.amount)]]));
    expect(byStatus).toEqual({
      Pending: [1, 250_000],
      Running: [3, 300_000 + 150_000 + 200_000],
      Completed: [1, 50_000],
    });
    // The overdue loan has paid nothing: all its principal is at risk, and only it.
    expect(Number(analysis.portfolio.at_risk)).toBe(200_000);
    expect(analysis.portfolio_at_risk.reduce((n, b) => n + b.loans, 0)).toBe(1);
    expect(analysis.top_savers.length).toBe(10);
  });

  it('shows the first member their savings, their loan and the surety request they have not answered', async () => {
    const { mine } = await afterSeed();
    expect(Number(mine.savings_overview.balance)).toBe(12 * contribution(1));
    expect(mine.savings_overview.last_payment?.amount).toBe(contribution(1));
    expect(Number(mine.loan_overview.total_loan)).toBe(300_000);
    const [loan] = mine.loan_overview.loans;
    expect(Number(mine.loan_overview.active_loan)).toBe(Number(loan.loan_balance));
    expect(Number(mine.loan_overview.active_loan)).toBeGreaterThan(0);
    expect(Number(mine.loan_overview.active_loan)).toBeLessThan(Number(loan.total_amount));
    expect(mine.pending_surety).toBe(1);
    const chat = await get<{ data: unknown[] }>('/chat/messages', member, { with: `${code}-ADMIN` });
    expect(chat.data.length).toBe(4);
  });

  it('changes nothing when applied a second time', async () => {
    const before = await afterSeed();
    const again = await seedDemoLife({ id: coopId, code });
    expect(again.applied).toBe(false);
    expect(await figures()).toEqual(before);
  });
});
