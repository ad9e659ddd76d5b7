import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ChatMessagesPage, ChatMessageView, ChatPerson, MessagePages } from './chat';
import { addMessage, applyChatPush, canChat, chatKeys, currentPresence, flattenMessages } from './chat';

const ADA: ChatPerson = {
  login_id: 'DEMO0001',
  name: 'Adaeze Okafor',
  role: 'cooperative-member',
  gender: 'Female',
  online: true,
  last_seen_at: null,
};

function message(id: string, minute: number, from = 'DEMO0001', to = 'DEMO-ADMIN'): ChatMessageView {
  return {
    id,
    from,
    to,
    sender_name: from,
    message: `message ${id}`,
    created_at: `2026-11-22T09:${String(minute).padStart(2, '0')}:00.000Z`,
  };
}

function page(messages: ChatMessageView[], before: string | null): ChatMessagesPage {
  return { partner: ADA, data: messages, meta: { per_page: 2, has_more: before !== null, before } };
}

/** A conversation with two pages loaded: the newest (m3, m4) and the one before it (m1, m2). */
const loaded: MessagePages = {
  pages: [page([message('m3', 3), message('m4', 4)], 'cursor-m3'), page([message('m1', 1), message('m2', 2)], null)],
  pageParams: [null, 'cursor-m3'],
};

const ids = (data: MessagePages | undefined) => flattenMessages(data).map((m) => m.id);

describe('chat conversation cache', () => {
  it('lists the messages oldest first across the pages', () => {
    expect(ids(loaded)).toEqual(['m1', 'm2', 'm3', 'm4']);
    expect(flattenMessages(undefined)).toEqual([]);
  });

  it('adds a new message at the end of the newest page', () => {
    const next = addMessage(loaded, message('m5', 5, 'DEMO-ADMIN', 'DEMO0001'));
    expect(ids(next)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    expect(next?.pages[1]).toBe(loaded.pages[1]);
    expect(next?.pageParams).toEqual(loaded.pageParams);
  });

  it('keeps time order when a message arrives late', () => {
    const next = addMessage(loaded, { ...message('m3b', 3), created_at: '2026-11-22T09:03:30.000Z' });
    expect(ids(next)).toEqual(['m1', 'm2', 'm3', 'm3b', 'm4']);
  });

  it('adds a message only once, wherever it already is', () => {
    expect(addMessage(loaded, message('m4', 4))).toBe(loaded);
    expect(addMessage(loaded, message('m1', 1))).toBe(loaded);
    const once = addMessage(loaded, message('m5', 5));
    expect(addMessage(once, message('m5', 5))).toBe(once);
  });

  it('leaves a conversation that is not loaded alone', () => {
    expect(addMessage(undefined, message('m5', 5))).toBeUndefined();
  });
});

describe('chat pushes', () => {
  it('puts a pushed message in the conversation with its partner, once, and refreshes the lists', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(chatKeys.messages('DEMO0001'), loaded);
    queryClient.setQueryData(chatKeys.unread, { unread: 0 });

    // The admin's own message comes back as a push after the POST answer put it in already.
    const own = message('m5', 5, 'DEMO-ADMIN', 'DEMO0001');
    queryClient.setQueryData<MessagePages>(chatKeys.messages('DEMO0001'), (data) => addMessage(data, own));
    await applyChatPush(queryClient, { type: 'chat.message', message: own });
    await applyChatPush(queryClient, { type: 'chat.message', message: message('m6', 6) });

    expect(ids(queryClient.getQueryData(chatKeys.messages('DEMO0001')))).toEqual(['m1', 'm2', 'm3', 'm4', 'm5', 'm6']);
    // No conversation appears under our own login ID.
    expect(queryClient.getQueryData(chatKeys.messages('DEMO-ADMIN'))).toBeUndefined();
    expect(queryClient.getQueryState(chatKeys.unread)?.isInvalidated).toBe(true);
  });

  it('takes the unread total a read push carries', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(chatKeys.unread, { unread: 4 });
    await applyChatPush(queryClient, { type: 'chat.read', with: 'DEMO0001', unread: 1 });
    expect(queryClient.getQueryData(chatKeys.unread)).toEqual({ unread: 1 });
  });
});

describe('who has a chat', () => {
  it('is a cooperative staff member or member, never platform staff', () => {
    expect(
      ['cooperative-admin', 'cooperative-accountant', 'cooperative-executive', 'cooperative-member'].every((role) =>
        canChat(role as never),
      ),
    ).toBe(true);
    expect(canChat('super-admin')).toBe(false);
  });
});

describe('chat presence', () => {
  const conversation = (partner: ChatPerson) => ({
    partner,
    last_message: 'hello',
    last_at: '2026-11-22T09:00:00.000Z',
    last_from_me: false,
    unread: 0,
  });
  const listed = (partner: ChatPerson) => ({
    pages: [
      {
        data: [conversation(partner)],
        meta: { current_page: 1, first_page: 1, last_page: 1, per_page: 20, total: 1 },
      },
    ],
    pageParams: [1],
  });

  it("takes the polled conversations' presence over the conversation's first read", () => {
    const left = { ...ADA, online: false, last_seen_at: '2026-11-22T09:05:00.000Z' };
    expect(currentPresence(ADA, listed(left))).toEqual({ ...ADA, online: false, last_seen_at: left.last_seen_at });
  });

  it('keeps the first read for someone the conversations do not list yet', () => {
    const other = { ...ADA, login_id: 'DEMO0002', online: false };
    expect(currentPresence(ADA, listed(other))).toBe(ADA);
    expect(currentPresence(ADA, undefined)).toBe(ADA);
  });
});
