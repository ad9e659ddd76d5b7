import { describe, expect, it } from 'vitest';
import { parsePush, reconnectDelay } from './use-chat-connection';

describe('chat reconnect backoff', () => {
  it('doubles from a second up to half a minute', () => {
    const ceiling = (attempt: number) => reconnectDelay(attempt, () => 1);
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(ceiling)).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
  });

  it('waits at least half of that, so reconnecting tabs spread out', () => {
    expect(reconnectDelay(0, () => 0)).toBe(500);
    expect(reconnectDelay(3, () => 0.5)).toBe(6000);
    expect(reconnectDelay(20, () => 0)).toBe(15_000);
  });
});

describe('chat frames', () => {
  const message = {
    id: 'm1',
    from: 'DEMO0001',
    to: 'DEMO-ADMIN',
    sender_name: 'Adaeze Okafor',
    message: 'Hello',
    created_at: '2026-11-22T09:00:00.000Z',
  };

  it('reads message and read pushes', () => {
    expect(parsePush(JSON.stringify({ type: 'chat.message', message }))).toEqual({ type: 'chat.message', message });
    expect(parsePush(JSON.stringify({ type: 'chat.read', with: 'DEMO0001', unread: 2 }))).toEqual({
      type: 'chat.read',
      with: 'DEMO0001',
      unread: 2,
    });
  });

  it('reads notification pushes, which carry the unread count', () => {
    expect(parsePush(JSON.stringify({ type: 'notification.read', unread: 0 }))).toEqual({
      type: 'notification.read',
      unread: 0,
    });
    expect(parsePush(JSON.stringify({ type: 'notification.new', notification: { id: 'N1' }, unread: 3 }))).toEqual({
      type: 'notification.new',
      notification: { id: 'N1' },
      unread: 3,
    });
    expect(parsePush(JSON.stringify({ type: 'notification.new' }))).toBeNull();
  });

  it('ignores pongs, errors and anything unreadable', () => {
    expect(parsePush(JSON.stringify({ type: 'pong', at: '2026-11-22T09:00:00.000Z' }))).toBeNull();
    expect(parsePush(JSON.stringify({ type: 'error', message: 'Unknown action' }))).toBeNull();
    expect(parsePush(JSON.stringify({ type: 'chat.message' }))).toBeNull();
    expect(parsePush('not json')).toBeNull();
    expect(parsePush('null')).toBeNull();
    expect(parsePush(new ArrayBuffer(2))).toBeNull();
  });
});
