import { isRole, PLATFORM_ROLES } from '@coopledger/shared/roles';
import type { LoginResult } from '../api/auth';
import type { Session } from './types';

/**
 * A platform user starts on the platform home (no cooperative chosen); everyone else works inside
 * their own cooperative from the start.
 */
export function sessionFromLogin(result: LoginResult, remember: boolean): Session {
  const role = result.user.role_name;
  if (!isRole(role)) throw new Error('Your account has no role in this application. Please contact your administrator.');
  return {
    token: result.token.token,
    user: result.user,
    role,
    activeCooperativeId: PLATFORM_ROLES.includes(role) ? null : result.user.cooperative_id,
    remember,
  };
}
