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

function messages(input: Partial<CooperativeFormInput>): Record<string, string> {
  const result = cooperativeFormSchema.safeParse({ ...valid, ...input });
  if (result.success) return {};
  // The form shows the first message of a field, as react-hook-form does.
  const first: Record<string, string> = {};
  for (const issue of result.error.issues) first[String(issue.path[0])] ??= issue.message;
  return first;
}

describe('the cooperative form', () => {
  it("gives the spec's messages for missing fields", () => {
    expect(messages({ name: '', code: '', address: '', phone: '', email: '' })).toEqual({
      name: 'Please enter the name',
      code: 'Please enter a code',
      address: 'Please enter a location',
      phone: 'Please enter a phone number',
      email: 'Email is required',
    });
  });

  it('refuses a malformed code, email, phone or website', () => {
    expect(messages({ code: 'a-b', email: 'nope', phone: 'call me', website: 'not a url' })).toEqual({
      code: 'The code may only contain letters and digits (2 to 10)',
      email: 'Please enter a valid email address',
      phone: 'Please enter a valid phone number',
      website: 'Please enter a valid website address',
    });
  });

  it('accepts only small image logos', () => {
    const pdf = new File(['%PDF'], 'logo.pdf', { type: 'application/pdf' });
    const huge = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'logo.png', { type: 'image/png' });

    expect(messages({ logo: pdf }).logo).toBe('The logo must be an image file (JPEG, PNG, GIF or WebP)');
    expect(messages({ logo: huge }).logo).toBe('The logo must be at most 2 MB');
  });

  it('sends the colours as JSON text and the code in capitals', () => {
    const logo = new File(['png'], 'logo.png', { type: 'image/png' });
    const body = toCooperativeFormData(cooperativeFormSchema.parse({ ...valid, logo }));

    expect(body.get('code')).toBe('LTC01');
    expect(JSON.parse(body.get('colors') as string)).toEqual({ primary_color: '#112233', secondary_color: '#445566' });
    expect(body.get('logo')).toBeInstanceOf(File);
  });
});

describe('the opening date and the largest single amount on the cooperative form', () => {
  it('sends them as the server takes them, blank to keep the current ones', () => {
    const body = toCooperativeFormData(
      cooperativeFormSchema.parse({ ...valid, opening_date: '2024-01-01', max_amount: '2,500,000.50' }),
    );
    expect(body.get('opening_date')).toBe('2024-01-01');
    expect(body.get('max_amount')).toBe('2500000.5');
    const blank = toCooperativeFormData(cooperativeFormSchema.parse(valid));
    expect(blank.get('opening_date')).toBe('');
    expect(blank.get('max_amount')).toBe('');
  });

  it("gives the server's messages for a future opening date and an amount above the platform maximum", () => {
    expect(messages({ opening_date: '2999-01-01' }).opening_date).toBe('The opening date cannot be in the future');
    expect(messages({ max_amount: '10000000000.01' }).max_amount).toBe('Enter an amount of at most ₦10,000,000,000.00');
    expect(messages({ max_amount: '0' }).max_amount).toBe('Enter an amount greater than zero');
  });
});

describe("the financial year's start month on the cooperative form", () => {
  it('sends the month chosen, 1 to 12, and refuses any other', () => {
    expect(
      toCooperativeFormData(cooperativeFormSchema.parse({ ...valid, year_start_month: '7' })).get('year_start_month'),
    ).toBe('7');
    expect(toCooperativeFormData(cooperativeFormSchema.parse(valid)).get('year_start_month')).toBe('');
    expect(messages({ year_start_month: '13' }).year_start_month).toBe('Select the month the financial year starts');
    expect(messages({ year_start_month: 'July' }).year_start_month).toBe('Select the month the financial year starts');
  });
});
