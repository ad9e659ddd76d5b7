import { randomBytes } from 'node:crypto';
import { getItem, queryPartition } from '../../../functions/core/db.ts';
import { keys } from '../../../functions/core/keys.ts';
import type { ApiResponse } from './api.ts';
import { call, superToken, tokenFor } from './api.ts';
import type { SuiteContext } from './crud-suite.ts';
import {
  GL,
  createBankAccount,
  createCategory,
  createCharge,
  createProduct,
  createSavingsSetup,
} from './setup-records.ts';
import { createTestCooperative } from './fixtures.ts';
import { createDepartment, memberBody } from './members.ts';

/** A test cooperative with a Regular and a Targeted savings product (each with a setup) and a bank account. */
export interface SavingsWorld {
  ctx: SuiteContext & { coop: string };
  regular: string;
  targeted: string;
  bank: string;
  department: string;
}

export async function savingsWorld(prefix: string): Promise<SavingsWorld> {
  const coop = await createTestCooperative(prefix);
  const ctx = { coop: coop.id, token: await superToken(), tag: randomBytes(3).toString('hex').toUpperCase() };
  const category = await createCategory(ctx, 'Savings');
  const charge = await createCharge(ctx);
  const regular = await createProduct(ctx, category.id, 'Regular Savings');
  const targeted = await createProduct(ctx, category.id, 'Targeted');
  await createSavingsSetup(ctx, regular.id, charge.id);
  await createSavingsSetup(ctx, targeted.id, charge.id);
  const bank = await createBankAccount(ctx, `10${randomBytes(4).readUInt32BE(0)}`.slice(0, 10));
  const department = await createDepartment(coop.id);
  return { ctx, regular: regular.id, targeted: targeted.id, bank: bank.id, department };
}

/** A member who can sign in (password secret123); returns the member number and a token. */
export async function newMember(
  world: SavingsWorld,
  role = 'cooperative-member',
): Promise<{ id: string; token: string }> {
  const r = await call<{ coop_id: string }>('POST', '/cooperative/member', {
    token: world.ctx.token,
    body: { ...memberBody(world.department, { role_id: role, password: 'secret123' }), cooperative_id: world.ctx.coop },
  });
  if (r.status !== 201) throw new Error(`Could not create a member: ${r.status} ${r.body.message}`);
  return { id: r.body.data.coop_id, token: await tokenFor(r.body.data.coop_id, 'secret123') };
}

export interface PlanRow {
  id: string;
  balance: number;
  lien: number;
  available: number;
  amount: number;
  is_target: boolean;
  [field: string]: unknown;
}

export async function addPlan(
  world: SavingsWorld,
  memberId: string,
  overrides: Record<string, unknown> = {},
  token = world.ctx.token,
): Promise<ApiResponse<PlanRow>> {
  return call<PlanRow>('POST', '/cooperative/member/savings/add-plan', {
    token,
    body: {
      savings_product_id: world.regular,
      start_date: '2026-01-01',
      end_date: '2026-12-31',
      amount: '5000',
      credit_interest: 3.5,
      frequency: 'Monthly',
      coop_id: memberId,
      cooperative_id: world.ctx.coop,
      ...overrides,
    },
  });
}

export async function planOf(
  world: SavingsWorld,
  memberId: string,
  overrides: Record<string, unknown> = {},
): Promise<PlanRow> {
  const r = await addPlan(world, memberId, overrides);
  if (r.status !== 201)
    throw new Error(`Could not add a plan: ${r.status} ${r.body.message} ${JSON.stringify(r.body.errors)}`);
  return r.body.data;
}

export interface OrderRow {
  id: string;
  status: number;
  amount: number;
  date: string;
  reference_no: string | null;
  [field: string]: unknown;
}

export function order(
  world: SavingsWorld,
  savingsId: string,
  type: 'DEPOSIT' | 'WITHDRAWAL',
  amount: string | number,
  date = '2026-03-10',
  token = world.ctx.token,
) {
  return call<OrderRow>('POST', '/cooperative/transaction-order', {
    token,
    body: {
      cooperative_id: world.ctx.coop,
      savings_id: savingsId,
      amount,
      date,
      payment_mode_id: 1,
      comment: 'test',
      description: `${type} test`,
      transaction_type: type,
    },
  });
}

export async function placed(
  world: SavingsWorld,
  savingsId: string,
  type: 'DEPOSIT' | 'WITHDRAWAL',
  amount: string | number,
  date = '2026-03-10',
): Promise<OrderRow> {
  const r = await order(world, savingsId, type, amount, date);
  if (r.status !== 201)
    throw new Error(`Could not place an order: ${r.status} ${r.body.message} ${JSON.stringify(r.body.errors)}`);
  return r.body.data;
}

export const approve = (world: SavingsWorld, orderId: string) =>
  call<OrderRow>('POST', '/cooperative/transaction-order/approve', {
    token: world.ctx.token,
    body: { cooperative_id: world.ctx.coop, transaction_id: orderId, bank_id: world.bank },
  });

export const deny = (world: SavingsWorld, orderId: string) =>
  call<OrderRow>('POST', '/cooperative/transaction-order/deny', {
    token: world.ctx.token,
    body: { cooperative_id: world.ctx.coop, transaction_id: orderId },
  });

export async function deposited(
  world: SavingsWorld,
  savingsId: string,
  amount: string | number,
  date = '2026-03-10',
): Promise<OrderRow> {
  const o = await placed(world, savingsId, 'DEPOSIT', amount, date);
  const r = await approve(world, o.id);
  if (r.status !== 200) throw new Error(`Could not approve: ${r.status} ${r.body.message}`);
  return r.body.data;
}

export async function plan(world: SavingsWorld, memberId: string, planId: string): Promise<PlanRow> {
  const r = await call<{ data: PlanRow[] }>('GET', '/savings', {
    token: world.ctx.token,
    query: { cooperative_id: world.ctx.coop, coop_id: memberId },
  });
  const found = r.body.data.data.find((p) => p.id === planId);
  if (!found) throw new Error(`No plan ${planId}`);
  return found;
}

/** Running totals of one GL account (kobo), straight from the table. */
export async function glTotal(coop: string, code: string) {
  return (await getItem<{ debit: number; credit: number }>(keys.glTotal(coop, code), true)) ?? { debit: 0, credit: 0 };
}

/** Every account's running totals of a cooperative. */
export const glTotals = (coop: string) =>
  queryPartition<{ gl_code: string; debit: number; credit: number }>(keys.glTotalsPartition(coop));

export { GL };
