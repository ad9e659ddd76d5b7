/**
 * The private chat as the API and the WebSocket send it. See functions/chat and docs/data-model.md
 * "Chat".
 */

export interface ChatPerson {
  login_id: string;
  name: string;
  role: string;
  gender: string | null;
  /** An open chat connection right now. */
  online: boolean;
  /** When their last chat connection closed (ISO), or null if never. */
  last_seen_at: string | null;
}

export interface ChatMessageView {
  id: string;
  from: string;
  to: string;
  sender_name: string;
  message: string;
  created_at: string;
}

export interface ChatConversationView {
  partner: ChatPerson;
  last_message: string;
  last_at: string;
  last_from_me: boolean;
  unread: number;
}

/** One page of a conversation, oldest first; `before` fetches the page before it. */
export interface ChatMessagesPage {
  partner: ChatPerson;
  data: ChatMessageView[];
  meta: { per_page: number; has_more: boolean; before: string | null };
}

/** What the WebSocket pushes to a user's open connections. */
export type ChatPush =
  { type: 'chat.message'; message: ChatMessageView } | { type: 'chat.read'; with: string; unread: number };
