import { describe, expect, it } from 'vitest';
import { read } from '#core/entity';
import { AppError } from '#core/errors';
import { newId } from '#core/ids';
import { UnreadTotalEntity } from './inbox-entity.ts';
import { isMessageCursor, messageCursor, putMessage } from './message-entity.ts';
import { ChatUserEntity } from './person-entity.ts';
import { useConfigEnv } from '../core/test-support/config-env.ts';

describe('chat entity modules', () => {
  useConfigEnv({ TABLE_NAME: 'chat-test' });

  it('writes a message in the pair partition under its cursor, as before, and takes that cursor back', () => {
    const createdAt = '2026-11-02T10:00:00.000Z';
    const message = {
      id: newId(Date.parse(createdAt)),
      from: 'STAFF1',
      to: 'M1',
      sender_name: 'Ada Obi',
      message: 'Hello',
      created_at: createdAt,
    };
    const put = putMessage('C1', message).Put;
    // The pair sorted: the same partition whoever sends.
    expect(put?.Item).toEqual({
      pk: 'T#C1#CHAT#M1#STAFF1',
      sk: `MSG#${createdAt}#${message.id}`,
      entity: 'CHAT_MESSAGE',
      ...message,
    });
    expect(isMessageCursor(messageCursor(message))).toBe(true);
    expect(isMessageCursor(`MSG#${createdAt}`)).toBe(false);
  });

  it('reads an unread total, which the first message creates with no entity name', () => {
    expect(read(UnreadTotalEntity, { pk: 'T#C1#CHATINBOX#M1', sk: '#UNREAD', unread: 3 })).toEqual({ unread: 3 });
  });

  it("reads a user item of the users domain as the chat's person, keeping when they were last seen, and refuses one without a name", () => {
    const user = {
      pk: 'T#C1#USER#M1',
      sk: 'USER',
      entity: 'USER',
      id: 'M1',
      coop_id: 'M1',
      firstname: 'Ada',
      lastname: 'Obi',
      email: 'ada@example.com',
      role_name: 'cooperative-member',
      status: 1,
      tenant: 'C1',
      last_seen_at: '2026-11-02T10:00:00.000Z',
    };
    expect(read(ChatUserEntity, user)).toEqual({
      coop_id: 'M1',
      firstname: 'Ada',
      lastname: 'Obi',
      role_name: 'cooperative-member',
      status: 1,
      last_seen_at: user.last_seen_at,
    });
    expect(() => read(ChatUserEntity, { ...user, firstname: undefined })).toThrow(AppError);
  });
});
