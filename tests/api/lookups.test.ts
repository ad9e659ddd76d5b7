import { describe, expect, it } from 'vitest';
import { call, tokenFor } from './support/api.ts';

describe('lookups', () => {
  it('lists Nigerian banks with their codes, without a token', async () => {
    const response = await call<{ name: string; code: string }[]>('GET', '/banks');
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual(
      expect.arrayContaining([{ id: expect.any(Number) as number, name: 'Zenith Bank', code: '057' }]),
    );
  });

  it('lists countries and the states of Nigeria', async () => {
    const countries = await call<{ id: string; name: string }[]>('GET', '/utilities/countries');
    expect(countries.body.data).toEqual(expect.arrayContaining([{ id: 'NG', name: 'Nigeria' }]));
    const states = await call<{ name: string; country_id: string }[]>('GET', '/utilities/state', {
      query: { country_id: 'NG' },
    });
    expect(states.body.data).toHaveLength(37);
    expect(states.body.data.map((s) => s.name)).toContain('Lagos');
  });

  it('asks for the country when it is missing', async () => {
    const response = await call('GET', '/utilities/state');
    expect(response.status).toBe(422);
    expect(response.body.message).toBe('Please select a country');
  });

  it('serves calculation methods and payment modes to signed-in users', async () => {
    const token = await tokenFor('DEMO0001');
    const methods = await call<{ id: number; name: string }[]>('GET', '/calculation-method', { token });
    expect(methods.body.data.map((m) => m.id)).toEqual([1, 2, 3]);
    const modes = await call<{ name: string }[]>('GET', '/payment-mode', { token });
    expect(modes.body.data.map((m) => m.name)).toContain('Bank Transfer');
  });
});
