import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { ChatConversationView, ChatMessageView, ChatMessagesPage, ChatPerson } from '@coopledger/shared/chat-views';
import { db } from '#core/clients';
import type { Item } from '#core/db';
import { TransactionConditionFailed, getItem, nowIso, queryAll, table, transactWrite } from '#core/db';
import { invalid } from '#core/errors';
import { newId } from '#core/ids';
import { keys } from '#core/keys';

/**
 * Conversations (docs/data-model.md "Chat"). A message is written once, in the pair's partition,
 * together with both people's inbox items (last message, the recipient's unread count) and the
 * recipient's unread total: one transaction, so the Recent list and the badge never disagree with
 * the messages.
 */
export const MESSAGES_PER_PAGE = 30;
export const MAX_MESSAGES_PER_PAGE = 100;
const CURSOR = /^MSG#\d{4}-\d{2}-\d{2}T[\d:.]+Z#[0-9A-Z]{26}$/;

interface MessageItem extends Item {
  id: string;
  from: string;
  to: string;
  sender_name: string;
  message: string;
  created_at: string;
}

interface InboxItem extends Item {
  partner: string;
  last_message: string;
  last_at: string;
  last_from: string;
  unread: number;
}

const messageView = (m: MessageItem): ChatMessageView => ({ id: m.id, from: m.from, to: m.to, sender_name: m.sender_name, message: m.message, created_at: m.created_at });

export async function sendMessage(tenant: string, from: { login_id: string; name: string }, to: string, text: string): Promise<ChatMessageView> {
  const createdAt = nowIso();
  const id = newId(Date.parse(createdAt));
  const sender = from.login_id;
  const message: MessageItem = { id, from: sender, to, sender_name: from.name, message: text, created_at: createdAt };
  const TableName = table();
  const inbox = (owner: string, partner: string, unread: boolean) => ({
    Update: {
      TableName,
      Key: keys.chatInbox(tenant, owner, partner),
      UpdateExpression: `SET entity = :entity, partner = :partner, last_message = :text, last_at = :at, last_from = :from, gsi1pk = :gpk, gsi1sk = :gsk${unread ? ' ADD unread :one' : ', unread = if_not_exists(unread, :zero)'}`,
      ExpressionAttributeValues: {
        ':entity': 'CHAT_INBOX',
        ':partner': partner,
        ':text': text,
        ':at': createdAt,
        ':from': sender,
        ...keysAsValues(keys.chatInboxIndex(tenant, owner, createdAt, partner)),
        ...(unread ? { ':one': 1 } : { ':zero': 0 }),
      },
    },
  });
  await transactWrite([
    { Put: { TableName, Item: { ...keys.chatMessage(tenant, sender, to, `MSG#${createdAt}#${id}`), entity: 'CHAT_MESSAGE', ...message }, ConditionExpression: 'attribute_not_exists(pk)' } },
    inbox(sender, to, false),
    inbox(to, sender, true),
    { Update: { TableName, Key: keys.chatUnread(tenant, to), UpdateExpression: 'ADD unread :one', ExpressionAttributeValues: { ':one': 1 } } },
  ]);
  return messageView(message);
}

function keysAsValues(index: { gsi1pk: string; gsi1sk: string }) {
  return { ':gpk': index.gsi1pk, ':gsk': index.gsi1sk };
}

/** One page of the conversation between two people, oldest first, before a cursor (the oldest message of the page shown). */
export async function messagesPage(tenant: string, me: string, partner: ChatPerson, before: string | undefined, perPage: number): Promise<ChatMessagesPage> {
  if (before !== undefined && !CURSOR.test(before)) throw invalid('before', 'This is not a position in the conversation');
  const result = await db().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: before ? 'pk = :pk AND sk BETWEEN :first AND :before' : 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: before
        ? { ':pk': keys.chatConversationPartition(tenant, me, partner.login_id), ':first': 'MSG#', ':before': before }
        : { ':pk': keys.chatConversationPartition(tenant, me, partner.login_id), ':prefix': 'MSG#' },
      ScanIndexForward: false,
      // One more than the page tells whether older messages remain; the cursor itself comes back too.
      Limit: perPage + 1 + (before ? 1 : 0),
      ConsistentRead: true,
    }),
  );
  const rows = ((result.Items ?? []) as (MessageItem & { sk: string })[]).filter((row) => row.sk !== before);
  const hasMore = rows.length > perPage;
  const page = rows.slice(0, perPage).reverse();
  return {
    partner,
    data: page.map(messageView),
    meta: { per_page: perPage, has_more: hasMore, before: hasMore && page.length > 0 ? page[0].sk : null },
  };
}

/** The caller's conversations, latest first. */
export async function inboxOf(tenant: string, me: string): Promise<InboxItem[]> {
  return queryAll<InboxItem>({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.chatRecentPartition(tenant, me) },
    ScanIndexForward: false,
  });
}

export function conversationView(me: string, item: InboxItem, partner: ChatPerson): ChatConversationView {
  return { partner, last_message: item.last_message, last_at: item.last_at, last_from_me: item.last_from === me, unread: Number(item.unread ?? 0) };
}

export async function unreadOf(tenant: string, me: string): Promise<number> {
  const item = await getItem<{ unread?: number }>(keys.chatUnread(tenant, me), true);
  return Math.max(0, Number(item?.unread ?? 0));
}

/**
 * Marks a conversation read: its unread count goes to 0 and the person's total drops by as much,
 * conditioned on the count read, so a message arriving meanwhile is not lost from the total.
 */
export async function markRead(tenant: string, me: string, partner: string): Promise<number> {
  for (let attempt = 1; attempt <= 5; attempt++) {
    const inbox = await getItem<InboxItem>(keys.chatInbox(tenant, me, partner), true);
    const unread = Number(inbox?.unread ?? 0);
    if (unread === 0) break;
    try {
      await transactWrite([
        {
          Update: {
            TableName: table(),
            Key: keys.chatInbox(tenant, me, partner),
            UpdateExpression: 'SET unread = :zero',
            ConditionExpression: 'unread = :seen',
            ExpressionAttributeValues: { ':zero': 0, ':seen': unread },
          },
        },
        { Update: { TableName: table(), Key: keys.chatUnread(tenant, me), UpdateExpression: 'ADD unread :minus', ExpressionAttributeValues: { ':minus': -unread } } },
      ]);
      break;
    } catch (error) {
      if (!(error instanceof TransactionConditionFailed)) throw error;
    }
  }
  return unreadOf(tenant, me);
}
