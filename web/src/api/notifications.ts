import type { QueryClient } from '@tanstack/react-query';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  NotificationPreferencesView,
  NotificationPush,
  NotificationsPage,
} from '@coopledger/shared/notification-views';
import type { NotificationPreferencesInput } from '@coopledger/shared/schemas/notifications';
import { routeData } from './client';

/**
 * The signed-in person's notifications (functions/notifications): the top bar's bell reads the
 * newest and the unread count; pushes over the WebSocket (app/chat/use-chat-connection.ts) keep them
 * current through applyNotificationPush, with a slow poll in case a push was missed.
 */
export type {
  NotificationPreferencesView,
  NotificationPush,
  NotificationView,
  NotificationsPage,
} from '@coopledger/shared/notification-views';

/** How many the bell lists. */
export const BELL_SIZE = 10;
export const NOTIFICATIONS_POLL_MS = 120_000;

// Notifications are the caller's own (tenant 'self'), never the cooperative being viewed.
const SELF = { scoped: false } as const;

export const notificationKeys = {
  all: ['notifications'] as const,
  bell: ['notifications', 'bell'] as const,
  preferences: ['notifications', 'preferences'] as const,
};

/** What a push changes: the count at once, the list read again. */
export function applyNotificationPush(queryClient: QueryClient, push: NotificationPush): Promise<void> {
  queryClient.setQueryData<NotificationsPage>(notificationKeys.bell, (page) =>
    page ? { ...page, unread: push.unread } : page,
  );
  return queryClient.invalidateQueries({ queryKey: notificationKeys.bell });
}

export function useBellNotifications() {
  return useQuery({
    queryKey: notificationKeys.bell,
    queryFn: ({ signal }) =>
      routeData('GET /user/notifications', { ...SELF, query: { page: 1, per_page: BELL_SIZE }, signal }),
    refetchInterval: NOTIFICATIONS_POLL_MS,
  });
}

function useAfterRead() {
  const queryClient = useQueryClient();
  return ({ unread }: { unread: number }) => {
    queryClient.setQueryData<NotificationsPage>(notificationKeys.bell, (page) => (page ? { ...page, unread } : page));
    return queryClient.invalidateQueries({ queryKey: notificationKeys.bell });
  };
}

export function useMarkNotificationsRead() {
  const onSuccess = useAfterRead();
  return useMutation({
    mutationFn: (ids: string[]) => routeData('POST /user/notifications/read', { ...SELF, body: { ids } }),
    onSuccess,
  });
}

export function useMarkAllNotificationsRead() {
  const onSuccess = useAfterRead();
  return useMutation({
    mutationFn: () => routeData('POST /user/notifications/read-all', { ...SELF, body: {} }),
    onSuccess,
  });
}

export function useNotificationPreferences() {
  return useQuery({
    queryKey: notificationKeys.preferences,
    queryFn: ({ signal }) => routeData('GET /user/notification-preferences', { ...SELF, signal }),
  });
}

export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NotificationPreferencesInput) =>
      routeData('PUT /user/notification-preferences', { ...SELF, body: input }),
    onSuccess: (saved: NotificationPreferencesView) => queryClient.setQueryData(notificationKeys.preferences, saved),
  });
}
