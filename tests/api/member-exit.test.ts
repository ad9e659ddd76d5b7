import { beforeAll, describe, expect, it } from 'vitest';
import type { ExitSettlementView, MemberExitView } from '@coopledger/shared/member-exit-views';
import { standardAccount } from '../../functions/cooperatives/standard-chart.ts';
import { getItem } from '../../functions/core/db.ts';
import { keys } from '../../functions/core/keys.ts';
import { call } from './support/api.ts';
import { useRuntimeEnv } from './support/env.ts';
import { setAttribute } from './support/fixtures.ts';
import type { LoanWorld, Member } from './support/loans.ts';
import {
  GL,
  applied,
  application,
  approveLoan,
  loanProduct,
  loanWorld,
  members,
  suretiesApprove,
} from './support/loans.ts';
import { deny, deposited, glTotal, glTotals, placed, plan, planOf } from './support/savings.ts';

/**
 * Member exit (functions/members/exits.ts): the settlement a leaving member is shown, what blocks it
 * (a guarantee, a shortfall), the release of a guarantee and the one posting of the approval, in a
 * cooperative of its own. Every figure below is worked out by hand from the loans and deposits made.
 */
let world: LoanWorld;
let bola: Member;
let chidi: Member;
let tokens: Record<string, string>;
const INTEREST_INCOME = standardAccount('loan_interest');
const DATE = '2026-03-15';

beforeAll(async () => {
  useRuntimeEnv();
  world = await loanWorld('EX');
  [bola, chidi] = (await members(world, 2)) as [Member, Member];
  tokens = Object.fromEntries([bola, chidi].map((m) => [m.id, m.token]));
  // The exit charge: ₦2,000 (kobo as stored; the cooperative form sets it in naira).
  await setAttribute(keys.cooperative(world.ctx.coop), 'exit_charge', 2_000_00);
});

/** A new member's loan with the sureties given: 120,000 at 12% flat over 12 months from 2026-02-01. */
async function approvedLoan(applicant: Member, surety1: Member, surety2: Member) {
  const product = await loanProduct(world, `Exit Loan ${Math.random().toString(36).slice(2, 8)}`);
  const loan = await applied(world, application(world, product, applicant.id, surety1.id, surety2.id));
  await suretiesApprove(world, loan, { ...tokens, [surety1.id]: surety1.token, [surety2.id]: surety2.token });
  const r = await approveLoan(world, loan.id);
  if (r.status !== 200) throw new Error(`Could not approve: ${r.status} ${r.body.message}`);
  return r.body.data;
}

const settlement = (memberId: string, token = world.ctx.token) =>
  call<ExitSettlementView>('GET', '/cooperative/member/exit/settlement', {
    token,
    query: { cooperative_id: world.ctx.coop, coop_id: memberId, date: DATE },
  });

const requestExit = (token: string, body: Record<string, unknown> = {}) =>
  call<MemberExitView>('POST', '/cooperative/member/exit/request', {
    token,
    body: { cooperative_id: world.ctx.coop, reason: 'Relocating', ...body },
  });

const approveExit = (exitId: string) =>
  call<MemberExitView>('POST', '/cooperative/member/exit/approve', {
    token: world.ctx.token,
    body: { cooperative_id: world.ctx.coop, exit_id: exitId, bank_id: world.bank, date: DATE },
  });

const totals = async () => ({
  bank: await glTotal(world.ctx.coop, GL.bank),
  savings: await glTotal(world.ctx.coop, GL.savings),
  loans: await glTotal(world.ctx.coop, GL.loans),
  interest: await glTotal(world.ctx.coop, INTEREST_INCOME),
  charges: await glTotal(world.ctx.coop, GL.charges),
});

describe('a member with two plans, a loan and a guarantee', () => {
  it('is shown the settlement, is blocked by the guarantee until it is released, and exits in one posting', async () => {
    // Prepare: the leaver saves 150,000 and 30,000 in two plans and borrows 120,000 (Bola and
    // Chidi stand surety); the leaver guarantees the loan of another member (with Bola).
    const [leaver, borrower] = (await members(world, 2)) as [Member, Member];
    const first = await planOf(world, leaver.id);
    const second = await planOf(world, leaver.id, { amount: '2000' });
    await deposited(world, first.id, '150000');
    await deposited(world, second.id, '30000');
    const loan = await approvedLoan(leaver, bola, chidi);
    const guaranteed = await approvedLoan(borrower, leaver, bola);

    // By hand on 15 March: the payoff is the principal, 120,000, and the interest of February and
    // March (due) and April (in progress), 3 x 1,200 = 3,600: 123,600. Savings 150,000 + 30,000 =
    // 180,000; less 123,600 and the 2,000 charge: 54,400 to pay out.
    const seen = await settlement(leaver.id, leaver.token);
    expect(seen.status, seen.body.message).toBe(200);
    expect(seen.body.data).toMatchObject({
      savings_total: 180000,
      loans_total: 123600,
      exit_charge: 2000,
      dividends_total: 0,
      net: 54400,
      shortfall: 0,
      exit: null,
    });
    expect(seen.body.data.plans.map((p) => p.balance).sort()).toEqual([150000, 30000].sort());
    expect(seen.body.data.loans).toEqual([
      expect.objectContaining({ id: loan.id, principal: 120000, interest: 3600, payoff: 123600 }),
    ]);
    expect(seen.body.data.guarantees).toHaveLength(1);
    expect(seen.body.data.guarantees[0]).toMatchObject({ loan_id: guaranteed.id, borrower: { id: borrower.id } });
    expect(seen.body.data.blockers).toHaveLength(1);
    expect(seen.body.data.blockers[0]).toContain('guarantee must be replaced or released');
    // A member sees only their own settlement.
    expect((await settlement(leaver.id, bola.token)).status).toBe(403);

    // Act: the leaver asks to leave; a second request while one is pending is refused.
    const asked = await requestExit(leaver.token);
    expect(asked.status, asked.body.message).toBe(201);
    expect(asked.body.data).toMatchObject({ member_id: leaver.id, status: 0, status_label: 'Pending' });
    expect((await requestExit(leaver.token)).status).toBe(409);

    // The guarantee blocks the approval; nothing is posted.
    const before = await totals();
    const blocked = await approveExit(asked.body.data.id);
    expect(blocked.status).toBe(422);
    expect(blocked.body.message).toContain('guarantee must be replaced or released');
    expect(await totals()).toEqual(before);

    // An admin releases the guarantee (a member may not); then the settlement has no blocker.
    const suretyId = seen.body.data.guarantees[0].surety_id;
    const byMember = await call('POST', '/cooperative/member/surety/release', {
      token: borrower.token,
      body: { cooperative_id: world.ctx.coop, surety_id: suretyId, reason: 'Covered' },
    });
    expect(byMember.status).toBe(403);
    const noReason = await call('POST', '/cooperative/member/surety/release', {
      token: world.ctx.token,
      body: { cooperative_id: world.ctx.coop, surety_id: suretyId },
    });
    expect(noReason.status).toBe(422);
    const released = await call('POST', '/cooperative/member/surety/release', {
      token: world.ctx.token,
      body: { cooperative_id: world.ctx.coop, surety_id: suretyId, reason: 'The borrower pledged a fixed deposit' },
    });
    expect(released.status, released.body.message).toBe(200);
    expect((await settlement(leaver.id)).body.data.blockers).toEqual([]);

    const approved = await approveExit(asked.body.data.id);
    expect(approved.status, approved.body.message).toBe(200);
    expect(approved.body.data).toMatchObject({
      status: 1,
      status_label: 'Exited',
      settlement: { savings_total: 180000, loans_total: 123600, exit_charge: 2000, payout: 54400, date: DATE },
    });

    // Assess: one posting moved exactly the hand-worked figures.
    const after = await totals();
    expect(after.savings.debit - before.savings.debit).toBe(180_000_00);
    expect(after.loans.credit - before.loans.credit).toBe(120_000_00);
    expect(after.interest.credit - before.interest.credit).toBe(3_600_00);
    expect(after.charges.credit - before.charges.credit).toBe(2_000_00);
    expect(after.bank.credit - before.bank.credit).toBe(54_400_00);
    expect(after.bank.debit - before.bank.debit).toBe(0);
    const all = await glTotals(world.ctx.coop);
    expect(all.reduce((s, t) => s + t.debit, 0)).toBe(all.reduce((s, t) => s + t.credit, 0));

    // The plans are closed and empty, the loan completed, the member and their user inactive.
    expect(await plan(world, leaver.id, first.id)).toMatchObject({ balance: 0, lien: 0, available: 0, status: 0 });
    expect(await plan(world, leaver.id, second.id)).toMatchObject({ balance: 0, available: 0, status: 0 });
    const storedLoan = await getItem<{ loan_balance: number; is_paid: number }>(
      keys.loan(world.ctx.coop, loan.id),
      true,
    );
    expect(storedLoan).toMatchObject({ loan_balance: 0, is_paid: 1 });
    const member = await getItem<{ status: number; exited_at?: string }>(keys.member(world.ctx.coop, leaver.id), true);
    expect(member?.status).toBe(2);
    expect(member?.exited_at).toBeDefined();
    // Their open session is refused (406) and the records stay readable by staff.
    expect((await settlement(leaver.id, leaver.token)).status).toBe(406);
    const list = await call<{ data: { id: string; status_name: string; exited?: boolean }[] }>(
      'GET',
      '/cooperative/member',
      { token: world.ctx.token, query: { cooperative_id: world.ctx.coop, query: leaver.id } },
    );
    expect(list.body.data.data.find((m) => m.id === leaver.id)).toMatchObject({ status_name: 'Exited', exited: true });
    const history = await call<{ data: unknown[] }>('GET', '/cooperative/loan-offset/history', {
      token: world.ctx.token,
      query: { cooperative_id: world.ctx.coop, coop_id: leaver.id },
    });
    expect(history.body.data.data).toHaveLength(1);
    // An exited member cannot be activated again.
    const activate = await call('GET', '/cooperative/member/activate', {
      token: world.ctx.token,
      query: { cooperative_id: world.ctx.coop, coop_id: leaver.id },
    });
    expect(activate.status).toBe(409);

    // Approving twice posts once: the second answer is the exit already approved, nothing moves.
    const again = await approveExit(asked.body.data.id);
    expect(again.status, again.body.message).toBe(200);
    expect(again.body.message).toBe('This exit had already been approved');
    expect(await totals()).toEqual(after);
    expect(await getItem(keys.idempotency(world.ctx.coop, `member-exit-${asked.body.data.id}`), true)).toBeDefined();
  });
});

describe('a member whose loans are more than their savings', () => {
  it('cannot exit until the shortfall is settled, and is told by how much', async () => {
    const [leaver] = (await members(world, 1)) as [Member];
    const p = await planOf(world, leaver.id);
    await deposited(world, p.id, '10000');
    await approvedLoan(leaver, bola, chidi);
    // By hand: 123,600 payoff + 2,000 charge - 10,000 savings = 115,600 short.
    const seen = await settlement(leaver.id);
    expect(seen.body.data).toMatchObject({
      savings_total: 10000,
      loans_total: 123600,
      net: -115600,
      shortfall: 115600,
    });
    expect(seen.body.data.blockers).toEqual([expect.stringContaining('short by ₦115,600.00')]);

    // Staff ask for the member; the approval is refused with the amount and nothing is posted.
    const asked = await requestExit(world.ctx.token, { coop_id: leaver.id });
    expect(asked.status, asked.body.message).toBe(201);
    const before = await totals();
    const refused = await approveExit(asked.body.data.id);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toContain('short by ₦115,600.00');
    expect(await totals()).toEqual(before);
    expect(await plan(world, leaver.id, p.id)).toMatchObject({ balance: 10000, status: 1 });

    // The member cancels their own request; a cancelled one cannot be approved.
    const cancelled = await call<MemberExitView>('POST', '/cooperative/member/exit/cancel', {
      token: leaver.token,
      body: { cooperative_id: world.ctx.coop, exit_id: asked.body.data.id },
    });
    expect(cancelled.status, cancelled.body.message).toBe(200);
    expect(cancelled.body.data.status_label).toBe('Cancelled');
    expect((await approveExit(asked.body.data.id)).status).toBe(409);
  });
});

describe('a member with a deposit waiting for a decision', () => {
  it('cannot exit until it is approved or denied, since it would move a closed plan', async () => {
    // Prepare: ₦8,000 saved, and a deposit of ₦2,500 placed but not decided.
    const [leaver] = await members(world, 1);
    const p = await planOf(world, leaver.id);
    await deposited(world, p.id, '8000', '2026-03-01');
    const pending = await placed(world, p.id, 'DEPOSIT', '2500', '2026-03-02');

    // Act
    const blocked = await settlement(leaver.id);
    expect((await deny(world, pending.id)).status).toBe(200);
    const cleared = await settlement(leaver.id);

    // Assert
    expect(blocked.body.data.blockers).toEqual([
      expect.stringContaining('A deposit of ₦2,500.00 to the Regular Savings plan'),
    ]);
    // The pending deposit is not counted; the ₦2,000 exit charge set above is.
    expect(blocked.body.data).toMatchObject({ savings_total: 8000, exit_charge: 2000, net: 6000 });
    expect(cleared.body.data.blockers).toEqual([]);
  });
});

describe('a denied exit', () => {
  it('records the decision and its reason, and leaves the member, their plan and the books as they were', async () => {
    // Prepare: ₦5,000 saved and a pending request to leave.
    const [leaver] = await members(world, 1);
    const p = await planOf(world, leaver.id);
    await deposited(world, p.id, '5000');
    const asked = await requestExit(leaver.token);
    expect(asked.status, asked.body.message).toBe(201);
    const before = await totals();

    // Act: an admin denies it with a reason.
    const denied = await call<MemberExitView>('POST', '/cooperative/member/exit/deny', {
      token: world.ctx.token,
      body: { cooperative_id: world.ctx.coop, exit_id: asked.body.data.id, reason: 'The annual levy is unpaid' },
    });

    // Assert: the request is denied with its reason and who decided; nothing was posted or closed.
    expect(denied.status, denied.body.message).toBe(200);
    expect(denied.body.message).toBe('Exit request denied');
    expect(denied.body.data).toMatchObject({
      id: asked.body.data.id,
      member_id: leaver.id,
      status: 2,
      status_label: 'Denied',
      decision_reason: 'The annual levy is unpaid',
      settlement: null,
    });
    expect(denied.body.data.decided_by?.toLowerCase()).toBe('superadmin');
    expect(denied.body.data.decided_at).toEqual(expect.any(String));
    expect(await totals()).toEqual(before);
    expect(await plan(world, leaver.id, p.id)).toMatchObject({ balance: 5000, status: 1 });
    const member = await getItem<{ status: number; exited_at?: string }>(keys.member(world.ctx.coop, leaver.id), true);
    expect(member?.status).toBe(1);
    expect(member?.exited_at).toBeUndefined();
    // The member still signs in and sees the decision on their settlement.
    const seen = await settlement(leaver.id, leaver.token);
    expect(seen.status).toBe(200);
    expect(seen.body.data.exit).toMatchObject({ id: asked.body.data.id, status_label: 'Denied' });

    // A denied request is decided: it cannot be approved or denied again, and nothing moves.
    expect((await approveExit(asked.body.data.id)).status).toBe(409);
    const again = await call('POST', '/cooperative/member/exit/deny', {
      token: world.ctx.token,
      body: { cooperative_id: world.ctx.coop, exit_id: asked.body.data.id },
    });
    expect(again.status).toBe(409);
    expect(await totals()).toEqual(before);
  });
});
