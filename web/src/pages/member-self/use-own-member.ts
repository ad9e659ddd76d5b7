import { MEMBER_ROLES } from '@coopledger/shared/roles';
import { useMemberDetail } from '../../api/members';
import { useRequiredSession } from '../../session/use-session';

/**
 * The signed-in member's or executive's own record; the API lets them reach no other. Staff have
 * no member record, so for them this loads nothing and `ownId` is null.
 */
export function useOwnMember() {
  const session = useRequiredSession();
  const ownId = MEMBER_ROLES.includes(session.user.role_name) ? session.user.coop_id : null;
  return { ownId, detail: useMemberDetail(ownId ?? '') };
}
