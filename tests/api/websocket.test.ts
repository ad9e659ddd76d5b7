import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { getItem } from '../../functions/core/db.ts';
import { keys } from '../../functions/core/keys.ts';
import { apiUrl, cooperativeId, tokenFor } from './support/api.ts';
import { useRuntimeEnv } from './support/env.ts';

function open(token?: string): Promise<WebSocket> {
  const url = `${apiUrl().replace(/^http/, 'ws')}/ws${token ? `?token=${encodeURIComponent(token)}` : ''}`;
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.once('open', () => resolve(socket));
    socket.once('unexpected-response', (_req, res) => reject(new Error(`refused with ${res.statusCode}`)));
    socket.once('error', reject);
  });
}

function nextMessage(socket: WebSocket): Promise<Record<string, unknown>> {
  return new Promise((resolve) =>
    socket.once('message', (data: Buffer) => resolve(JSON.parse(data.toString()) as Record<string, unknown>)),
  );
}

beforeAll(() => useRuntimeEnv());

describe('the chat WebSocket', () => {
  it('refuses a connection without a valid token', async () => {
    await expect(open()).rejects.toThrow('refused with 401');
    await expect(open('not.a.token')).rejects.toThrow('refused with 401');
  });

  it('answers a signed-in user, and records when they were last seen', async () => {
    const socket = await open(await tokenFor('DEMO0005'));
    const reply = nextMessage(socket);
    socket.send(JSON.stringify({ action: 'ping' }));
    expect(await reply).toMatchObject({ type: 'pong' });

    const unknown = nextMessage(socket);
    socket.send(JSON.stringify({ action: 'dance' }));
    expect(await unknown).toEqual({ type: 'error', message: 'Unknown action' });

    socket.close();
    const demo = await cooperativeId('DEMO');
    let user: { last_seen_at?: string } | undefined;
    for (let i = 0; i < 50 && !user?.last_seen_at; i++) {
      await sleep(50);
      user = await getItem(keys.user(demo, 'DEMO0005'), true);
    }
    expect(user?.last_seen_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });
});
