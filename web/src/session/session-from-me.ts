import { PLATFORM_ROLES, isRole } from '@coopledger/shared/roles';
import type { Me } from '../api/auth';
import type { Session } from './types';

/**
 * A platform user starts on the platform home (no cooperative chosen); everyone else works inside
 * their own cooperative from the start (spec section 4).
 */
export function sessionFromMe(me: Me, token: string, remember: boolean): Session {
  const role = me.user.role_name;
  if (!isRole(role))
    throw new Error('Your account has no role in this application. Please contact your administrator.');
  return {
    token,
    user: me.user,
    member: me.member,
    role,
    activeCooperativeId: PLATFORM_ROLES.includes(role) ? null : me.user.cooperative_id,
    remember,
  };
}
