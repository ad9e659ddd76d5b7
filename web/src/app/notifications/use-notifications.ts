import { useMemo, useSyncExternalStore } from 'react';
import type { FlashbarProps } from '@cloudscape-design/components/flashbar';
import { notificationsStore } from './notifications-store';

/** Flashbar items for the shell, and the functions a page uses to raise a toast. */
export function useNotifications() {
  const items = useSyncExternalStore(notificationsStore.subscribe, notificationsStore.getItems);

  const flashItems = useMemo<FlashbarProps.MessageDefinition[]>(
    () =>
      items.map((item) => ({
        id: item.id,
        type: item.type,
        content: item.content,
        dismissible: true,
        dismissLabel: 'Dismiss message',
        onDismiss: () => notificationsStore.dismiss(item.id),
      })),
    [items],
  );

  return {
    flashItems,
    notify: notificationsStore.notify,
    dismiss: notificationsStore.dismiss,
  };
}
