import type { ChatConversationView, ChatPerson } from '../../api/chat';
import type { DateInput } from '../../format/dates';
import { formatDateTime, formatTime, toDate } from '../../format/dates';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

const sameDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

function dayBefore(date: Date): Date {
  const previous = new Date(date);
  previous.setDate(date.getDate() - 1);
  return previous;
}

/**
 * When something happened, as people say it: 'just now', '5 minutes ago', 'today at 9:05am',
 * 'yesterday at 9:05am', then the full date and time.
 */
export function relativeTime(input: DateInput, now: Date): string {
  const date = toDate(input);
  if (!date) return formatDateTime(input);
  const ago = now.getTime() - date.getTime();
  // A clock a little ahead of ours still means just now.
  if (ago < MINUTE_MS) return 'just now';
  if (ago < HOUR_MS) {
    const minutes = Math.floor(ago / MINUTE_MS);
    return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  }
  if (sameDay(date, now)) return `today at ${formatTime(date)}`;
  if (sameDay(date, dayBefore(now))) return `yesterday at ${formatTime(date)}`;
  return formatDateTime(date);
}

/** The conversation header's line under the partner's name. */
export function presenceText(person: Pick<ChatPerson, 'online' | 'last_seen_at'>, now: Date): string {
  if (person.online) return 'Online';
  return person.last_seen_at ? `Last seen ${relativeTime(person.last_seen_at, now)}` : 'Last seen never';
}

/** The time under a message and beside a conversation: the time alone today, else the date too. */
export function messageTime(input: DateInput, now: Date): string {
  const date = toDate(input);
  return date && sameDay(date, now) ? formatTime(date) : formatDateTime(input);
}

/** The last message of a conversation as the Recent list shows it. */
export function lastMessagePreview(conversation: Pick<ChatConversationView, 'last_message' | 'last_from_me'>): string {
  return `${conversation.last_from_me ? 'You: ' : ''}${conversation.last_message}`;
}
