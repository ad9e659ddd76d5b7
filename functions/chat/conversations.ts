import type {
  ChatConversationView,
  ChatMessageView,
  ChatMessagesPage,
  ChatPerson,
} from '@coopledger/shared/chat-views';
import { TransactionConditionFailed, nowIso, transactWrite } from '#core/db';
import { invalid } from '#core/errors';
import { newId } from '#core/ids';
import type { InboxRecord } from './inbox-entity.ts';
import { countUnread, getInbox, inboxOnMessage, inboxRead, unreadTotal } from './inbox-entity.ts';
import type { MessageRecord } from './message-entity.ts';
import { isMessageCursor, latestMessages, messageCursor, putMessage } from './message-entity.ts';

/**
 * Conversations (docs/data-model.md "Chat"). A message is written once, in the pair's partition,
 * together with both people's inbox items (last message, the recipient's unread count) and the
 * recipient's unread total: one transaction, so the Recent list and the badge never disagree with
 * the messages.
 */
export const MESSAGES_PER_PAGE = 30;
export const MAX_MESSAGES_PER_PAGE = 100;

const messageView = (m: MessageRecord): ChatMessageView => ({
  id: m.id,
  from: m.from,
  to: m.to,
  sender_name: m.sender_name,
  message: m.message,
  created_at: m.created_at,
});

export async function sendMessage(
  tenant: string,
  from: { login_id: string; name: string },
  to: string,
  text: string,
): Promise<ChatMessageView> {
  const createdAt = nowIso();
  const sender = from.login_id;
  const message: MessageRecord = {
    id: newId(Date.parse(createdAt)),
    from: sender,
    to,
    sender_name: from.name,
    message: text,
    created_at: createdAt,
  };
  const last = { text, at: createdAt, from: sender };
  await transactWrite([
    putMessage(tenant, message),
    inboxOnMessage(tenant, sender, to, last, false),
    inboxOnMessage(tenant, to, sender, last, true),
    countUnread(tenant, to, 1),
  ]);
  return messageView(message);
}

/**
 * One page of the conversation between two people, oldest first, before a cursor (the oldest message of the page
 * shown).
 */
export async function messagesPage(
  tenant: string,
  me: string,
  partner: ChatPerson,
  before: string | undefined,
  perPage: number,
): Promise<ChatMessagesPage> {
  if (before !== undefined && !isMessageCursor(before))
    throw invalid('before', 'This is not a position in the conversation');
  // One more than the page tells whether older messages remain; the cursor itself comes back too.
  const latest = await latestMessages(tenant, me, partner.login_id, before, perPage + 1 + (before ? 1 : 0));
  const rows = latest.filter((row) => messageCursor(row) !== before);
  const hasMore = rows.length > perPage;
  const page = rows.slice(0, perPage).reverse();
  return {
    partner,
    data: page.map(messageView),
    meta: { per_page: perPage, has_more: hasMore, before: hasMore && page.length > 0 ? messageCursor(page[0]) : null },
  };
}

export function conversationView(me: string, item: InboxRecord, partner: ChatPerson): ChatConversationView {
  return {
    partner,
    last_message: item.last_message,
    last_at: item.last_at,
    last_from_me: item.last_from === me,
    unread: item.unread,
  };
}

export async function unreadOf(tenant: string, me: string): Promise<number> {
  return Math.max(0, await unreadTotal(tenant, me));
}

/**
 * Marks a conversation read: its unread count goes to 0 and the person's total drops by as much,
 * conditioned on the count read, so a message arriving meanwhile is not lost from the total.
 */
export async function markRead(tenant: string, me: string, partner: string): Promise<number> {
  for (let attempt = 1; attempt <= 5; attempt++) {
    const unread = (await getInbox(tenant, me, partner))?.unread ?? 0;
    if (unread === 0) break;
    try {
      await transactWrite([inboxRead(tenant, me, partner, unread), countUnread(tenant, me, -unread)]);
      break;
    } catch (error) {
      if (!(error instanceof TransactionConditionFailed)) throw error;
    }
  }
  return unreadOf(tenant, me);
}
