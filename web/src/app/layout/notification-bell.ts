import type { TopNavigationProps } from '@cloudscape-design/components/top-navigation';
import type { NotificationView } from '@coopledger/shared/notification-views';

export const MARK_ALL_READ = 'mark-all-read';
const NONE = 'none';

/** "3 min ago"-style time of a notification, from its ISO time and now. */
export function sinceText(iso: string, now: number = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  return days === 1 ? 'yesterday' : `${days} days ago`;
}

/**
 * The bell in the top bar: a dropdown of the newest notifications (unread ones marked), a badge and
 * the unread count for screen readers, and "Mark all read". Items lead to their page; choosing one
 * marks it read (top-bar.tsx).
 */
export function bellUtility(
  notifications: readonly NotificationView[],
  unread: number,
  now: number = Date.now(),
): Omit<TopNavigationProps.MenuDropdownUtility, 'onItemClick' | 'onItemFollow'> {
  const items: TopNavigationProps.MenuDropdownUtility['items'] = [
    {
      id: MARK_ALL_READ,
      text: 'Mark all read',
      iconName: 'check',
      disabled: unread === 0,
      disabledReason: 'Nothing is unread',
    },
    ...(notifications.length === 0
      ? [{ id: NONE, text: 'No notifications yet', disabled: true }]
      : notifications.map((n) => ({
          id: n.id,
          text: n.read ? n.title : `● ${n.title}`,
          secondaryText: `${n.body} · ${sinceText(n.created_at, now)}`,
          ...(n.link ? { href: n.link } : {}),
        }))),
  ];
  return {
    type: 'menu-dropdown',
    text: 'Notifications',
    title: unread > 0 ? `Notifications (${unread} unread)` : 'Notifications',
    iconName: 'notification',
    badge: unread > 0,
    ariaLabel: unread > 0 ? `Notifications, ${unread} unread` : 'Notifications',
    items,
  };
}
