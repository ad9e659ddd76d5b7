import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { Entity } from 'dynamodb-toolbox/entity';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { item } from 'dynamodb-toolbox/schema/item';
import { string } from 'dynamodb-toolbox/schema/string';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { appTable, entityDefaults, queryEntity, transactItem } from '#core/entity';
import { keys } from '#core/keys';

/**
 * A chat message, written once in the pair's partition (`T#<coop>#CHAT#<A>#<B>`, the pair sorted)
 * under `MSG#<created_at>#<id>`: that sort key is also the cursor of a page of the conversation.
 * The item does not store its cooperative, so its key inputs are the table's pk and sk (keys.ts).
 */
export const MessageEntity = new Entity({
  ...entityDefaults,
  name: 'CHAT_MESSAGE',
  schema: item({
    pk: string().key().hidden(),
    sk: string().key().hidden(),
    id: string(),
    /** Login IDs of the sender and the recipient. */
    from: string(),
    to: string(),
    sender_name: string(),
    message: string(),
    created_at: string(),
    entity: string().const('CHAT_MESSAGE').hidden(),
  }),
});

export type MessageRecord = FormattedItem<typeof MessageEntity>;

const CURSOR = /^MSG#\d{4}-\d{2}-\d{2}T[\d:.]+Z#[0-9A-Z]{26}$/;
/** A message's place in its conversation: its sort key. */
export const messageCursor = (message: Pick<MessageRecord, 'created_at' | 'id'>) =>
  `MSG#${message.created_at}#${message.id}`;
/** Whether a text is a message's place in a conversation (the form of `messageCursor`). */
export const isMessageCursor = (text: string) => CURSOR.test(text);

/** A new message, only if it is new. */
export function putMessage(tenant: string, message: MessageRecord) {
  return transactItem(
    MessageEntity.build(PutTransaction)
      .item({ ...keys.chatMessage(tenant, message.from, message.to, messageCursor(message)), ...message })
      .options({ condition: { attr: 'pk', exists: false } })
      .params(),
  );
}

/**
 * Up to `limit` messages between two people, newest first (consistent read), from the `before`
 * cursor down (the cursor's own message included) or from the latest.
 */
export function latestMessages(
  tenant: string,
  a: string,
  b: string,
  before: string | undefined,
  limit: number,
): Promise<MessageRecord[]> {
  const query = appTable
    .build(QueryCommand)
    .entities(MessageEntity)
    .query({
      partition: keys.chatConversationPartition(tenant, a, b),
      range: before ? { between: ['MSG#', before] } : { beginsWith: 'MSG#' },
    })
    .options({ reverse: true, limit, consistent: true });
  return queryEntity(MessageEntity, query.params());
}
