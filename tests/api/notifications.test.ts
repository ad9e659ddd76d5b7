import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { NotificationPreferencesView, NotificationsPage } from '@coopledger/shared/notification-views';
import { readOutbox } from '../../infra/local/outbox.ts';
import type { OutboxEntry } from '../../infra/local/outbox.ts';
import { call, tokenFor } from './support/api.ts';
import { useRuntimeEnv } from './support/env.ts';
import type { LoanWorld, Member } from './support/loans.ts';
import { answer, application, applied, approveLoan, loanProduct, loanWorld } from './support/loans.ts';
import { createTestCooperative } from './support/fixtures.ts';
import { createDepartment, memberBody } from './support/members.ts';
import { approve, deny, placed, planOf } from './support/savings.ts';

/**
 * Notifications (docs/decisions.md 2026-11-27 "Notifications"): each event of a change reaches its
 * recipient's bell and, unless they opted out, their e-mail and phone (the local outbox), delivered
 * after the change's answer by the runtime's poller (the stream's stand-in). Expected texts are
 * written out here from the amounts the test chose.
 */
interface Person extends Member {
  email: string;
  phone: string;
}

let world: LoanWorld;
let product: string;
let alice: Person;
let bola: Person;
let chidi: Person;
let optedOut: Person;

async function person(world: LoanWorld, overrides: Record<string, unknown> = {}): Promise<Person> {
  const tag = randomBytes(3).toString('hex');
  const email = `n.${tag}@example.com`;
  const phone = `0803${String(randomBytes(3).readUIntBE(0, 3) % 10_000_000).padStart(7, '0')}`;
  const r = await call<{ coop_id: string }>('POST', '/cooperative/member', {
    token: world.ctx.token,
    body: { ...memberBody(world.department, { email, phone, ...overrides }), cooperative_id: world.ctx.coop },
  });
  if (r.status !== 201) throw new Error(`Could not create a member: ${r.status} ${r.body.message}`);
  const id = r.body.data.coop_id;
  return { id, token: await tokenFor(id, 'secret123'), email, phone };
}

const bell = (who: Member) =>
  call<NotificationsPage>('GET', '/user/notifications', { token: who.token, query: { per_page: '50' } });

/** Waits (delivery is asynchronous) until the person's bell has a notification matching `title`. */
async function delivered(who: Member, title: string, count = 1): Promise<NotificationsPage> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const page = (await bell(who)).body.data;
    if (page.data.filter((n) => n.title === title).length >= count) return page;
    if (Date.now() > deadline) throw new Error(`${who.id} has no "${title}": ${JSON.stringify(page.data)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const outboxTo = (address: string, kind: string): OutboxEntry[] =>
  readOutbox(process.env.OUTBOX_DIR!).filter((mail) => mail.to === address && mail.kind === kind);

beforeAll(async () => {
  useRuntimeEnv();
  world = await loanWorld('NTF');
  product = await loanProduct(world, 'Notified Loan');
  [alice, bola, chidi] = [await person(world), await person(world), await person(world)];
  optedOut = await person(world);
  const saved = await call<NotificationPreferencesView>('PUT', '/user/notification-preferences', {
    token: optedOut.token,
    body: { email: false, sms: false },
  });
  expect(saved.status, saved.body.message).toBe(200);
}, 120_000);

describe('preferences', () => {
  it('are on by default and show where mail and SMS go', async () => {
    const r = await call<NotificationPreferencesView>('GET', '/user/notification-preferences', { token: alice.token });
    expect(r.body.data).toEqual({ email: true, sms: true, email_address: alice.email, phone: alice.phone });
  });

  it('keep an opt-out, and refuse a body without both choices (nothing changes)', async () => {
    const bad = await call('PUT', '/user/notification-preferences', { token: optedOut.token, body: { email: true } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toMatchObject({ sms: 'Choose whether to receive notifications by SMS' });
    const r = await call<NotificationPreferencesView>('GET', '/user/notification-preferences', {
      token: optedOut.token,
    });
    expect(r.body.data).toMatchObject({ email: false, sms: false });
  });
});

describe('events reach the bell, the mail and the phone', () => {
  it('a deposit approved and one denied, to the member; not by mail or SMS to one who opted out', async () => {
    for (const who of [alice, optedOut]) {
      const plan = await planOf(world, who.id);
      const approved = await placed(world, plan.id, 'DEPOSIT', '2500.50');
      expect((await approve(world, approved.id)).status).toBe(200);
      const denied = await placed(world, plan.id, 'DEPOSIT', '700');
      expect((await deny(world, denied.id)).status).toBe(200);
    }
    const page = await delivered(alice, 'Deposit denied');
    await delivered(alice, 'Deposit approved');
    expect(page.data.find((n) => n.title === 'Deposit approved')).toMatchObject({
      body: 'Your deposit of ₦2,500.50 (Regular Savings) was approved.',
      link: '/member/transaction-history',
      read: false,
    });
    expect(page.data.find((n) => n.title === 'Deposit denied')?.body).toBe(
      'Your deposit of ₦700.00 (Regular Savings) was denied.',
    );
    expect(page.unread).toBe(2);
    const mails = outboxTo(alice.email, 'notification-order.approved');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ subject: 'Deposit approved' });
    expect(mails[0].text).toContain('Your deposit of ₦2,500.50 (Regular Savings) was approved.');
    expect(outboxTo(alice.phone, 'notification-order.denied')).toHaveLength(1);

    await delivered(optedOut, 'Deposit approved');
    await delivered(optedOut, 'Deposit denied');
    expect(outboxTo(optedOut.email, 'notification-order.approved')).toEqual([]);
    expect(outboxTo(optedOut.phone, 'notification-order.approved')).toEqual([]);
  });

  it('a surety request to each surety, their answers to the applicant, and the loan decisions', async () => {
    const loan = await applied(world, application(world, product, alice.id, bola.id, chidi.id));
    for (const surety of [bola, chidi]) {
      const page = await delivered(surety, 'Surety request');
      expect(page.data.find((n) => n.title === 'Surety request')?.body).toMatch(
        /asks you to stand surety for a Notified Loan of ₦120,000\.00\.$/,
      );
      expect(outboxTo(surety.email, 'notification-surety.requested')).toHaveLength(1);
    }
    const [first, second] = loan.sureties;
    const tokens: Record<string, string> = { [bola.id]: bola.token, [chidi.id]: chidi.token };
    expect((await answer(world, first.id, 'approve', tokens[first.member_id])).status).toBe(200);
    expect((await answer(world, second.id, 'approve', tokens[second.member_id])).status).toBe(200);
    const answers = await delivered(alice, 'Surety approved', 2);
    expect(answers.data.filter((n) => n.title === 'Surety approved').map((n) => n.body)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/approved your request to stand surety for your Notified Loan of ₦120,000\.00\.$/),
      ]),
    );
    expect((await approveLoan(world, loan.id)).status).toBe(200);
    const approved = await delivered(alice, 'Loan approved');
    expect(approved.data.find((n) => n.title === 'Loan approved')?.body).toBe(
      'Your Notified Loan of ₦120,000.00 was approved and disbursed.',
    );
    expect(outboxTo(alice.phone, 'notification-loan.approved')).toHaveLength(1);

    const other = await applied(world, application(world, product, bola.id, alice.id, chidi.id));
    const rejected = await call('GET', '/cooperative/member/loans/deny', {
      token: world.ctx.token,
      query: { cooperative_id: world.ctx.coop, loan_id: other.id },
    });
    expect(rejected.status, rejected.body.message).toBe(200);
    const denied = await delivered(bola, 'Loan denied');
    expect(denied.data.find((n) => n.title === 'Loan denied')?.body).toBe(
      'Your Notified Loan application of ₦120,000.00 was denied.',
    );
  });

  it('a refused change notifies nobody', async () => {
    const plan = await planOf(world, chidi.id);
    const o = await placed(world, plan.id, 'DEPOSIT', '100');
    expect((await deny(world, o.id)).status).toBe(200);
    await delivered(chidi, 'Deposit denied');
    // Denying it again is refused (409): no second notification.
    expect((await deny(world, o.id)).status).toBe(409);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const page = (await bell(chidi)).body.data;
    expect(page.data.filter((n) => n.title === 'Deposit denied')).toHaveLength(1);
  });

  it('a registration approved, to the new member', async () => {
    const coop = await createTestCooperative('NTR');
    const department = await createDepartment(coop.id);
    const email = `reg.${randomBytes(3).toString('hex')}@example.com`;
    const { role_id: _r, staff_id: _s, password: _p, ...body } = memberBody(department, { email });
    const created = await call<{ id: string }>('POST', '/cooperative/pending_members', {
      body: { ...body, cooperative_code: coop.code, type: 'pending' },
    });
    expect(created.status, created.body.message).toBe(201);
    const approved = await call<{ coop_id: string }>('POST', '/cooperative/pending_members/approve', {
      token: world.ctx.token,
      body: { cooperative_id: coop.id, member_id: created.body.data.id },
    });
    expect(approved.status, approved.body.message).toBe(200);
    const number = approved.body.data.coop_id;
    const deadline = Date.now() + 15_000;
    while (outboxTo(email, 'notification-registration.approved').length === 0) {
      if (Date.now() > deadline) throw new Error('no registration notification');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const [mail] = outboxTo(email, 'notification-registration.approved');
    expect(mail.subject).toBe('Registration approved');
    expect(mail.text).toContain(
      `Welcome to ${coop.name}: your registration was approved. Your member number is ${number}.`,
    );
  });
});

describe('the bell', () => {
  it('marks one read, then all read, and only the caller’s own', async () => {
    const page = await delivered(alice, 'Loan approved');
    const unread = page.data.filter((n) => !n.read);
    expect(unread.length).toBeGreaterThan(1);
    expect(page.unread).toBe(unread.length);

    // Someone else's id is not found in the caller's own partition: nothing of theirs changes.
    const foreign = await call<{ unread: number }>('POST', '/user/notifications/read', {
      token: bola.token,
      body: { ids: [unread[0].id] },
    });
    expect(foreign.status).toBe(200);
    expect((await bell(alice)).body.data.unread).toBe(unread.length);

    const one = await call<{ unread: number }>('POST', '/user/notifications/read', {
      token: alice.token,
      body: { ids: [unread[0].id] },
    });
    expect(one.body.data.unread).toBe(unread.length - 1);
    expect((await bell(alice)).body.data.data.find((n) => n.id === unread[0].id)?.read).toBe(true);

    const bad = await call('POST', '/user/notifications/read', { token: alice.token, body: { ids: ['a#b'] } });
    expect(bad.status).toBe(422);

    const all = await call<{ unread: number }>('POST', '/user/notifications/read-all', {
      token: alice.token,
      body: {},
    });
    expect(all.body.data.unread).toBe(0);
    const after = (await bell(alice)).body.data;
    expect(after.unread).toBe(0);
    expect(after.data.every((n) => n.read)).toBe(true);
  });
});

describe('the daily job', () => {
  it('greets a member on their birthday once a year, and reminds of an installment due in 3 days', async () => {
    const { runDailyFor } = await import('../../functions/notifications/daily.ts');
    const celebrant = await person(world, { dob: '1991-09-17' });
    const cooperative = { id: world.ctx.coop, name: 'Test cooperative' };
    const first = await runDailyFor(cooperative, '2026-09-17');
    expect(first.birthdays).toBe(1);
    // The same day again (a retry): nobody is greeted twice.
    expect((await runDailyFor(cooperative, '2026-09-17')).birthdays).toBe(0);
    const page = await delivered(celebrant, 'Happy birthday!');
    expect(page.data.find((n) => n.title === 'Happy birthday!')?.body).toBe(
      'Happy birthday, Ada! Best wishes from all of us at Test cooperative.',
    );

    // Alice's loan (applied above, 120,000 at 12% flat over 12 months from 2026-02-01) owes
    // 10,000 principal + 1,200 interest on each payment date; three days before the first:
    const reminders = await runDailyFor(cooperative, '2026-01-29');
    expect(reminders.reminders).toBe(1);
    const due = await delivered(alice, 'Loan installment due');
    expect(due.data.find((n) => n.title === 'Loan installment due')?.body).toBe(
      'An installment of ₦11,200.00 on your Notified Loan is due on 2026-02-01.',
    );
    expect((await runDailyFor(cooperative, '2026-01-29')).reminders).toBe(0);
  });

  it("tells every member when an active election's voting opens, once, and nobody of one opening another day", async () => {
    const { runDailyFor } = await import('../../functions/notifications/daily.ts');
    const cooperative = { id: world.ctx.coop, name: 'Test cooperative' };
    const election = (name: string, start: string, status = 1) =>
      call('POST', '/cooperative/voting/election', {
        token: world.ctx.token,
        body: { cooperative_id: world.ctx.coop, name, start_date: start, end_date: '2026-10-09', status },
      });
    expect((await election('Board election', '2026-10-05')).status).toBe(201);
    expect((await election('Later election', '2026-10-06')).status).toBe(201);
    expect((await election('Suspended election', '2026-10-05', 0)).status).toBe(201);
    const listed = await call<{ meta: { total: number } }>('GET', '/cooperative/member', {
      token: world.ctx.token,
      query: { cooperative_id: world.ctx.coop },
    });

    const first = await runDailyFor(cooperative, '2026-10-05');
    const again = await runDailyFor(cooperative, '2026-10-05');

    // Every member of the cooperative (all active here), for the one active election opening that day.
    expect(first.elections).toBe(listed.body.data.meta.total);
    expect(again.elections).toBe(0);
    const page = await delivered(alice, 'Election open');
    expect(page.data.filter((n) => n.title === 'Election open').map((n) => n.body)).toEqual([
      'Board election is open for voting until 2026-10-09.',
    ]);
  });
});
