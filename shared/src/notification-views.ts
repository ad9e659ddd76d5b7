/**
 * Notifications as the API and the WebSocket send them (functions/notifications, docs/decisions.md
 * 2026-11-27 "Notifications"). A notification is one person's copy of an event, shown by the top
 * bar's bell; the same event may also be mailed or texted to them unless they opted out.
 */
import type { Page } from './envelope.ts';

export const NOTIFICATION_TYPES = [
  'order.approved',
  'order.denied',
  'loan.approved',
  'loan.denied',
  'surety.requested',
  'surety.answered',
  'registration.approved',
  'installment.due',
  'payroll.posted',
  'election.opened',
  'dividend.paid',
  'dividend.paid-bank',
  'birthday',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export interface NotificationView {
  id: string;
  type: NotificationType;
  title: string;
  body: string;
  /** Where the bell's item leads in the web app, or null. */
  link: string | null;
  /** An image to show with it (a birthday card), as a short-lived link, or null. */
  image: string | null;
  created_at: string;
  read: boolean;
}

/** A page of the caller's notifications, newest first, and how many of all of them are unread. */
export type NotificationsPage = Page<NotificationView> & { unread: number };

/** Whether the caller receives notifications by e-mail and by SMS (the bell always shows them). */
export interface NotificationPreferencesView {
  email: boolean;
  sms: boolean;
  /** Where they would go: the person's e-mail address and phone as stored, null when there is none. */
  email_address: string | null;
  phone: string | null;
}

/** What the WebSocket pushes about notifications (beside the chat's pushes). */
export type NotificationPush =
  | { type: 'notification.new'; notification: NotificationView; unread: number }
  | { type: 'notification.read'; unread: number };
