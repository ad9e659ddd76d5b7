import { describe, expect, it } from 'vitest';
import { journalEntrySchema } from '@coopledger/shared/schemas/accounting';
import { emptyJournal, journalBody, journalFieldPath, journalTotals, journalValuesOf } from './journal-form-values';

describe('the journal form', () => {
  it('starts with the date given and two blank lines', () => {
    const values = emptyJournal('2026-03-15');
    expect(values.date).toBe('2026-03-15');
    expect(values.lines).toHaveLength(2);
    expect(values.lines.every((line) => !line.gl_code && !line.debit && !line.credit)).toBe(true);
  });

  it('adds the running totals in kobo, so 0.1 and 0.2 make 0.3', () => {
    const totals = journalTotals([
      { debit: '0.1', credit: '' },
      { debit: '0.2', credit: '' },
      { debit: '', credit: '0.3' },
    ]);
    expect(totals).toEqual({ debit: 30, credit: 30, balanced: true });
  });

  it('counts a box that is not yet an amount as nothing', () => {
    expect(
      journalTotals([
        { debit: '12.345', credit: '' },
        { debit: '', credit: 'abc' },
      ]),
    ).toEqual({ debit: 0, credit: 0, balanced: true });
  });

  it('sends naira numbers, 0 on the side left blank', () => {
    const body = journalBody({
      date: '2026-03-15',
      description: ' Office rent ',
      lines: [
        { gl_code: '702002', description: 'March rent', debit: '1,500.50', credit: '' },
        { gl_code: '101002', description: '', debit: '', credit: '1500.5' },
      ],
    });
    expect(body).toEqual({
      date: '2026-03-15',
      description: 'Office rent',
      lines: [
        { gl_code: '702002', description: 'March rent', debit: 1500.5, credit: 0 },
        { gl_code: '101002', description: undefined, debit: 0, credit: 1500.5 },
      ],
    });
  });

  it('shows an existing entry with its amounts on their sides', () => {
    const values = journalValuesOf({
      transaction_code: 'JE-1',
      date: '2026-03-02',
      description: 'Rent',
      status: 1,
      created_by: 'DEMO-ACCT',
      first_approval: null,
      approved_by: null,
      denied_by: null,
      denial_reason: null,
      version: 0,
      total: 200,
      lines: [
        {
          id: 'JE-1-1',
          transaction_code: 'JE-1',
          date: '2026-03-02',
          description: 'a',
          gl_code: '702002',
          gl_name: 'Office Expenses',
          debit: 200,
          credit: 0,
          created_at: '',
        },
        {
          id: 'JE-1-2',
          transaction_code: 'JE-1',
          date: '2026-03-02',
          description: 'b',
          gl_code: '101002',
          gl_name: 'Main Bank Account',
          debit: 0,
          credit: 200,
          created_at: '',
        },
      ],
    });
    expect(values.lines).toEqual([
      { gl_code: '702002', description: 'a', debit: '200', credit: '' },
      { gl_code: '101002', description: 'b', debit: '', credit: '200' },
    ]);
  });

  it('is judged by the shared schema, whose balance message is the server one', () => {
    const result = journalEntrySchema.safeParse({
      date: '2026-03-15',
      description: 'Rent',
      lines: [
        { gl_code: '702002', description: '', debit: '100', credit: '' },
        { gl_code: '101002', description: '', debit: '', credit: '90' },
      ],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Total debits (100.00) and total credits (90.00) must be equal');
  });

  it('puts the server field errors where the form shows them', () => {
    expect(journalFieldPath('lines[1].gl_code', 2)).toBe('lines.1.gl_code');
    expect(journalFieldPath('lines.0.debit', 2)).toBe('lines.0.debit');
    expect(journalFieldPath('lines', 2)).toBe('lines');
    expect(journalFieldPath('description', 2)).toBe('description');
    expect(journalFieldPath('lines.5.gl_code', 2)).toBeNull();
    expect(journalFieldPath('cooperative_id', 2)).toBeNull();
  });
});
