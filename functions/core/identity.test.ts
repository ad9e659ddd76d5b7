import { describe, expect, it } from 'vitest';
import { identityFromClaims } from './identity.ts';

const claims = {
  sub: 'u-1',
  'cognito:username': 'demo0001',
  'custom:role': 'cooperative-member',
  'custom:cooperative_id': 'C1',
};

describe('identityFromClaims', () => {
  it("takes the sign-in time from auth_time, as text (API Gateway's authorizer) or a number", () => {
    expect(identityFromClaims({ ...claims, auth_time: '1764028800', iat: '1764032400' })?.authTime).toBe(1764028800);
    expect(identityFromClaims({ ...claims, auth_time: 1764028800 })?.authTime).toBe(1764028800);
  });

  it('falls back to iat, and to 0 when the token says neither, so a password change refuses it', () => {
    expect(identityFromClaims({ ...claims, iat: '1764032400' })?.authTime).toBe(1764032400);
    expect(identityFromClaims({ ...claims, auth_time: 'soon' })?.authTime).toBe(0);
    expect(identityFromClaims(claims)?.authTime).toBe(0);
  });
});
