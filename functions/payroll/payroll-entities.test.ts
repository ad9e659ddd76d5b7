import { describe, expect, it } from 'vitest';
import { read } from '#core/entity';
import { AppError } from '#core/errors';
import { claimItem } from './period-claim-entity.ts';
import { PayrollRowEntity } from './row-entity.ts';
import { putRunItem, runUpdate } from './run-entity.ts';
import { newRun } from './runs.ts';
import { useConfigEnv } from '../core/test-support/config-env.ts';

const run = newRun({
  id: 'R1',
  tenant: 'C1',
  period: { start_date: '2026-03-01', end_date: '2026-03-31', repayment_type: 'Salary' },
  bank: { id: 'B1', name: 'First Bank 0123', gl: '101001' },
  file: { name: 'march.xlsx', key: 't/C1/payroll/R1/upload.xlsx' },
  generation: 0,
  by: 'ADMIN',
  today: '2026-04-02',
});

/** A posted row as the batch ledger stores it (docs/data-model.md, "Payroll row"). */
const row = {
  pk: 'T#C1#BATCH#payroll#2026-03-01#2026-03-31#Salary#g0',
  sk: 'ROW#M1',
  entity: 'BATCH_ROW',
  row_key: 'M1',
  created_at: '2026-04-02T09:00:00.000Z',
  lines: [
    { gl_code: '101001', dc: 'D', amount: 500_000 },
    { gl_code: '102001', dc: 'C', amount: 500_000 },
  ],
  run_id: 'R1',
  row: 2,
  member_id: 'M1',
  member_name: 'Ada Obi',
  received: 500_000,
  expected: 500_000,
  to_loans: 500_000,
  to_savings: 0,
  excess: 0,
  shortfall: 0,
  loans: [
    {
      loan_id: 'L1',
      product_name: 'Salary',
      amount: 500_000,
      principal: 450_000,
      interest: 50_000,
      allocations: [{ n: 1, interest: 50_000, principal: 450_000 }],
      version_after: 4,
      completed: false,
      lien_released: null,
    },
  ],
  plans: [],
  posting_date: '2026-03-31',
};

describe('payroll entity modules', () => {
  useConfigEnv({ TABLE_NAME: 'entity-test' });

  it('writes a new run as runs were stored before: its key, its entry in the list of runs, nothing of Toolbox, only if new', () => {
    const { Put } = putRunItem(run, true);
    expect(Put?.Item).toEqual({
      pk: 'T#C1#PAYROLL#R1',
      sk: 'RUN',
      gsi1pk: 'T#C1#PAYROLLRUNS',
      gsi1sk: 'R1',
      entity: 'PAYROLL_RUN',
      ...run,
    });
    expect(Put?.ConditionExpression).toMatch(/^attribute_not_exists\(/);
  });

  it("replaces a run's error list whole (a shorter list leaves none of the longer one behind) and adds to its counters", () => {
    const errors = [{ row: 0, column: '', message: 'The run stopped' }];
    const { Update } = runUpdate('C1', 'R1', { status: 'FAILED', errors }, { rows_posted: 3 }).params();
    expect(Update?.Key).toEqual({ pk: 'T#C1#PAYROLL#R1', sk: 'RUN' });
    expect(Update?.UpdateExpression).not.toContain('[');
    expect(Object.values(Update?.ExpressionAttributeValues ?? {})).toContainEqual(errors);
    expect(Update?.UpdateExpression).toMatch(/ADD #a_1 :a_1/);
    expect(Update?.ExpressionAttributeNames?.['#a_1']).toBe('rows_posted');
  });

  it('takes a free period only while no claim exists, and a held one only while it names the run and generation read', () => {
    const period = { start_date: '2026-03-01', end_date: '2026-03-31', repayment_type: 'Salary' as const };
    const free = claimItem('C1', period, 'R2', 0, undefined, 'now').Put;
    expect(free?.Item).toMatchObject({ pk: 'T#C1#PAYROLLPERIOD#2026-03-01#2026-03-31#Salary', sk: 'CLAIM' });
    expect(free?.ConditionExpression).toBe('attribute_not_exists(#c_1)');
    expect(free?.ExpressionAttributeNames).toEqual({ '#c_1': 'pk' });
    const held = claimItem('C1', period, 'R2', 1, { run_id: 'R1', generation: 1, ...period }, 'now').Put;
    expect(held?.Item).toMatchObject({
      entity: 'PAYROLL_PERIOD',
      run_id: 'R2',
      generation: 1,
      ...period,
      updated_at: 'now',
    });
    expect(held?.ConditionExpression).toBe('(#c_1 = :c_1) AND (#c_2 = :c_2)');
    expect(held?.ExpressionAttributeNames).toEqual({ '#c_1': 'run_id', '#c_2': 'generation' });
    expect(held?.ExpressionAttributeValues).toEqual({ ':c_1': 'R1', ':c_2': 1 });
  });

  it('reads a posted row back for its reversal, and refuses one that lacks what the reversal undoes', () => {
    expect(read(PayrollRowEntity, row)).toMatchObject({
      member_id: 'M1',
      loans: [{ loan_id: 'L1', version_after: 4, lien_released: null }],
      plans: [],
    });
    const { loans: _loans, ...withoutLoans } = row;
    const error = (() => {
      try {
        read(PayrollRowEntity, withoutLoans);
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).statusCode).toBe(500);
  });
});
