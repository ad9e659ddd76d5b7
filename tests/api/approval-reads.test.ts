import { randomBytes } from 'node:crypto';
import type { Context } from 'aws-lambda';
import { decodeJwt } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/core/clients.ts';
import { getItem } from '../../functions/core/db.ts';
import { keys } from '../../functions/core/keys.ts';
import { post } from '../../functions/core/ledger.ts';
import { recentActivity } from '../../functions/core/activity.ts';
import { handler } from '../../functions/savings/handler.ts';
import { buildHttpApiEvent } from '../../infra/local/http/api-gateway-event.ts';
import { gatewayClaims } from '../../infra/local/http/jwt-verifier.ts';
import { invocationScope, lambdaContext } from '../../infra/local/http/lambda-context.ts';
import { kobo } from '../../shared/src/money.ts';
import { createUser } from '../../functions/users/user-service.ts';
import { tokenFor } from './support/api.ts';
import { useRuntimeEnv } from './support/env.ts';
import { setAttribute } from './support/fixtures.ts';
import type { LoanWorld, Member } from './support/loans.ts';
import {
  applied,
  application,
  approveLoan,
  loanProduct,
  loanWorld,
  members,
  suretiesApprove,
} from './support/loans.ts';
import { GL } from './support/setup-records.ts';
import type { SavingsWorld } from './support/savings.ts';
import { addPlan, glTotal, newMember, placed, savingsWorld } from './support/savings.ts';

/**
 * What one order approval costs in DynamoDB calls, and that the records it takes from the instance's
 * cache (GL accounts, bank account, savings setup) are still checked by its transaction. The
 * approvals run through the savings Lambda handler in this worker (as the local server runs it), so
 * its DocumentClient's calls can be counted and records changed behind its cache.
 */
let world: SavingsWorld;
let admin: { id: string; token: string };
let planId = '';

beforeAll(async () => {
  useRuntimeEnv();
  world = await savingsWorld('APR');
  const loginId = `APR${randomBytes(3).toString('hex').toUpperCase()}-ADMIN`;
  await createUser({
    tenant: world.ctx.coop,
    loginId,
    firstname: 'Ada',
    lastname: 'Approver',
    email: `${loginId.toLowerCase()}@approvals.example`,
    role: 'cooperative-admin',
    password: 'password123',
  });
  admin = { id: loginId, token: await tokenFor(loginId) };
  const member = await newMember(world);
  const plan = await addPlan(world, member.id);
  if (plan.status !== 201) throw new Error(`Could not add a plan: ${plan.status} ${plan.body.message}`);
  planId = plan.body.data.id;
});

const context: Context = lambdaContext('savings', 'eu-west-1', '000000000000', () => {});

/** POST /cooperative/transaction-order/approve as the cooperative's admin, through the handler in this worker. */
async function approveHere(orderId: string): Promise<{ status: number; message: string }> {
  const path = '/api/v1/cooperative/transaction-order/approve';
  const event = buildHttpApiEvent(
    {
      method: 'POST',
      target: path,
      rawHeaders: ['host', 'localhost', 'content-type', 'application/json', 'authorization', `Bearer ${admin.token}`],
      body: Buffer.from(JSON.stringify({ transaction_id: orderId, bank_id: world.bank })),
      sourceIp: '127.0.0.1',
      httpVersion: '1.1',
      localPort: 0,
    },
    `POST ${path}`,
    gatewayClaims(decodeJwt(admin.token)),
    { accountId: '000000000000', apiId: 'local' },
  );
  const result = await invocationScope(context, () => handler(event, context));
  return { status: result.statusCode ?? 0, message: (JSON.parse(result.body ?? '{}') as { message: string }).message };
}

/** The DynamoDB commands (by name) the work sends through the DocumentClient. */
async function commandsOf(work: () => Promise<unknown>): Promise<string[]> {
  const client = db();
  const send = client.send.bind(client);
  const sent: string[] = [];
  client.send = ((command: { constructor: { name: string } }, ...rest: unknown[]) => {
    sent.push(command.constructor.name);
    return (send as (...args: unknown[]) => unknown)(command, ...rest);
  }) as typeof client.send;
  try {
    await work();
  } finally {
    client.send = send;
  }
  return sent;
}

const deposit = (amount = '1000') => placed(world, planId, 'DEPOSIT', amount);

describe('the DynamoDB calls of an order approval', () => {
  it('makes four calls with warm caches: user and cooperative in one batch, the order, the plan, one transaction', async () => {
    // The first approval of the instance reads the bank account, setup and GL accounts and caches them.
    expect((await approveHere((await deposit()).id)).status).toBe(200);
    const order = await deposit();
    const sent = await commandsOf(async () => expect((await approveHere(order.id)).status).toBe(200));
    // Worked out by hand: assertActive's BatchGet (user + cooperative, whose profile also gives the
    // ledger its posting rules), GetItem of the order, GetItem of its plan (its key is in the order),
    // and the TransactWriteItems that carries the GL, bank and setup checks and the activity.
    expect(sent.sort()).toEqual(['BatchGetCommand', 'GetCommand', 'GetCommand', 'TransactWriteCommand']);
  });

  it("records the approver's activity in the approval's own transaction, with no write of its own", async () => {
    const approvals = async () =>
      (await recentActivity(world.ctx.coop, admin.id, 100)).filter(
        (a) => a.path === '/cooperative/transaction-order/approve',
      ).length;
    const before = await approvals();
    const order = await deposit();
    const sent = await commandsOf(async () => expect((await approveHere(order.id)).status).toBe(200));
    expect(sent).not.toContain('PutCommand');
    expect(await approvals()).toBe(before + 1);
  });

  it('answers an approval of an approved order with 409, posting nothing more', async () => {
    const order = await deposit('700');
    const before = await glTotal(world.ctx.coop, GL.bank);
    expect((await approveHere(order.id)).status).toBe(200);
    const again = await approveHere(order.id);
    expect(again).toEqual({
      status: 409,
      message: 'This order has already been approved; only pending orders can be approved',
    });
    expect((await glTotal(world.ctx.coop, GL.bank)).debit - before.debit).toBe(70_000);
  });
});

describe('records taken from the cache are still checked by the transaction', () => {
  it('refuses a deposit to a cached GL account deactivated since, naming the account as before', async () => {
    await approveHere((await deposit()).id); // the bank's GL account is cached now
    const glKey = keys.glAccount(world.ctx.coop, GL.bank);
    await setAttribute(glKey, 'status', 0);
    try {
      const order = await deposit();
      const refused = await approveHere(order.id);
      expect(refused.status).toBe(422);
      expect(refused.message).toMatch(new RegExp(`^GL account ${GL.bank} \\(.+\\) is inactive$`));
    } finally {
      await setAttribute(glKey, 'status', 1);
    }
    // The account was forgotten with the failure: once active again, approvals go through.
    expect((await approveHere((await deposit()).id)).status).toBe(200);
  });

  it('refuses a cached bank account deactivated since with "Please select bank account", and takes it once active again', async () => {
    await approveHere((await deposit()).id);
    const bankKey = keys.setup(world.ctx.coop, 'BANK_ACCOUNT', world.bank);
    await setAttribute(bankKey, 'status', 0);
    try {
      const before = await glTotal(world.ctx.coop, GL.bank);
      const refused = await approveHere((await deposit()).id);
      expect(refused).toEqual({ status: 422, message: 'Please select bank account' });
      expect(await glTotal(world.ctx.coop, GL.bank)).toEqual(before);
    } finally {
      await setAttribute(bankKey, 'status', 1);
    }
    // Reactivated behind the cache (as by another instance): not refused from a cached inactive record.
    expect((await approveHere((await deposit()).id)).status).toBe(200);
  });

  it("credits the savings setup's new member balance GL when it changed behind the cache", async () => {
    await approveHere((await deposit()).id);
    const plan = await getItem<{ setup_id: string }>(keys.savingsPlan(world.ctx.coop, planId), true);
    const setupKey = keys.setup(world.ctx.coop, 'SAVINGS_SETUP', String(plan?.setup_id));
    await setAttribute(setupKey, 'member_balance_gl', GL.interestPayable);
    try {
      const savingsBefore = await glTotal(world.ctx.coop, GL.savings);
      const payableBefore = await glTotal(world.ctx.coop, GL.interestPayable);
      expect((await approveHere((await deposit('250')).id)).status).toBe(200);
      expect((await glTotal(world.ctx.coop, GL.interestPayable)).credit - payableBefore.credit).toBe(25_000);
      expect(await glTotal(world.ctx.coop, GL.savings)).toEqual(savingsBefore);
    } finally {
      await setAttribute(setupKey, 'member_balance_gl', GL.savings);
    }
  });
});

describe('the ledger without a read of the idempotency key before its transaction', () => {
  it('answers a replay as a duplicate even when a GL account of it was deactivated since', async () => {
    const key = `replay-${randomBytes(4).toString('hex')}`;
    const posting = {
      cooperativeId: world.ctx.coop,
      idempotencyKey: key,
      date: '2026-03-10',
      description: 'Replay test',
      source: { type: 'TEST', id: key },
      lines: [
        { glCode: GL.cash, side: 'D' as const, amount: kobo(100) },
        { glCode: GL.charges, side: 'C' as const, amount: kobo(100) },
      ],
    };
    const first = await post(posting);
    expect(first.duplicate).toBe(false);
    const glKey = keys.glAccount(world.ctx.coop, GL.charges);
    await setAttribute(glKey, 'status', 0);
    try {
      expect(await post(posting)).toEqual({ journalId: first.journalId, duplicate: true });
    } finally {
      await setAttribute(glKey, 'status', 1);
    }
  });
});

describe('a loan approval with a cached bank account', () => {
  let loans: LoanWorld;
  let product = '';
  let sureties: [Member, Member];
  let tokens: Record<string, string> = {};

  beforeAll(async () => {
    loans = await loanWorld('APL');
    product = await loanProduct(loans, 'Cached Bank Loan');
    sureties = (await members(loans, 2)) as [Member, Member];
    tokens = Object.fromEntries(sureties.map((m) => [m.id, m.token]));
  });

  /** A loan of a fresh applicant that both sureties approved, ready for approval. */
  async function readyLoan() {
    const [applicant] = (await members(loans, 1)) as [Member];
    const loan = await applied(loans, application(loans, product, applicant.id, sureties[0].id, sureties[1].id));
    await suretiesApprove(loans, loan, tokens);
    return loan;
  }

  it('refuses (409, then 422) a bank account deactivated behind the cache, disbursing nothing', async () => {
    const [warming, loan] = [await readyLoan(), await readyLoan()];
    // The server's instance caches the bank account; the change below follows at once (well within 30 s).
    expect((await approveLoan(loans, warming.id)).status).toBe(200);
    const bankKey = keys.setup(loans.ctx.coop, 'BANK_ACCOUNT', loans.bank);
    await setAttribute(bankKey, 'status', 0);
    try {
      const before = await glTotal(loans.ctx.coop, GL.bank);
      const first = await approveLoan(loans, loan.id);
      expect([first.status, first.body.message]).toEqual([
        409,
        'The bank account changed while the loan was being approved; try again',
      ]);
      const again = await approveLoan(loans, loan.id);
      expect([again.status, again.body.message]).toEqual([422, 'Please select bank account']);
      expect(await glTotal(loans.ctx.coop, GL.bank)).toEqual(before);
    } finally {
      await setAttribute(bankKey, 'status', 1);
    }
  });
});
