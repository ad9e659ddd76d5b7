import { MEMBER_ROLES } from '@coopledger/shared/roles';
import type { SessionUser } from './types';

/**
 * Whether the server takes a plan or loan request as the caller's own (savings add-plan and loan
 * apply in functions/savings/handler.ts and functions/loans/handler.ts): a member or executive
 * always acts for themselves, staff when the member number is their own login ID. Such a request
 * gets the product's terms (its rate, today's date) whatever the form sends, so the forms show
 * those terms read-only. Without a signed-in user the forms show them read-only too.
 */
export function isOwnAccount(user: Pick<SessionUser, 'role_name' | 'coop_id'> | undefined, memberId: string): boolean {
  if (!user) return true;
  return MEMBER_ROLES.includes(user.role_name) || memberId.trim().toUpperCase() === user.coop_id.trim().toUpperCase();
}
