import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ChatConversationView,
  ChatMessagesPage,
  ChatMessageView,
  ChatPerson,
  ChatPush,
} from '@coopledger/shared/chat-views';
import type { Page } from '@coopledger/shared/envelope';
import type { Role } from '@coopledger/shared/roles';
import { MEMBER_ROLES, STAFF_ROLES } from '@coopledger/shared/roles';
import type { ChatMessageInput } from '@coopledger/shared/schemas/chat';
import { routeData } from './client';

/**
 * The private chat between a cooperative's staff and its members (spec 000 "Chat"; functions/chat).
 * Conversations come from the API; new messages and reads arrive over the WebSocket
 * (app/chat/use-chat-connection.ts), which updates the caches below through applyChatPush.
 */
export type {
  ChatConversationView,
  ChatMessagesPage,
  ChatMessageView,
  ChatPerson,
  ChatPush,
} from '@coopledger/shared/chat-views';

/** The top bar asks for the unread count this often, in case a push was missed. */
export const UNREAD_POLL_MS = 60_000;
/**
 * The chat page reads its conversations, and so everyone's presence, this often while it is in
 * view: a closed browser shows as "Last seen" within this time (presence is not pushed).
 */
export const PRESENCE_POLL_MS = 15_000;
/** Messages per page of a conversation. */
const MESSAGES_PER_PAGE = 30;

/** Staff talk to their members and members to their staff; platform staff have no chat (the API refuses them). */
export function canChat(role: Role): boolean {
  return STAFF_ROLES.includes(role) || MEMBER_ROLES.includes(role);
}

export const chatKeys = {
  all: ['chat'] as const,
  contacts: (search: string) => ['chat', 'contacts', search] as const,
  conversations: ['chat', 'conversations'] as const,
  messages: (partner: string) => ['chat', 'messages', partner] as const,
  unread: ['chat', 'unread'] as const,
};

/** A conversation as the cache keeps it: pages[0] is the newest, each page oldest first; the param is `before`. */
export type MessagePages = InfiniteData<ChatMessagesPage, string | null>;

/** The conversation's messages, oldest first, whatever order the pages were loaded in. */
export function flattenMessages(data: MessagePages | undefined): ChatMessageView[] {
  if (!data) return [];
  return data.pages.toReversed().flatMap((page) => page.data);
}

const byTime = (a: ChatMessageView, b: ChatMessageView) =>
  a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id);

/**
 * Adds a message (pushed, or the answer to our own send) to a loaded conversation, in time order in
 * the newest page. The same message arrives twice for its sender (the POST answer and the push),
 * so one already in any page is left alone. A conversation not loaded stays unloaded: it is read
 * whole when opened.
 */
export function addMessage(data: MessagePages | undefined, message: ChatMessageView): MessagePages | undefined {
  const [newest, ...older] = data?.pages ?? [];
  if (!data || !newest) return data;
  if (data.pages.some((page) => page.data.some((m) => m.id === message.id))) return data;
  return { ...data, pages: [{ ...newest, data: [...newest.data, message].sort(byTime) }, ...older] };
}

/** The list screens only need fresh conversations and counts; the open conversation is patched in place. */
function refreshSummaries(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: chatKeys.conversations }),
    queryClient.invalidateQueries({ queryKey: chatKeys.unread }),
  ]);
}

/** What a WebSocket push changes in the cache. */
export function applyChatPush(queryClient: QueryClient, push: ChatPush): Promise<unknown> {
  if (push.type === 'chat.message') {
    // Conversations are cached by partner. Only the partner's side is ever loaded (no one chats
    // with themselves), so trying both ends needs no knowledge of who we are.
    for (const end of [push.message.from, push.message.to]) {
      queryClient.setQueryData<MessagePages>(chatKeys.messages(end), (data) => addMessage(data, push.message));
    }
    return refreshSummaries(queryClient);
  }
  queryClient.setQueryData(chatKeys.unread, { unread: push.unread });
  return queryClient.invalidateQueries({ queryKey: chatKeys.conversations });
}

// Chat is about the caller's own cooperative (tenant 'self'), never the cooperative being viewed.
const SELF = { scoped: false } as const;

type PageParam = number;
const nextPage = (last: Page<unknown>): PageParam | undefined =>
  last.meta.current_page < last.meta.last_page ? last.meta.current_page + 1 : undefined;

/** Who the caller may message, by name search, a page at a time. */
export function useChatContacts(search: string) {
  return useInfiniteQuery({
    queryKey: chatKeys.contacts(search),
    queryFn: ({ pageParam, signal }) =>
      routeData('GET /chat/contacts', { ...SELF, query: { search, page: pageParam }, signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    // The last results stay up while the next search runs, rather than flashing a spinner per keystroke.
    placeholderData: keepPreviousData,
  });
}

/** The caller's conversations, latest first. */
export function useChatConversations() {
  return useInfiniteQuery({
    queryKey: chatKeys.conversations,
    queryFn: ({ pageParam, signal }) =>
      routeData('GET /chat/conversations', { ...SELF, query: { page: pageParam }, signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    refetchInterval: PRESENCE_POLL_MS,
  });
}

/** The freshest presence known of `person`: the polled conversations' if they list them. */
export function currentPresence<T extends ChatPerson>(
  person: T,
  conversations: InfiniteData<Page<ChatConversationView>, unknown> | undefined,
): T {
  const listed = conversations?.pages
    .flatMap((page) => page.data)
    .find((c) => c.partner.login_id === person.login_id)?.partner;
  return listed ? { ...person, online: listed.online, last_seen_at: listed.last_seen_at } : person;
}

/** One conversation, newest page first; fetching the "next" page reads older messages. */
export function useChatMessages(partner: string) {
  return useInfiniteQuery<ChatMessagesPage, Error, MessagePages, readonly string[], string | null>({
    queryKey: chatKeys.messages(partner),
    queryFn: ({ pageParam, signal }) =>
      routeData('GET /chat/messages', {
        ...SELF,
        query: { with: partner, before: pageParam, per_page: MESSAGES_PER_PAGE },
        signal,
      }),
    initialPageParam: null,
    getNextPageParam: (last) => (last.meta.has_more ? last.meta.before : undefined),
  });
}

/** The caller's unread messages: polled as a fallback, kept current by pushes. Off for platform staff. */
export function useChatUnread(enabled: boolean) {
  return useQuery({
    queryKey: chatKeys.unread,
    queryFn: ({ signal }) => routeData('GET /chat/unread', { ...SELF, signal }),
    refetchInterval: UNREAD_POLL_MS,
    enabled,
  });
}

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChatMessageInput) => routeData('POST /chat/messages', { ...SELF, body: input }),
    onSuccess: (message, input) => {
      queryClient.setQueryData<MessagePages>(chatKeys.messages(input.to), (data) => addMessage(data, message));
      return queryClient.invalidateQueries({ queryKey: chatKeys.conversations });
    },
  });
}

/** Marks the conversation with `partner` read; the answer is the caller's unread total. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (partner: string) => routeData('POST /chat/read', { ...SELF, body: { with: partner } }),
    onSuccess: (unread) => {
      queryClient.setQueryData(chatKeys.unread, unread);
      return queryClient.invalidateQueries({ queryKey: chatKeys.conversations });
    },
  });
}
