import { describe, expect, it } from 'vitest';
import type { ResolverOptions } from 'react-hook-form';
import { departmentSchema } from '@coopledger/shared/schemas/setup';
import { roleSchema } from '@coopledger/shared/schemas/roles';
import type { FormValues } from '../../api/entities';
import { valuesFrom } from './field-defs';
import { keepValuesResolver, withoutBlanks } from '../../forms/zod-form';

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<FormValues>;

describe('the setup forms checked with the shared schemas', () => {
  it("gives a blank required field the spec's message", async () => {
    const result = await keepValuesResolver(departmentSchema, { blankIsMissing: true })(
      { name: '  ', status: '1' },
      undefined,
      options,
    );
    expect(result.errors.name?.message).toBe('Please enter a department name');
  });

  it('lets a blank optional choice pass and keeps the values as typed', async () => {
    const values = { display_name: 'Auditor', belong_to: 'COOPERATIVE', base_role: '', status: '1' };
    const result = await keepValuesResolver(roleSchema, { blankIsMissing: true })(values, undefined, options);
    expect(result.errors).toEqual({});
    expect(result.values).toEqual(values);
  });

  it('leaves blanks out of what is sent', () => {
    expect(withoutBlanks({ name: 'Audit', description: ' ' })).toEqual({ name: 'Audit' });
  });

  it('reads a record into text values, with Active for a new record and never a password', () => {
    const fields = [
      { name: 'name', label: 'Name' },
      { name: 'amount', label: 'Amount' },
      { name: 'status', label: 'Status', kind: 'status' as const },
      { name: 'password', label: 'Password', kind: 'password' as const },
    ];
    expect(valuesFrom(fields, null)).toEqual({ name: '', amount: '', status: '1', password: '' });
    expect(valuesFrom(fields, { name: 'Fee', amount: 2.5, status: 0, password: 'x' })).toEqual({
      name: 'Fee',
      amount: '2.5',
      status: '0',
      password: '',
    });
  });
});
