import type { ChatPerson } from '@coopledger/shared/chat-views';
import { isMemberRole, isStaffRole } from '@coopledger/shared/roles';
import { USER_STATUS } from '@coopledger/shared/statuses';
import { forbidden, notFound } from '#core/errors';
import type { Identity } from '#core/identity';
import type { PageMeta } from '@coopledger/shared/envelope';
import { MEMBER_STATUS } from '@coopledger/shared/statuses';
import type { PageRequest } from '#core/list-page';
import { statsOfCooperative } from '../cooperatives/cooperative-stats-entity.ts';
import { memberPage } from '../members/member-entity.ts';
import { searchWords } from '#core/search-tokens';
import { searchMembers } from '../members/member-search-entity.ts';
import { isOnline } from './connection-entity.ts';
import type { ChatUser } from './person-entity.ts';
import { activeStaffPage, chatUsers, memberGenders } from './person-entity.ts';

/**
 * Who may talk to whom: a cooperative's staff (admins and accountants) with its members (members
 * and executives), both active and of the same cooperative. Nobody else, and never two people of
 * the same side.
 */

export type Side = 'staff' | 'member';
export const sideOf = (role: string): Side | undefined =>
  isStaffRole(role) ? 'staff' : isMemberRole(role) ? 'member' : undefined;

const nameOf = (user: Pick<ChatUser, 'firstname' | 'lastname'>) => `${user.firstname} ${user.lastname}`.trim();

/** Users with an open (unexpired) chat connection. */
async function onlineOf(tenant: string, loginIds: string[]): Promise<Set<string>> {
  const now = Math.floor(Date.now() / 1000);
  const online = await Promise.all(loginIds.map((loginId) => isOnline(tenant, loginId, now)));
  return new Set(loginIds.filter((_, index) => online[index]));
}

/** People as the chat shows them, with their real presence. Unknown login IDs are left out. */
export async function chatPeople(tenant: string, loginIds: string[]): Promise<Map<string, ChatPerson>> {
  const ids = [...new Set(loginIds.map((id) => id.toUpperCase()))];
  const [users, genders, online] = await Promise.all([
    chatUsers(tenant, ids),
    memberGenders(tenant, ids),
    onlineOf(tenant, ids),
  ]);
  return new Map(
    users.map((u) => {
      const id = u.coop_id.toUpperCase();
      return [
        id,
        {
          login_id: id,
          name: nameOf(u),
          role: u.role_name,
          gender: genders.get(id) ?? null,
          online: online.has(id),
          last_seen_at: u.last_seen_at ?? null,
        },
      ];
    }),
  );
}

/** The caller's side, or 403 for anyone outside the chat (platform staff). */
export function callerSide(identity: Identity): Side {
  const side = sideOf(identity.role);
  if (!side) throw forbidden("Chat is between a cooperative's staff and its members");
  return side;
}

/** The person the caller wants to talk to, if the caller may: else 404 (unknown) or 403. */
export async function partnerOf(tenant: string, identity: Identity, partnerId: string): Promise<ChatPerson> {
  const side = callerSide(identity);
  const id = partnerId.trim().toUpperCase();
  const [user] = await chatUsers(tenant, [id]);
  if (!user) throw notFound('Person');
  const theirs = sideOf(user.role_name);
  if (user.status !== USER_STATUS.ACTIVE || !theirs || theirs === side) {
    throw forbidden(
      side === 'staff'
        ? 'You can only message members of your cooperative'
        : 'You can only message the staff of your cooperative',
    );
  }
  const person = (await chatPeople(tenant, [id])).get(id);
  if (!person) throw notFound('Person');
  return person;
}

/**
 * One page of who the caller may start a conversation with, matching `search`: for staff the
 * cooperative's active members (by name, by the member search items; without a search in name
 * order), for members its active staff (by login ID; a search checks name and login ID).
 */
export async function contactsPage(
  tenant: string,
  identity: Identity,
  search: string | undefined,
  request: PageRequest,
): Promise<{ data: string[]; meta: PageMeta }> {
  if (callerSide(identity) === 'staff') {
    const found =
      searchWords(search).length > 0
        ? await searchMembers(tenant, search ?? '', request, (m) => m.status === MEMBER_STATUS.APPROVED)
        : await memberPage(
            tenant,
            request,
            async () => (await statsOfCooperative(tenant)).members_active ?? 0,
            MEMBER_STATUS.APPROVED,
          );
    return { data: found.data.map((m) => m.id.toUpperCase()), meta: found.meta };
  }
  const q = search?.trim().toLowerCase() ?? '';
  const found = await activeStaffPage(
    tenant,
    request,
    (u) => !q || nameOf(u).toLowerCase().includes(q) || u.coop_id.toLowerCase().includes(q),
  );
  return { data: found.data.map((u) => u.coop_id.toUpperCase()), meta: found.meta };
}
