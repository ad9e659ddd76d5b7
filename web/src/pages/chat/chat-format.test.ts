import { describe, expect, it } from 'vitest';
import { lastMessagePreview, messageTime, presenceText, relativeTime } from './chat-format';

// Built from local parts so the expectations hold in any time zone.
const now = new Date(2026, 10, 22, 15, 0);
const at = (day: number, hour: number, minute = 0) => new Date(2026, 10, day, hour, minute);

describe('relative times', () => {
  it('says just now, then minutes ago within the hour', () => {
    expect(relativeTime(at(22, 14, 59), now)).toBe('1 minute ago');
    expect(relativeTime(new Date(now.getTime() - 30_000), now)).toBe('just now');
    // A sender's clock slightly ahead is still just now.
    expect(relativeTime(new Date(now.getTime() + 5000), now)).toBe('just now');
    expect(relativeTime(at(22, 14, 15), now)).toBe('45 minutes ago');
  });

  it('says today and yesterday with the time, then the date', () => {
    expect(relativeTime(at(22, 9, 5), now)).toBe('today at 9:05am');
    expect(relativeTime(at(21, 21, 30), now)).toBe('yesterday at 9:30pm');
    expect(relativeTime(at(20, 21, 30), now)).toBe('20 Nov 2026, 9:30pm');
    // The day before the 1st is the last of the month before.
    expect(relativeTime(new Date(2026, 9, 31, 8, 0), new Date(2026, 10, 1, 12, 0))).toBe('yesterday at 8:00am');
  });
});

describe('presence', () => {
  it('is Online while connected, else when last seen, or never', () => {
    expect(presenceText({ online: true, last_seen_at: at(20, 8).toISOString() }, now)).toBe('Online');
    expect(presenceText({ online: false, last_seen_at: at(22, 14, 50).toISOString() }, now)).toBe(
      'Last seen 10 minutes ago',
    );
    expect(presenceText({ online: false, last_seen_at: at(21, 8).toISOString() }, now)).toBe(
      'Last seen yesterday at 8:00am',
    );
    expect(presenceText({ online: false, last_seen_at: null }, now)).toBe('Last seen never');
  });
});

describe('message times', () => {
  it('shows the time alone today and the date on other days', () => {
    expect(messageTime(at(22, 9, 5).toISOString(), now)).toBe('9:05am');
    expect(messageTime(at(21, 9, 5).toISOString(), now)).toBe('21 Nov 2026, 9:05am');
  });
});

describe('last message preview', () => {
  it("marks the caller's own last message", () => {
    expect(lastMessagePreview({ last_message: 'See you', last_from_me: true })).toBe('You: See you');
    expect(lastMessagePreview({ last_message: 'Thanks', last_from_me: false })).toBe('Thanks');
  });
});
