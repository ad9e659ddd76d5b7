import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/core/clients.ts';
import { config } from '../../functions/core/config.ts';
import { keys } from '../../functions/core/keys.ts';
import { backfill } from '../../functions/maintenance/backfill.ts';
import { call } from './support/api.ts';
import { useRuntimeEnv } from './support/env.ts';
import type { LoanWorld } from './support/loans.ts';
import { applied, application, loanProduct, loanWorld, members } from './support/loans.ts';

/**
 * The loans backfill (functions/loans/loans-backfill.ts): loans written before their status and
 * member list entries and counters are listed, searched and counted again after it runs.
 */
let world: LoanWorld;

beforeAll(async () => {
  useRuntimeEnv();
  world = await loanWorld('BL');
}, 60_000);

const remove = (key: { pk: string; sk: string }) =>
  db().send(new DeleteCommand({ TableName: config().tableName, Key: key }));

const list = (query: Record<string, string> = {}) =>
  call<{ data: { id: string }[]; meta: { total: number } }>('GET', '/cooperative/loans/list', {
    token: world.ctx.token,
    query: { cooperative_id: world.ctx.coop, ...query },
  });

describe('Loans backfill', () => {
  it("restores the loans' status and member entries and the loan counters, and running it twice changes nothing", async () => {
    const product = await loanProduct(world, 'Backfill Loan');
    const [applicant, s1, s2] = await members(world, 3);
    const loan = await applied(world, application(world, product, applicant.id, s1.id, s2.id, { date: '2026-01-10' }));

    // As a loan written before the list entries and counters.
    const coop = world.ctx.coop;
    await remove(keys.loanStatusRef(coop, 0, '2026-01-10', loan.id));
    await remove(keys.memberLoanRef(coop, applicant.id, '2026-01-10', loan.id));
    for (const name of ['loans', 'loans#status#0']) await remove(keys.counter(coop, `LIST#${name}`));
    expect((await list({ status: '0' })).body.data.data).toEqual([]);
    expect((await list({ query: applicant.id })).body.data.data).toEqual([]);
    expect((await list()).body.data.meta.total).toBe(0);

    for (let run = 0; run < 2; run++) {
      await backfill([coop]);
      const pending = await list({ status: '0' });
      expect(pending.body.data.data.map((l) => l.id)).toEqual([loan.id]);
      expect(pending.body.data.meta.total).toBe(1);
      expect((await list({ query: applicant.id })).body.data.data.map((l) => l.id)).toEqual([loan.id]);
      expect((await list()).body.data.meta.total).toBe(1);
      expect((await list({ status: '2' })).body.data.meta.total).toBe(0);
    }
  });
});
