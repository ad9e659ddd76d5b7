import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/core/clients.ts';
import { config } from '../../functions/core/config.ts';
import { keys } from '../../functions/core/keys.ts';
import { backfill } from '../../functions/maintenance/backfill.ts';
import { call } from './support/api.ts';
import { useRuntimeEnv } from './support/env.ts';
import { memberBody } from './support/members.ts';
import type { SavingsWorld } from './support/savings.ts';
import { placed, planOf, savingsWorld } from './support/savings.ts';

/**
 * The savings backfill (functions/savings/savings-backfill.ts): orders, plans and change requests
 * written before their list entries and counters are found and counted again after it runs.
 */
let world: SavingsWorld;

beforeAll(async () => {
  useRuntimeEnv();
  world = await savingsWorld('BS');
}, 60_000);

const table = () => config().tableName;
const remove = (key: { pk: string; sk: string }) => db().send(new DeleteCommand({ TableName: table(), Key: key }));

const list = (path: string, query: Record<string, string> = {}) =>
  call<{ data: { id: string }[]; meta: { total: number } }>('GET', path, {
    token: world.ctx.token,
    query: { cooperative_id: world.ctx.coop, ...query },
  });

describe('Savings backfill', () => {
  it("restores the orders' member entries and the savings counters, and running it twice changes nothing", async () => {
    const made = await call<{ coop_id: string }>('POST', '/cooperative/member', {
      token: world.ctx.token,
      body: {
        ...memberBody(world.department, { firstname: 'Bisi', lastname: 'Backfillsav' }),
        cooperative_id: world.ctx.coop,
      },
    });
    expect(made.status, made.body.message).toBe(201);
    const member = made.body.data.coop_id;
    const plans = [await planOf(world, member), await planOf(world, member, { start_date: '2026-02-01' })];
    const orders = [
      await placed(world, plans[0].id, 'DEPOSIT', 100, '2026-03-01'),
      await placed(world, plans[1].id, 'DEPOSIT', 100, '2026-03-02'),
    ];
    const asked = await call('POST', '/cooperative/member/savings/change-amount', {
      token: world.ctx.token,
      body: { cooperative_id: world.ctx.coop, savings_id: plans[0].id, amount: '7000', comment: 'more' },
    });
    expect(asked.status, asked.body.message).toBe(201);

    // As data written before the list entries and counters.
    for (const o of orders) await remove(keys.memberOrderRef(world.ctx.coop, member, 'DEPOSIT', o.date, o.id));
    for (const name of ['orders#DEPOSIT', 'savings-plans', 'savings-requests'])
      await remove(keys.counter(world.ctx.coop, `LIST#${name}`));
    expect((await list('/cooperative/transaction-order/deposits', { query: 'backfillsav' })).body.data.data).toEqual(
      [],
    );
    expect((await list('/cooperative/transaction-order/deposits')).body.data.meta.total).toBe(0);

    for (let run = 0; run < 2; run++) {
      await backfill([world.ctx.coop]);
      const found = await list('/cooperative/transaction-order/deposits', { query: 'backfillsav' });
      expect(found.body.data.data.map((o) => o.id)).toEqual([orders[1].id, orders[0].id]);
      expect((await list('/cooperative/transaction-order/deposits')).body.data.meta.total).toBe(2);
      expect((await list('/cooperative/transaction-order/savings')).body.data.meta.total).toBe(2);
      expect((await list('/cooperative/savings/request')).body.data.meta.total).toBe(1);
    }
  });
});
