import { describe, expect, it } from 'vitest';
import type { CooperativeFormInput } from './cooperative-form-schema';
import { cooperativeFormSchema, toCooperativeFormData } from './cooperative-form-schema';

const valid: CooperativeFormInput = {
  name: 'Lagos Teachers Cooperative',
  code: 'ltc01',
  email: 'info@ltc.example',
  phone: '+234 803 000 0009',
  address: '3 Allen Avenue, Ikeja',
  website: '',
  primary_color: '#112233',
  secondary_color: '#445566',
  status: '1',
  opening_date: '',
  max_amount: '',
  logo: null,
};

const messageOf = (input: Partial<CooperativeFormInput>, field: string) =>
  cooperativeFormSchema.safeParse({ ...valid, ...input }).error?.issues.find((issue) => issue.path[0] === field)?.message;

describe('the opening date and the largest single amount on the cooperative form', () => {
  it('sends them as the server takes them, blank to keep the current ones', () => {
    const body = toCooperativeFormData(cooperativeFormSchema.parse({ ...valid, opening_date: '2024-01-01', max_amount: '2,500,000.50' }));
    expect(body.get('opening_date')).toBe('2024-01-01');
    expect(body.get('max_amount')).toBe('2500000.5');
    const blank = toCooperativeFormData(cooperativeFormSchema.parse(valid));
    expect(blank.get('opening_date')).toBe('');
    expect(blank.get('max_amount')).toBe('');
  });

  it("gives the server's messages for a future opening date and an amount above the platform maximum", () => {
    expect(messageOf({ opening_date: '2999-01-01' }, 'opening_date')).toBe('The opening date cannot be in the future');
    expect(messageOf({ max_amount: '10000000000.01' }, 'max_amount')).toBe('Enter an amount of at most ₦10,000,000,000.00');
    expect(messageOf({ max_amount: '0' }, 'max_amount')).toBe('Enter an amount greater than zero');
  });
});
