import { describe, expect, it } from 'vitest';
import { loanOffsetSchema } from '@coopledger/shared/schemas/loan-offsets';
import { withoutBlanks } from '../../forms/zod-form';
import { emptyOffset, isPartial, needsBank, newOffsetId, offsetBody } from './offset-helpers';

const messages = (values: Record<string, string>) => {
  const result = loanOffsetSchema.safeParse(withoutBlanks(values));
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
};

describe('the loan offset form', () => {
  it("shows the spec's messages for an empty form", () => {
    expect(messages(emptyOffset('2026-03-15'))).toEqual({
      loan_id: 'Please select loan',
      offset_mode: 'This field is required',
      offset_type: 'This field is required',
      loan_amount: 'This field is required',
    });
  });

  it('asks for a bank account only for mode 1, and for the amount, start date and tenure only for types 1 and 3', () => {
    const chosen = { ...emptyOffset('2026-03-15'), loan_id: 'L1', loan_amount: '120000', loan_balance: '134400' };
    expect(messages({ ...chosen, offset_mode: '1', offset_type: '2' })).toEqual({
      bank_id: 'Please select bank account',
    });
    expect(messages({ ...chosen, offset_mode: '2', offset_type: '2' })).toEqual({});
    expect(messages({ ...chosen, offset_mode: '2', offset_type: '3' })).toEqual({
      offset_amount: 'This field is required',
      restructure_tenure: 'This field is required',
      payment_start_date: 'This field is required',
    });
    expect(needsBank('1')).toBe(true);
    expect(needsBank('2')).toBe(false);
    expect([isPartial('1'), isPartial('2'), isPartial('3')]).toEqual([true, false, true]);
  });

  it('sends only the fields the mode and type use, with one id per submission', () => {
    const values = {
      ...emptyOffset('2026-03-15'),
      loan_id: 'L1',
      offset_mode: '2',
      offset_type: '2',
      loan_amount: '120000',
      loan_balance: '134400',
      offset_amount: '123600',
      bank_id: 'B1',
      restructure_tenure: '6',
      payment_start_date: '2026-04-15',
    };
    const id = newOffsetId();
    expect(id).toMatch(/^[0-9A-Z]{26}$/);
    expect(offsetBody(values, 'DEMO0001', id)).toEqual({
      loan_id: 'L1',
      offset_mode: 2,
      offset_type: 2,
      loan_amount: '120000',
      loan_balance: '134400',
      offset_amount: undefined,
      bank_id: undefined,
      date: '2026-03-15',
      restructure_tenure: undefined,
      payment_start_date: undefined,
      coop_id: 'DEMO0001',
      offset_id: id,
    });
    expect(offsetBody({ ...values, offset_mode: '1', offset_type: '3' }, 'DEMO0001', id)).toMatchObject({
      bank_id: 'B1',
      offset_amount: '123600',
      restructure_tenure: '6',
      payment_start_date: '2026-04-15',
    });
  });
});
