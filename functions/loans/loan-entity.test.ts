import { describe, expect, it } from 'vitest';
import { read } from '#core/entity';
import { AppError, conflict } from '#core/errors';
import { claimPut } from './loan-claim-entity.ts';
import { LoanEntity, approvalEffect, loanRepaymentUpdate, putLoan } from './loan-entity.ts';
import { useConfigEnv } from '../core/test-support/config-env.ts';

/** A pending loan as applyForLoan stored it before entity modules (docs/data-model.md "Loans"), keys and all. */
const row = {
  n: 1,
  payment_month: '2026-02-28',
  principal: 50_000_00,
  interest: 1_000_00,
  payment: 51_000_00,
  balance: 50_000_00,
  principal_paid: 0,
  interest_paid: 0,
  is_paid: 0,
};
const stored = {
  pk: 'T#C1#LOAN#L1',
  sk: 'LOAN',
  gsi1pk: 'T#C1#LOANS',
  gsi1sk: '2026-01-10#L1',
  gsi2pk: 'T#C1#MEMBERLOANS#M001',
  gsi2sk: '2026-01-10T09:00:00.000Z#L1',
  entity: 'LOAN',
  id: 'L1',
  cooperative_id: 'C1',
  member_id: 'M001',
  member: { firstname: 'Ada', lastname: 'Obi' },
  member_name: 'Ada Obi',
  product_id: 'PR1',
  product_name: 'Personal Loan',
  setup_id: 'LS1',
  loan_amount: 100_000_00,
  total_interest: 1_500_00,
  total_amount: 101_500_00,
  loan_balance: 101_500_00,
  tenure: 2,
  tenure_type: 'Month(s)',
  interest_rate: 12,
  calculation_method_id: 1,
  charge_id: 'CH1',
  charge_amount: 1_000_00,
  penal_charge: 0,
  penal_type: 'None',
  upfront: 0,
  upfront_amount: 0,
  source: 'Internal',
  repayment_type: 'Salary',
  payment_start_date: '2026-02-28',
  date: '2026-01-10',
  status: 0,
  is_paid: 0,
  surety_ids: ['S1', 'S2'],
  all_surety_ids: ['S1', 'S2'],
  schedule: [row, { ...row, n: 2, payment_month: '2026-03-31', interest: 500_00, payment: 50_500_00, balance: 0 }],
  version: 0,
  lien: null,
  created_by: 'M001',
  created_at: '2026-01-10T09:00:00.000Z',
  updated_at: '2026-01-10T09:00:00.000Z',
};

const thrownBy = (run: () => unknown): unknown => {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
};

describe('the loan entities', () => {
  useConfigEnv({ TABLE_NAME: 'loan-entity-test' });

  it('writes a new loan exactly as before: same keys and index keys, no Toolbox attributes, only if new', () => {
    const { pk: _pk, sk: _sk, gsi1pk: _1, gsi1sk: _2, gsi2pk: _3, gsi2sk: _4, entity: _5, ...record } = stored;
    const put = putLoan(read(LoanEntity, stored));
    expect(put.Put?.Item).toEqual(stored);
    expect(put.Put?.ConditionExpression).toMatch(/^attribute_not_exists\(/);
    expect(read(LoanEntity, stored)).toEqual(record);
  });

  it('reads an approved loan with its lien and an imported loan without sureties, and refuses a malformed loan', () => {
    const approved = {
      ...stored,
      status: 1,
      bank_id: 'B1',
      reference_no: 'LN1',
      approved_at: 'now',
      approved_by: 'ADMIN',
      lien: { plan_id: 'P1', amount: 5_000_00, released: false },
    };
    expect(read(LoanEntity, approved).lien).toEqual({ plan_id: 'P1', amount: 5_000_00, released: false });
    const imported = {
      ...stored,
      status: 1,
      surety_ids: [],
      all_surety_ids: [],
      amount_repaid: 0,
      imported: { import_id: 'I1', row: 2 },
    };
    expect(read(LoanEntity, imported)).toMatchObject({ surety_ids: [], imported: { import_id: 'I1', row: 2 } });
    const malformed = [
      { ...stored, loan_balance: undefined },
      { ...stored, status: 7 },
      { ...stored, schedule: 'none' },
      { ...stored, lien: { plan_id: 'P1' } },
    ];
    for (const bad of malformed) {
      const error = thrownBy(() => read(LoanEntity, bad));
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).statusCode).toBe(500);
    }
  });

  it('replaces the whole schedule on approval and on a repayment, never row by row (a shorter schedule would keep old rows)', () => {
    const rows = [{ ...row, is_paid: 1 as const, principal_paid: row.principal, interest_paid: row.interest }];
    const approval = {
      bank_id: 'B1',
      approved_by: 'ADMIN',
      approved_at: 'now',
      reference_no: 'LN1',
      schedule: rows,
      loan_balance: 0,
      total_interest: 1,
      total_amount: 1,
      lien: null,
    };
    const repayment = { rows, balance: 0, completed: true, releaseLien: false, now: 'now' };
    for (const { item } of [
      approvalEffect(read(LoanEntity, stored), approval),
      loanRepaymentUpdate('C1', read(LoanEntity, stored), repayment, conflict('changed')),
    ]) {
      const update = item.Update!;
      const [name] =
        Object.entries(update.ExpressionAttributeNames ?? {}).find(([, attr]) => attr === 'schedule') ?? [];
      const set = new RegExp(`${name} = (:\\w+)`).exec(update.UpdateExpression ?? '');
      expect(update.ExpressionAttributeValues?.[set?.[1] ?? '']).toEqual(rows);
      expect(update.UpdateExpression).not.toContain(`${name}[`);
    }
  });

  it('takes a running-loan claim only when there is none, or over the stale loan the applicant read', () => {
    const claim = { loan_id: 'L2', member_id: 'M001', product_id: 'PR1', created_at: 'now' };
    const first = claimPut('C1', claim, undefined).Put;
    expect(first?.Item).toEqual({ pk: 'T#C1#LOANCLAIM#M001#PR1', sk: 'CLAIM', entity: 'LOAN_CLAIM', ...claim });
    expect(first?.ConditionExpression).toMatch(/^attribute_not_exists\(#\w+\)$/);
    expect(Object.values(first?.ExpressionAttributeNames ?? {})).toEqual(['pk']);
    const over = claimPut('C1', claim, 'L1').Put;
    expect(over?.ConditionExpression).toMatch(/^#\w+ = :\w+$/);
    expect(Object.values(over?.ExpressionAttributeNames ?? {})).toEqual(['loan_id']);
    expect(Object.values(over?.ExpressionAttributeValues ?? {})).toEqual(['L1']);
  });
});
