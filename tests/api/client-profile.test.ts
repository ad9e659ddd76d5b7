import { describe, expect, it } from 'vitest';
import { call, superToken, tokenFor } from './support/api.ts';

describe('the platform client profile', () => {
  it('reads and updates the profile (super-admin only)', async () => {
    const token = await superToken();
    const saved = await call('POST', '/client/update', {
      token,
      body: {
        name: 'CoopLedger Nigeria',
        email: 'hello@coopledger.example',
        phone: '+234 803 000 0000',
        address: '1 Broad Street, Lagos',
        website: 'https://coopledger.example',
      },
    });
    expect(saved.status, saved.body.message).toBe(200);
    expect(saved.body.message).toBe('Client profile updated successfully');
    const read = await call('GET', '/client', { token });
    expect(read.body.data).toMatchObject({
      name: 'CoopLedger Nigeria',
      email: 'hello@coopledger.example',
      website: 'https://coopledger.example',
    });
    expect((await call('GET', '/client', { token: await tokenFor('DEMO-ADMIN') })).status).toBe(403);
  });

  it('answers missing fields with their messages', async () => {
    const response = await call('POST', '/client/update', { token: await superToken(), body: { email: 'x' } });
    expect(response.status).toBe(422);
    expect(response.body.errors).toMatchObject({
      name: 'Please enter the name',
      email: 'Please enter a valid email address',
      address: 'Please enter a location',
    });
  });
});
