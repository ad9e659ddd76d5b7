import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ChatPush } from '../../api/chat';
import { applyChatPush, chatKeys } from '../../api/chat';
import { sessionToken } from '../../api/client';
import type { NotificationPush } from '../../api/notifications';
import { applyNotificationPush, notificationKeys } from '../../api/notifications';
import { loadRuntimeConfig } from '../../auth/runtime-config';

/** API Gateway closes a connection idle for 10 minutes; a ping every 5 keeps it open. */
export const PING_MS = 5 * 60_000;
const FIRST_RETRY_MS = 1000;
const MAX_RETRY_MS = 30_000;

/**
 * How long to wait before reconnect attempt `attempt` (0 for the first): doubling from a second up
 * to half a minute, each wait drawn between half and all of that so that every tab of a restarted
 * server does not come back at the same instant.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** A frame from the server as a chat or notification push, or null for anything else (pongs, errors, garbage). */
export function parsePush(data: unknown): ChatPush | NotificationPush | null {
  if (typeof data !== 'string') return null;
  let frame: unknown;
  try {
    frame = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof frame !== 'object' || frame === null) return null;
  const { type } = frame as { type?: unknown };
  if (type === 'chat.message' && typeof (frame as { message?: unknown }).message === 'object') return frame as ChatPush;
  if (type === 'chat.read' && typeof (frame as { unread?: unknown }).unread === 'number') return frame as ChatPush;
  if (
    (type === 'notification.new' || type === 'notification.read') &&
    typeof (frame as { unread?: unknown }).unread === 'number'
  )
    return frame as NotificationPush;
  return null;
}

/**
 * The signed-in user's WebSocket, open for as long as the authenticated shell is: pushes update the
 * cached conversations and unread count, and the notifications' bell. A closed connection is reopened with backoff
 * (and a fresh token); after every open the chat queries are read again, since anything sent while
 * it was closed, or before it first opened, was never pushed.
 */
export function useChatConnection(enabled: boolean): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!enabled) return;
    let socket: WebSocket | null = null;
    let stopped = false;
    let attempt = 0;
    let retryTimer: number | undefined;
    let pingTimer: number | undefined;

    const scheduleReconnect = () => {
      if (stopped) return;
      retryTimer = window.setTimeout(() => {
        retryTimer = undefined;
        void connect();
      }, reconnectDelay(attempt));
      attempt += 1;
    };

    async function connect(): Promise<void> {
      let url: string;
      try {
        const [config, token] = await Promise.all([loadRuntimeConfig(), sessionToken()]);
        // No token: the session ended, and the shell is about to unmount.
        if (!token) return;
        url = `${config.websocketUrl}?token=${encodeURIComponent(token)}`;
      } catch {
        scheduleReconnect();
        return;
      }
      if (stopped) return;
      const current = new WebSocket(url);
      socket = current;
      current.onopen = () => {
        attempt = 0;
        pingTimer = window.setInterval(() => current.send(JSON.stringify({ action: 'ping' })), PING_MS);
        void queryClient.invalidateQueries({ queryKey: chatKeys.all });
        void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      };
      current.onmessage = (event: MessageEvent) => {
        const push = parsePush(event.data);
        if (!push) return;
        if (push.type === 'notification.new' || push.type === 'notification.read')
          void applyNotificationPush(queryClient, push);
        else void applyChatPush(queryClient, push);
      };
      // A refused connection (an expired token) closes too, and is retried with a fresh token.
      current.onclose = () => {
        window.clearInterval(pingTimer);
        if (socket === current) socket = null;
        scheduleReconnect();
      };
    }

    // Back online: no need to sit out the rest of a long backoff.
    const reconnectNow = () => {
      if (retryTimer === undefined || stopped) return;
      window.clearTimeout(retryTimer);
      retryTimer = undefined;
      attempt = 0;
      void connect();
    };

    window.addEventListener('online', reconnectNow);
    void connect();
    return () => {
      stopped = true;
      window.removeEventListener('online', reconnectNow);
      window.clearTimeout(retryTimer);
      window.clearInterval(pingTimer);
      socket?.close();
    };
  }, [enabled, queryClient]);
}
