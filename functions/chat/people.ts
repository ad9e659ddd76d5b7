import type { ChatPerson } from '@coopledger/shared/chat-views';
import { isMemberRole, isStaffRole } from '@coopledger/shared/roles';
import { USER_STATUS } from '@coopledger/shared/statuses';
import { forbidden, notFound } from '#core/errors';
import type { Identity } from '#core/identity';
import { memberDirectory } from '../members/member-store.ts';
import { isOnline } from './connection-entity.ts';
import type { ChatUser } from './person-entity.ts';
import { activeStaffOf, chatUsers, memberGenders } from './person-entity.ts';

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
 * Who the caller may start a conversation with, matching `search`: for staff the cooperative's
 * active members (by name or member number), for members its active staff.
 */
export async function contactsOf(
  tenant: string,
  identity: Identity,
  search: string | undefined,
): Promise<{ login_id: string; name: string }[]> {
  if (callerSide(identity) === 'staff') {
    const members = await memberDirectory(tenant, search);
    return members.map((m) => ({ login_id: m.id.toUpperCase(), name: m.name }));
  }
  const q = search?.trim().toLowerCase() ?? '';
  const users = await activeStaffOf(tenant);
  return users
    .map((u) => ({ login_id: u.coop_id.toUpperCase(), name: nameOf(u) }))
    .filter((u) => !q || u.name.toLowerCase().includes(q) || u.login_id.toLowerCase().includes(q))
    .sort((a, b) => a.name.localeCompare(b.name));
}
