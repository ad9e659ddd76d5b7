import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type {
  ChatConversationView,
  ChatMessageView,
  ChatMessagesPage,
  ChatPerson,
  ChatPush,
} from '@coopledger/shared/chat-views';
import { createUser } from '../../functions/users/user-service.ts';
import { apiUrl, call, superToken, tokenFor } from './support/api.ts';
import { useRuntimeEnv } from './support/env.ts';
import { createTestCooperative } from './support/fixtures.ts';
import { createDepartment } from './support/members.ts';
import type { SavingsWorld } from './support/savings.ts';
import { newMember } from './support/savings.ts';

/**
 * The private chat (functions/chat): who may talk to whom, what a conversation shows to whom, order
 * and paging, unread counts, the push to open WebSocket connections, and presence.
 */
interface Person {
  id: string;
  token: string;
}

let staff: Person;
let otherStaff: Person;
let ada: Person;
let bayo: Person;
let stranger: Person;
const sockets: WebSocket[] = [];

async function cooperativeWithStaff(prefix: string, members: number): Promise<{ staff: Person[]; members: Person[] }> {
  const coop = await createTestCooperative(prefix);
  const world = {
    ctx: { coop: coop.id, token: await superToken(), tag: prefix },
    department: await createDepartment(coop.id),
  } as SavingsWorld;
  const staffPeople: Person[] = [];
  for (const [index, role] of (['cooperative-admin', 'cooperative-accountant'] as const).entries()) {
    const loginId = `${coop.code}-STAFF${index}`;
    await createUser({
      tenant: coop.id,
      loginId,
      firstname: index === 0 ? 'Sade' : 'Tunde',
      lastname: 'Staff',
      email: `staff${index}@${coop.code.toLowerCase()}.example`,
      role,
      password: 'password123',
    });
    staffPeople.push({ id: loginId.toUpperCase(), token: await tokenFor(loginId) });
  }
  const memberPeople: Person[] = [];
  for (let i = 0; i < members; i++) memberPeople.push(await newMember(world));
  return { staff: staffPeople, members: memberPeople };
}

const send = (from: Person, to: Person | string, message: string) =>
  call<ChatMessageView>('POST', '/chat/messages', {
    token: from.token,
    body: { to: typeof to === 'string' ? to : to.id, message },
  });
const page = (who: Person, partner: Person, query: Record<string, string | number> = {}) =>
  call<ChatMessagesPage>('GET', '/chat/messages', { token: who.token, query: { with: partner.id, ...query } });
const unread = async (who: Person) =>
  (await call<{ unread: number }>('GET', '/chat/unread', { token: who.token })).body.data.unread;

function connect(who: Person): Promise<{ socket: WebSocket; pushes: ChatPush[] }> {
  const socket = new WebSocket(`${apiUrl().replace(/^http/, 'ws')}/ws?token=${encodeURIComponent(who.token)}`);
  sockets.push(socket);
  const pushes: ChatPush[] = [];
  socket.on('message', (data: Buffer) => pushes.push(JSON.parse(data.toString()) as ChatPush));
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ socket, pushes }));
    socket.once('error', reject);
  });
}

async function eventually<T>(read: () => Promise<T> | T, done: (value: T) => boolean): Promise<T> {
  let value = await read();
  for (let i = 0; i < 100 && !done(value); i++) {
    await sleep(50);
    value = await read();
  }
  return value;
}

beforeAll(async () => {
  useRuntimeEnv();
  const [alpha, beta] = await Promise.all([cooperativeWithStaff('CA', 2), cooperativeWithStaff('CB', 1)]);
  [staff, otherStaff] = alpha.staff;
  [ada, bayo] = alpha.members;
  [stranger] = beta.members;
});

afterAll(() => {
  for (const socket of sockets) socket.close();
});

describe('who may talk to whom', () => {
  it('lets staff and members of one cooperative talk, and nobody else', async () => {
    expect((await send(staff, ada, 'Welcome to the cooperative')).status).toBe(201);
    expect((await send(ada, staff, 'Thank you')).status).toBe(201);

    const staffToStaff = await send(staff, otherStaff, 'Lunch?');
    expect(staffToStaff.status).toBe(403);
    expect(staffToStaff.body.message).toBe('You can only message members of your cooperative');
    const memberToMember = await send(ada, bayo, 'Hi');
    expect(memberToMember.status).toBe(403);
    expect(memberToMember.body.message).toBe('You can only message the staff of your cooperative');
    // Another cooperative's staff are nobody here.
    expect((await send(stranger, staff, 'Hello')).status).toBe(404);
    expect((await call('GET', '/chat/conversations', { token: await superToken() })).status).toBe(403);
  });

  it('shows a conversation only to the two people in it', async () => {
    const mine = await page(ada, staff);
    expect(mine.body.data.data.map((m) => m.message)).toEqual(['Welcome to the cooperative', 'Thank you']);
    // Bayo names the same staff member and gets his own (empty) conversation, never Ada's.
    const bayos = await page(bayo, staff);
    expect(bayos.status).toBe(200);
    expect(bayos.body.data.data).toEqual([]);
    expect((await page(bayo, ada)).status).toBe(403);
    expect((await page(stranger, staff)).status).toBe(404);
  });

  it('refuses an empty or whitespace-only message', async () => {
    for (const message of ['', '   \n\t ']) {
      const r = await send(staff, ada, message);
      expect(r.status).toBe(422);
      expect(r.body.errors?.message).toBe('Please enter a message');
    }
  });

  it('lists contacts: members for staff, staff for members', async () => {
    const forStaff = await call<{ data: ChatPerson[] }>('GET', '/chat/contacts', { token: staff.token });
    expect(forStaff.body.data.data.map((p) => p.login_id).sort()).toEqual([ada.id, bayo.id].sort());
    const forMember = await call<{ data: ChatPerson[] }>('GET', '/chat/contacts', {
      token: bayo.token,
      query: { search: 'tunde' },
    });
    expect(forMember.body.data.data.map((p) => [p.login_id, p.name, p.role])).toEqual([
      [otherStaff.id, 'Tunde Staff', 'cooperative-accountant'],
    ]);
  });
});

describe('conversations', () => {
  it('pages back through a conversation in time order', async () => {
    const texts = Array.from({ length: 7 }, (_, i) => `Paging ${i + 1}`);
    for (const [i, text] of texts.entries())
      expect((await send(i % 2 ? bayo : otherStaff, i % 2 ? otherStaff : bayo, text)).status).toBe(201);

    const seen: string[][] = [];
    let before: string | undefined;
    for (;;) {
      const r = await page(bayo, otherStaff, { per_page: 3, ...(before ? { before } : {}) });
      expect(r.status).toBe(200);
      seen.unshift(r.body.data.data.map((m) => m.message));
      if (!r.body.data.meta.has_more) break;
      before = r.body.data.meta.before ?? undefined;
    }
    expect(seen).toEqual([['Paging 1'], ['Paging 2', 'Paging 3', 'Paging 4'], ['Paging 5', 'Paging 6', 'Paging 7']]);
    expect((await page(bayo, otherStaff, { before: 'MSG#nonsense' })).status).toBe(422);
  });

  it('keeps unread counts per conversation and in total until read', async () => {
    const before = await unread(bayo);
    await send(staff, bayo, 'One');
    await send(staff, bayo, 'Two');
    expect(await unread(bayo)).toBe(before + 2);

    const recent = await call<{ data: ChatConversationView[] }>('GET', '/chat/conversations', { token: bayo.token });
    expect(recent.body.data.data[0]).toMatchObject({
      partner: { login_id: staff.id, name: 'Sade Staff' },
      last_message: 'Two',
      last_from_me: false,
      unread: 2,
    });
    const staffSide = await call<{ data: ChatConversationView[] }>('GET', '/chat/conversations', {
      token: staff.token,
    });
    expect(staffSide.body.data.data.find((c) => c.partner.login_id === bayo.id)).toMatchObject({
      last_message: 'Two',
      last_from_me: true,
      unread: 0,
    });

    const read = await call<{ unread: number }>('POST', '/chat/read', { token: bayo.token, body: { with: staff.id } });
    expect(read.body.data.unread).toBe(before);
    expect(await unread(bayo)).toBe(before);
  });
});

describe('real time', () => {
  it('pushes a message to both sides, and shows who is online and when they were last seen', async () => {
    const adaSide = await connect(ada);
    const staffSide = await connect(staff);
    const online = await eventually(
      async () => (await page(staff, ada)).body.data.partner,
      (p) => p.online,
    );
    expect(online.online).toBe(true);

    const sent = await send(staff, ada, 'Are you there?');
    const isIt = (p: ChatPush) => p.type === 'chat.message' && p.message.id === sent.body.data.id;
    await eventually(
      () => adaSide.pushes,
      (list) => list.some(isIt),
    );
    await eventually(
      () => staffSide.pushes,
      (list) => list.some(isIt),
    );
    expect(adaSide.pushes.find(isIt)).toMatchObject({
      message: { from: staff.id, to: ada.id, sender_name: 'Sade Staff', message: 'Are you there?' },
    });

    adaSide.socket.close();
    const gone = await eventually(
      async () => (await page(staff, ada)).body.data.partner,
      (p) => !p.online && p.last_seen_at !== null,
    );
    expect(gone.online).toBe(false);
    expect(Date.now() - Date.parse(gone.last_seen_at ?? '')).toBeLessThan(60_000);
  });
});
