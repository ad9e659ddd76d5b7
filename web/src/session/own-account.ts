import { MEMBER_ROLES } from '@coopledger/shared/roles';
import type { SessionUser } from './types';

/**
 * Whether the server takes a request about a member as the caller's own (savings add-plan and loan
 * apply in functions/savings/handler.ts and functions/loans/handler.ts; a member's password change
 * in functions/members/handler.ts): a member or executive always acts for themselves, staff when
 * the member number is their own login ID. A plan or loan of one's own gets the product's terms
 * (its rate, today's date) whatever the form sends, so the forms show those terms read-only
 * (also without a signed-in user); a password change of one's own ends the session's sign-in, so
 * the web signs in again with the new password.
 */
export function isOwnAccount(user: Pick<SessionUser, 'role_name' | 'coop_id'> | undefined, memberId: string): boolean {
  if (!user) return true;
  return MEMBER_ROLES.includes(user.role_name) || memberId.trim().toUpperCase() === user.coop_id.trim().toUpperCase();
}
