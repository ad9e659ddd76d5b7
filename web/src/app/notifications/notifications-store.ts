export type NotificationType = 'success' | 'error' | 'info' | 'warning';

export interface Notification {
  id: string;
  type: NotificationType;
  content: string;
}

type Listener = () => void;

// Errors stay until dismissed because the reader may need to act on them; the rest fade.
const AUTO_DISMISS_MS = 6000;

let items: readonly Notification[] = [];
let counter = 0;
const listeners = new Set<Listener>();

function set(next: readonly Notification[]): void {
  items = next;
  listeners.forEach((listener) => listener());
}

/**
 * Toasts live outside React so that the query cache and the api client can raise them too; the
 * shell's Flashbar renders them through `useNotifications`.
 */
export const notificationsStore = {
  getItems: (): readonly Notification[] => items,
  subscribe: (listener: Listener): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  notify: (type: NotificationType, content: string): string => {
    counter += 1;
    const id = `notification-${counter}`;
    set([...items, { id, type, content }]);
    if (type !== 'error') setTimeout(() => notificationsStore.dismiss(id), AUTO_DISMISS_MS);
    return id;
  },
  dismiss: (id: string): void => {
    if (items.some((item) => item.id === id)) set(items.filter((item) => item.id !== id));
  },
  clear: (): void => {
    if (items.length) set([]);
  },
};
