import { randomBytes } from 'node:crypto';
import { getItem, getItems, queryPartition } from '../../functions/core/db.ts';
import { keys } from '../../functions/core/keys.ts';
import type { ApiCall } from './http.ts';
import { expectStatus } from './http.ts';
import type { LatencyResult } from './measure.ts';
import { run } from './measure.ts';

/**
 * Deposit approvals through the API: members with Regular Savings plans and pending deposit orders
 * are set up first (not timed), then POST /cooperative/transaction-order/approve is timed. Afterwards
 * the ledger is checked: the approved amounts equal what the bank and savings GL totals moved by, and
 * each order has exactly one journal.
 */
export interface SavingsContext {
  call: ApiCall;
  token: string;
  cooperativeId: string;
  bankId: string;
  productId: string;
  departmentId: string;
  bankGl: string;
  savingsGl: string;
}

type Listed<T> = { data: T[] } | T[];
const rows = <T>(listed: Listed<T>): T[] => (Array.isArray(listed) ? listed : listed.data);

/** The seeded bank account, Regular Savings product and a department of a cooperative, by the API. */
export async function savingsContext(
  call: ApiCall,
  token: string,
  cooperativeId: string,
  bankGl: string,
  savingsGl: string,
): Promise<SavingsContext> {
  const query = { cooperative_id: cooperativeId, per_page: 100 };
  const banks = rows(
    expectStatus(
      await call<Listed<{ id: string; status: number; coa_id: string }>>('GET', '/cooperative/bank-account', {
        token,
        query,
      }),
      200,
      'list bank accounts',
    ),
  );
  const bank = banks.find((b) => Number(b.status) === 1 && String(b.coa_id) === bankGl);
  const products = rows(
    expectStatus(
      await call<Listed<{ id: string; name: string }>>('GET', '/cooperative/product', { token, query }),
      200,
      'list products',
    ),
  );
  const product = products.find((p) => p.name === 'Regular Savings');
  const departments = rows(
    expectStatus(
      await call<Listed<{ id: string; status: number }>>('GET', '/cooperative/department', { token, query }),
      200,
      'list departments',
    ),
  );
  const department = departments.find((d) => Number(d.status) === 1);
  if (!bank || !product || !department)
    throw new Error('The cooperative lacks its seeded bank account, Regular Savings product or a department');
  return {
    call,
    token,
    cooperativeId,
    bankId: bank.id,
    productId: product.id,
    departmentId: department.id,
    bankGl,
    savingsGl,
  };
}

/** The member wizard's fields, valid; a fresh staff ID and email each time. */
function memberBody(ctx: SavingsContext, i: number): Record<string, unknown> {
  const tag = `${randomBytes(3).toString('hex')}${i}`;
  return {
    cooperative_id: ctx.cooperativeId,
    firstname: 'Saver',
    lastname: `Bench${tag}`,
    email: `saver.${tag}@bench.example`,
    phone: `0807${String(i).padStart(7, '0')}`,
    gender: i % 2 ? 'Male' : 'Female',
    marital_status: 'Married',
    dob: '1988-06-01',
    current_address: '7 Savings Close, Lagos',
    savings_amount: '5000',
    staff_id: `SV-${tag}`,
    role_id: 'cooperative-member',
    level: 4,
    department_id: ctx.departmentId,
    date_joined: '2019-05-01',
    bank_id: 1,
    branch: 'Marina',
    account_type: 'Savings',
    account_no: '0123456789',
    account_name: 'Saver Bench',
    nok_name: 'Next Kin',
    nok_address: '3 Allen Avenue',
    nok_phone: '08030000001',
    nok_email: 'kin@bench.example',
    contact_name: 'Contact Person',
    contact_address: '4 Allen Avenue',
    contact_phone: '08030000002',
    contact_email: 'contact@bench.example',
  };
}

/** Creates `count` members, each with one Regular Savings plan, at 16 clients; returns the plan ids. */
export async function membersWithPlans(
  ctx: SavingsContext,
  count: number,
): Promise<{ plans: string[]; setup: { members: LatencyResult; plans: LatencyResult } }> {
  const members: string[] = [];
  const membersResult = await run(count, 16, async (i) => {
    const created = expectStatus(
      await ctx.call<{ coop_id: string }>('POST', '/cooperative/member', {
        token: ctx.token,
        body: memberBody(ctx, i),
      }),
      201,
      'create a member',
    );
    members[i] = created.coop_id;
  });
  const plans: string[] = [];
  const plansResult = await run(count, 16, async (i) => {
    const plan = expectStatus(
      await ctx.call<{ id: string }>('POST', '/cooperative/member/savings/add-plan', {
        token: ctx.token,
        body: {
          cooperative_id: ctx.cooperativeId,
          coop_id: members[i],
          savings_product_id: ctx.productId,
          start_date: '2026-01-01',
          end_date: '2026-12-31',
          amount: '5000',
          credit_interest: 3,
          frequency: 'Monthly',
        },
      }),
      201,
      'add a savings plan',
    );
    plans[i] = plan.id;
  });
  const ready = plans.filter(Boolean).length;
  if (ready !== count || membersResult.errors + plansResult.errors > 0)
    throw new Error(`Only ${ready} of ${count} members with plans could be set up`);
  return { plans, setup: { members: membersResult, plans: plansResult } };
}

/** An order's amount in kobo: varied, with kobo, so a sum that drops or doubles one shows. */
export const orderKobo = (i: number) => 100_000 + (i % 997) * 100 + (i % 89);
const naira = (kobo: number) => (kobo / 100).toFixed(2);

/** Places `count` pending deposits spread round-robin over the plans, at 16 clients (setup, not timed). */
export async function pendingDeposits(
  ctx: SavingsContext,
  plans: string[],
  count: number,
  date: string,
): Promise<{ orders: string[]; setup: LatencyResult }> {
  const orders: string[] = [];
  const setup = await run(count, 16, async (i) => {
    const placed = expectStatus(
      await ctx.call<{ id: string }>('POST', '/cooperative/transaction-order', {
        token: ctx.token,
        body: {
          cooperative_id: ctx.cooperativeId,
          savings_id: plans[i % plans.length],
          amount: naira(orderKobo(i)),
          date,
          payment_mode_id: 1,
          comment: 'bench',
          description: 'Bench deposit',
          transaction_type: 'DEPOSIT',
        },
      }),
      201,
      'place a deposit order',
    );
    orders[i] = placed.id;
  });
  if (setup.errors > 0) throw new Error(`${setup.errors} of ${count} deposit orders could not be placed`);
  return { orders, setup };
}

interface Totals {
  bankDebit: number;
  bankCredit: number;
  savingsDebit: number;
  savingsCredit: number;
}

async function glTotals(ctx: SavingsContext): Promise<Totals> {
  const read = async (code: string) =>
    (await getItem<{ debit?: number; credit?: number }>(keys.glTotal(ctx.cooperativeId, code), true)) ?? {};
  const [bank, savings] = await Promise.all([read(ctx.bankGl), read(ctx.savingsGl)]);
  return {
    bankDebit: bank.debit ?? 0,
    bankCredit: bank.credit ?? 0,
    savingsDebit: savings.debit ?? 0,
    savingsCredit: savings.credit ?? 0,
  };
}

/** The two accounts' debit and credit in kobo as GET /cooperative/gl-accounts shows them (naira). */
async function glTotalsByApi(ctx: SavingsContext): Promise<Totals> {
  const read = async (code: string) => {
    const listed = rows(
      expectStatus(
        await ctx.call<Listed<{ code: string; debit: number; credit: number }>>('GET', '/cooperative/gl-accounts', {
          token: ctx.token,
          query: { cooperative_id: ctx.cooperativeId, query: code, per_page: 100 },
        }),
        200,
        'GL accounts',
      ),
    );
    const account = listed.find((a) => a.code === code);
    if (!account) throw new Error(`GL account ${code} is not listed`);
    return { debit: Math.round(Number(account.debit) * 100), credit: Math.round(Number(account.credit) * 100) };
  };
  const [bank, savings] = await Promise.all([read(ctx.bankGl), read(ctx.savingsGl)]);
  return { bankDebit: bank.debit, bankCredit: bank.credit, savingsDebit: savings.debit, savingsCredit: savings.credit };
}

export interface ApprovalsResult extends LatencyResult {
  plans: number;
  approved: number;
  approvedKobo: number;
  /** Bank debit and savings credit movement (kobo), read from the GL totals and from the API. */
  bankDebitMoved: number;
  savingsCreditMoved: number;
  apiBankDebitMoved: number;
  apiSavingsCreditMoved: number;
  /** Journals of the orders' month on the savings account, and how many distinct orders they name. */
  journals: number;
  journalsOrders: number;
  /** Approved orders approved a second time: each must be refused (409) and post nothing. */
  reapprovalsRefused: number;
  reapprovalsTried: number;
  errorSamples: string[];
}

/**
 * Approves every order at 16 clients through the API, then checks the ledger. `date` must be a month
 * that no other posting of the run touches on the savings account (the journal check reads that month).
 */
export async function approveAll(
  ctx: SavingsContext,
  orders: string[],
  plans: number,
  date: string,
): Promise<ApprovalsResult> {
  const before = await glTotals(ctx);
  const beforeApi = await glTotalsByApi(ctx);
  const approved = new Set<number>();
  const errorSamples: string[] = [];
  const approve = (orderId: string) =>
    ctx.call('POST', '/cooperative/transaction-order/approve', {
      token: ctx.token,
      body: { cooperative_id: ctx.cooperativeId, transaction_id: orderId, bank_id: ctx.bankId },
    });
  const timed = await run(orders.length, 16, async (i) => {
    const reply = await approve(orders[i]);
    if (reply.status !== 200) {
      if (errorSamples.length < 5) errorSamples.push(`${reply.status} ${reply.body.message}`);
      throw new Error(reply.body.message);
    }
    approved.add(i);
  });
  const approvedKobo = [...approved].reduce((sum, i) => sum + orderKobo(i), 0);

  // Approving again posts nothing: a sample of approved orders, each refused.
  const sample = [...approved].slice(0, 20);
  let refused = 0;
  for (const i of sample) if ((await approve(orders[i])).status === 409) refused++;

  const after = await glTotals(ctx);
  const afterApi = await glTotalsByApi(ctx);

  // One journal per order: the savings account's lines of the month name their journals, and each
  // journal names the order it posted (source_id).
  const lines = await queryPartition<{ journal_id: string }>(
    keys.journalLinesPartition(ctx.cooperativeId, ctx.savingsGl, date.slice(0, 7)),
  );
  const journals = await getItems<{ source_id: string; source_type: string }>(
    [...new Set(lines.map((l) => l.journal_id))].map((id) => keys.journal(ctx.cooperativeId, id)),
  );
  const orderIds = new Set(orders);
  const posted = journals.filter((j) => j.source_type === 'SAVINGS_DEPOSIT' && orderIds.has(j.source_id));
  const distinctOrders = new Set(posted.map((j) => j.source_id)).size;

  const result: ApprovalsResult = {
    ...timed,
    plans,
    approved: approved.size,
    approvedKobo,
    bankDebitMoved: after.bankDebit - before.bankDebit,
    savingsCreditMoved: after.savingsCredit - before.savingsCredit,
    apiBankDebitMoved: afterApi.bankDebit - beforeApi.bankDebit,
    apiSavingsCreditMoved: afterApi.savingsCredit - beforeApi.savingsCredit,
    journals: posted.length,
    journalsOrders: distinctOrders,
    reapprovalsRefused: refused,
    reapprovalsTried: sample.length,
    errorSamples,
  };
  const problems: string[] = [];
  if (approved.size === 0) problems.push('no order was approved');
  if (result.bankDebitMoved !== approvedKobo)
    problems.push(`bank GL debit moved ${result.bankDebitMoved} kobo, approved ${approvedKobo}`);
  if (result.savingsCreditMoved !== approvedKobo)
    problems.push(`savings GL credit moved ${result.savingsCreditMoved} kobo, approved ${approvedKobo}`);
  if (after.bankCredit !== before.bankCredit || after.savingsDebit !== before.savingsDebit)
    problems.push('the bank credit or savings debit side moved');
  if (
    Math.abs(result.apiBankDebitMoved - approvedKobo) > 1 ||
    Math.abs(result.apiSavingsCreditMoved - approvedKobo) > 1
  ) {
    problems.push(
      `GET /cooperative/gl-accounts moved ${result.apiBankDebitMoved}/${result.apiSavingsCreditMoved} kobo, approved ${approvedKobo}`,
    );
  }
  if (posted.length !== approved.size || distinctOrders !== approved.size)
    problems.push(`${posted.length} journals for ${distinctOrders} distinct orders, ${approved.size} approved`);
  if (refused !== sample.length)
    problems.push(`${sample.length - refused} of ${sample.length} second approvals were not refused`);
  if (problems.length > 0) throw new Error(`Deposit approvals are wrong: ${problems.join('; ')}`);
  return result;
}
