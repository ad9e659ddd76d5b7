import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { Entity } from 'dynamodb-toolbox/entity';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { anyOf } from 'dynamodb-toolbox/schema/anyOf';
import { item } from 'dynamodb-toolbox/schema/item';
import { nul } from 'dynamodb-toolbox/schema/nul';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { USER_STATUS } from '@coopledger/shared/statuses';
import { entityDefaults, getEntities, writeItem } from '#core/entity';
import { entityFilteredPage } from '#core/filtered-page';
import type { PageRequest } from '#core/list-page';
import { keys } from '#core/keys';

/**
 * The chat's view of people: the user item (users/) and the member item (members/) as the chat reads
 * them, with only the attributes it uses, each read checked; and the one attribute the chat writes on
 * a user, `last_seen_at` (when their last connection closed). The items belong to their own domains,
 * so these views name no entity attribute and never put an item; their key inputs are pk and sk.
 */
export const ChatUserEntity = new Entity({
  ...entityDefaults,
  name: 'CHAT_USER',
  schema: item({
    pk: string().key().hidden(),
    sk: string().key().hidden(),
    /** The login ID. */
    coop_id: string(),
    firstname: string(),
    lastname: string(),
    role_name: string(),
    status: number().enum(USER_STATUS.INACTIVE, USER_STATUS.ACTIVE),
    last_seen_at: string().optional(),
  }),
});

export type ChatUser = FormattedItem<typeof ChatUserEntity>;

const ChatMemberEntity = new Entity({
  ...entityDefaults,
  name: 'CHAT_MEMBER',
  schema: item({
    pk: string().key().hidden(),
    sk: string().key().hidden(),
    /** The member number (the member's login ID). */
    id: string(),
    gender: anyOf(string(), nul()).optional(),
  }),
});

/** The users of some login IDs (one BatchGet); unknown ones are left out. */
export async function chatUsers(tenant: string, loginIds: string[]): Promise<ChatUser[]> {
  return getEntities(
    ChatUserEntity,
    loginIds.map((id) => keys.user(tenant, id)),
  );
}

/** The genders of the members among some login IDs (one BatchGet), by upper-case member number. */
export async function memberGenders(tenant: string, loginIds: string[]): Promise<Map<string, string | null>> {
  const found = await getEntities(
    ChatMemberEntity,
    loginIds.map((id) => keys.member(tenant, id)),
  );
  return new Map(found.map((m) => [m.id.toUpperCase(), m.gender ?? null]));
}

/**
 * One page of a cooperative's active staff (admins and accountants) by login ID, from its staff
 * index (gsi2); `matches` checks a search. Staff are few, and inactive ones fewer: both are checked
 * on each staff user read.
 */
export function activeStaffPage(tenant: string, request: PageRequest, matches: (user: ChatUser) => boolean) {
  return entityFilteredPage(ChatUserEntity, keys.staffUsersPartition(tenant), request, {
    index: 'gsi2',
    keep: (user) => user.status === USER_STATUS.ACTIVE && matches(user),
  });
}
/** Records when a user was last connected; false when there is no such user. */
export function setLastSeen(tenant: string, loginId: string, at: string): Promise<boolean> {
  const update = ChatUserEntity.build(UpdateTransaction)
    .item({ ...keys.user(tenant, loginId), last_seen_at: at })
    .options({ condition: { attr: 'pk', exists: true } });
  return writeItem(update.params());
}
