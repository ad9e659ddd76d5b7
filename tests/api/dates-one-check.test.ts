import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiResponse } from './support/api.ts';
import { call } from './support/api.ts';
import { useRuntimeEnv } from './support/env.ts';
import type { LoanWorld } from './support/loans.ts';
import { loanProduct, loanWorld } from './support/loans.ts';
import { newMember, order, planOf } from './support/savings.ts';

/**
 * One date check (shared/src/dates.ts): 30 February is refused wherever a date is read, with the
 * field's message, and nothing is read or written for it. The list filters used to take any
 * text shaped YYYY-MM-DD and read it as a range.
 */
let world: LoanWorld;
let member: { id: string; token: string };
let planId: string;

beforeAll(async () => {
  useRuntimeEnv();
  world = await loanWorld('DT');
  await loanProduct(world, 'Personal Loan');
  member = await newMember(world);
  planId = (await planOf(world, member.id)).id;
}, 60_000);

const errorsOf = (r: ApiResponse) => r.body.errors ?? {};

describe('a day that does not exist', () => {
  it('refuses a deposit order dated 2026-02-30 with the date field message, placing nothing', async () => {
    const r = await order(world, planId, 'DEPOSIT', 100, '2026-02-30');
    expect(r.status).toBe(422);
    expect(errorsOf(r)).toEqual({ date: 'This is not a valid date' });
    const deposits = await call<{ data: unknown[] }>('GET', '/cooperative/transaction-order/deposits', {
      token: world.ctx.token,
      query: { cooperative_id: world.ctx.coop },
    });
    expect(deposits.body.data.data).toHaveLength(0);
  });

  it('refuses list filters dated 2026-02-30 instead of reading them as a range', async () => {
    const lists: [string, Record<string, string>][] = [
      ['/cooperative/transaction-order/deposits', {}],
      ['/cooperative/transaction-order/savings', {}],
      ['/cooperative/member/details/transaction-history', { coop_id: member.id }],
      ['/cooperative/loans/list', {}],
      ['/cooperative/journal-entry', {}],
    ];
    for (const [path, extra] of lists) {
      const query = { cooperative_id: world.ctx.coop, ...extra };
      const start = await call('GET', path, {
        token: world.ctx.token,
        query: { ...query, start_date: '2026-02-30', end_date: '2026-03-31' },
      });
      expect(start.status, path).toBe(422);
      expect(errorsOf(start), path).toEqual({ start_date: 'This is not a valid date' });
      const end = await call('GET', path, {
        token: world.ctx.token,
        query: { ...query, start_date: '2026-02-01', end_date: '2026-02-30' },
      });
      expect(end.status, path).toBe(422);
      expect(errorsOf(end), path).toEqual({ end_date: 'This is not a valid date' });
      // The last real day of February is a filter like any other.
      const real = await call('GET', path, {
        token: world.ctx.token,
        query: { ...query, start_date: '2026-02-01', end_date: '2026-02-28' },
      });
      expect(real.status, `${path} ${real.body.message}`).toBe(200);
    }
  });

  it('refuses a loan import row dated 2026-02-30 with its column message, writing nothing', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Loans');
    sheet.addRow([
      'member',
      'loan_product',
      'loan_amount',
      'interest_rate',
      'tenure',
      'tenure_type',
      'calculation_method',
      'payment_start_date',
      'disbursement_date',
      'amount_repaid',
    ]);
    sheet.addRow([member.id, 'Personal Loan', 1000, 12, 2, 'Month(s)', 1, '2026-04-01', '2026-02-30', 0]);
    const form = new FormData();
    form.append('cooperative_id', world.ctx.coop);
    form.append('file', new Blob([Buffer.from(await book.xlsx.writeBuffer())]), 'loans.xlsx');
    const started = await call<{ import_id: string }>('POST', '/cooperative/loans/import', {
      token: world.ctx.token,
      form,
    });
    expect(started.status, started.body.message).toBe(202);

    let result: { done: boolean; status: string; errors: unknown[] } | undefined;
    for (let i = 0; i < 400 && !result?.done; i++) {
      if (i > 0) await new Promise((resolve) => setTimeout(resolve, 250));
      const r = await call<{ done: boolean; status: string; errors: unknown[] }>(
        'GET',
        '/cooperative/loans/import/status',
        {
          token: world.ctx.token,
          query: { cooperative_id: world.ctx.coop, import_id: started.body.data.import_id },
        },
      );
      expect(r.status, r.body.message).toBe(200);
      result = r.body.data;
    }
    expect(result?.status).toBe('INVALID');
    expect(result?.errors).toEqual([
      { row: 2, column: 'disbursement_date', message: 'Enter a valid date as YYYY-MM-DD' },
    ]);
    const loans = await call<{ data: unknown[] }>('GET', '/cooperative/member/loans', {
      token: world.ctx.token,
      query: { cooperative_id: world.ctx.coop, coop_id: member.id },
    });
    expect(loans.body.data.data).toHaveLength(0);
  }, 120_000);
});
