import { describe, expect, it } from 'vitest';
import type { Me } from '../api/auth';
import type { SessionUser } from './types';
import { sessionFromMe } from './session-from-me';

function aMe(user: Partial<SessionUser>): Me {
  return {
    user: {
      id: 'u1',
      coop_id: 'DEMO0001',
      firstname: 'Ada',
      lastname: 'Obi',
      email: 'ada@example.com',
      role_name: 'cooperative-member',
      status: 1,
      cooperative_id: 'c1',
      created_at: '2024-01-01T00:00:00.000Z',
      ...user,
    },
    member: null,
  };
}

describe('sessionFromMe', () => {
  it('starts a super-admin on the platform home, with no cooperative', () => {
    const session = sessionFromMe(aMe({ role_name: 'super-admin', cooperative_id: null }), 'jwt', false);

    expect(session.role).toBe('super-admin');
    expect(session.activeCooperativeId).toBeNull();
  });

  it('starts everyone else inside their own cooperative', () => {
    const session = sessionFromMe(aMe({ role_name: 'cooperative-admin', cooperative_id: 'c9' }), 'jwt', true);

    expect(session).toMatchObject({
      token: 'jwt',
      role: 'cooperative-admin',
      activeCooperativeId: 'c9',
      remember: true,
    });
  });
});
