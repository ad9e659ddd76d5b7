import { describe, expect, it } from 'vitest';
import { isOwnAccount } from './own-account';

describe('isOwnAccount', () => {
  it('takes every request of a member or executive as their own, as the server does', () => {
    expect(isOwnAccount({ role_name: 'cooperative-member', coop_id: 'DEMO0001' }, 'DEMO0001')).toBe(true);
    expect(isOwnAccount({ role_name: 'cooperative-executive', coop_id: 'DEMO0002' }, 'DEMO0002')).toBe(true);
    // The server answers for the caller whatever member they name.
    expect(isOwnAccount({ role_name: 'cooperative-member', coop_id: 'DEMO0001' }, 'DEMO0009')).toBe(true);
  });

  it("takes staff's request for another member as the member's, and for their own login ID as theirs", () => {
    expect(isOwnAccount({ role_name: 'cooperative-admin', coop_id: 'DEMO-ADMIN' }, 'DEMO0001')).toBe(false);
    expect(isOwnAccount({ role_name: 'cooperative-accountant', coop_id: 'DEMO-ACCT' }, 'DEMO0001')).toBe(false);
    expect(isOwnAccount({ role_name: 'super-admin', coop_id: 'ROOT' }, 'DEMO0001')).toBe(false);
    expect(isOwnAccount({ role_name: 'cooperative-admin', coop_id: 'DEMO-ADMIN' }, ' demo-admin ')).toBe(true);
  });

  it('shows the read-only terms when no one is signed in', () => {
    expect(isOwnAccount(undefined, 'DEMO0001')).toBe(true);
  });
});
