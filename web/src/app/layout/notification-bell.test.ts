import { describe, expect, it } from 'vitest';
import type { NotificationView } from '@coopledger/shared/notification-views';
import { MARK_ALL_READ, bellUtility, sinceText } from './notification-bell';

const NOW = Date.parse('2026-11-27T12:00:00.000Z');
const note = (id: string, read: boolean, link: string | null = '/member/loans'): NotificationView => ({
  id,
  type: 'loan.approved',
  title: 'Loan approved',
  body: 'Your Car Loan of ₦5.00 was approved and disbursed.',
  link,
  image: null,
  created_at: '2026-11-27T11:55:00.000Z',
  read,
});

describe('the bell', () => {
  it('shows a badge and the unread count, and marks the unread items', () => {
    const bell = bellUtility([note('A', false), note('B', true, null)], 1, NOW);
    expect(bell).toMatchObject({ badge: true, ariaLabel: 'Notifications, 1 unread', iconName: 'notification' });
    expect(bell.items).toEqual([
      expect.objectContaining({ id: MARK_ALL_READ, disabled: false }),
      {
        id: 'A',
        text: '● Loan approved',
        secondaryText: 'Your Car Loan of ₦5.00 was approved and disbursed. · 5 min ago',
        href: '/member/loans',
      },
      {
        id: 'B',
        text: 'Loan approved',
        secondaryText: 'Your Car Loan of ₦5.00 was approved and disbursed. · 5 min ago',
      },
    ]);
  });

  it('has no badge with nothing unread, and says when there is nothing yet', () => {
    const bell = bellUtility([], 0, NOW);
    expect(bell).toMatchObject({ badge: false, ariaLabel: 'Notifications' });
    expect(bell.items.map((i) => [i.id, 'disabled' in i && i.disabled])).toEqual([
      [MARK_ALL_READ, true],
      ['none', true],
    ]);
  });

  it('says how long ago', () => {
    expect(sinceText('2026-11-27T11:59:40.000Z', NOW)).toBe('just now');
    expect(sinceText('2026-11-27T09:00:00.000Z', NOW)).toBe('3 h ago');
    expect(sinceText('2026-11-26T11:00:00.000Z', NOW)).toBe('yesterday');
    expect(sinceText('2026-11-20T12:00:00.000Z', NOW)).toBe('7 days ago');
  });
});
