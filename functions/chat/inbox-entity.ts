import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { Entity } from 'dynamodb-toolbox/entity';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { $add, $get } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { entityDefaults, getEntity, transactItem } from '#core/entity';
import type { PageRequest } from '#core/list-page';
import { entityPage } from '#core/list-page';
import { pageMeta } from '#core/paging';
import { keys } from '#core/keys';

/**
 * Each person's side of a conversation (`T#<coop>#CHATINBOX#<OWNER>` / `<PARTNER>`: last message,
 * unread count; listed latest first by gsi1) and each person's unread total over all conversations
 * (`#UNREAD` in the same partition). Neither stores its owner or cooperative, so their key inputs
 * are the table's pk and sk (keys.ts).
 */
export const InboxEntity = new Entity({
  ...entityDefaults,
  name: 'CHAT_INBOX',
  schema: item({
    pk: string().key().hidden(),
    sk: string().key().hidden(),
    partner: string(),
    last_message: string(),
    last_at: string(),
    /** Login ID of who sent the last message. */
    last_from: string(),
    /** The owner's unread messages in this conversation. */
    unread: number(),
    entity: string().const('CHAT_INBOX').hidden(),
    gsi1pk: string().hidden(),
    gsi1sk: string().hidden(),
  }),
});

export type InboxRecord = FormattedItem<typeof InboxEntity>;

export function getInbox(tenant: string, owner: string, partner: string): Promise<InboxRecord | undefined> {
  return getEntity(InboxEntity, keys.chatInbox(tenant, owner, partner), true);
}

/**
 * One page of a person's conversations, latest first (gsi1). The chat reads them a page at a time
 * as the list scrolls and keeps no counter: the total is what was seen up to this page, plus one
 * when there is a next page.
 */
export async function recentInboxPage(tenant: string, owner: string, request: PageRequest) {
  const found = await entityPage(InboxEntity, keys.chatRecentPartition(tenant, owner), request, {
    index: 'gsi1',
    reverse: true,
    total: 0,
  });
  const { current_page, per_page, next_cursor } = found.meta;
  const seen = (current_page - 1) * per_page + found.data.length + (next_cursor ? 1 : 0);
  return { data: found.data, meta: { ...found.meta, ...pageMeta(seen, current_page, per_page) } };
}

/**
 * A message on one side of its conversation: created or updated with the last message (and moved
 * to the top of the owner's list); the recipient's side counts one more unread message, the
 * sender's keeps its count (0 for a new conversation).
 */
export function inboxOnMessage(
  tenant: string,
  owner: string,
  partner: string,
  last: { text: string; at: string; from: string },
  unread: boolean,
) {
  return transactItem(
    InboxEntity.build(UpdateTransaction)
      .item({
        ...keys.chatInbox(tenant, owner, partner),
        ...keys.chatInboxIndex(tenant, owner, last.at, partner),
        entity: 'CHAT_INBOX',
        partner,
        last_message: last.text,
        last_at: last.at,
        last_from: last.from,
        unread: unread ? $add(1) : $get('unread', 0),
      })
      .params(),
  );
}

/**
 * A conversation read: its unread count goes to 0, only while it is still `seen` (a message arriving meanwhile refuses
 * it).
 */
export function inboxRead(tenant: string, owner: string, partner: string, seen: number) {
  return transactItem(
    InboxEntity.build(UpdateTransaction)
      .item({ ...keys.chatInbox(tenant, owner, partner), unread: 0 })
      .options({ condition: { attr: 'unread', eq: seen } })
      .params(),
  );
}

/** A person's unread messages over all conversations; created by the first message they receive. */
export const UnreadTotalEntity = new Entity({
  ...entityDefaults,
  name: 'CHAT_UNREAD',
  schema: item({
    pk: string().key().hidden(),
    sk: string().key().hidden(),
    unread: number(),
  }),
});

export async function unreadTotal(tenant: string, owner: string): Promise<number> {
  return (await getEntity(UnreadTotalEntity, keys.chatUnread(tenant, owner), true))?.unread ?? 0;
}

/** Moves a person's unread total (created at `by` when there is none). */
export function countUnread(tenant: string, owner: string, by: number) {
  return transactItem(
    UnreadTotalEntity.build(UpdateTransaction)
      .item({ ...keys.chatUnread(tenant, owner), unread: $add(by) })
      .params(),
  );
}
