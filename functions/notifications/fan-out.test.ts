import { describe, expect, it } from 'vitest';
import type { FanOutReader } from './fan-out.ts';
import { dividendBankRecipients, fanOutPage } from './fan-out.ts';
import { messageOf } from './messages.ts';
import type { FanOutPageStart } from './notification-event-entity.ts';
import { fanOutEventPut, fanOutPageId } from './notification-event-entity.ts';
import { eventOf, streamRecordOf } from './stream.ts';
import { useConfigEnv } from '../core/test-support/config-env.ts';

/** Seven members M1..M7 in key order; the reader pages them as a Query would (after a key, `limit` of them). */
const MEMBERS = ['M1', 'M2', 'M3', 'M4', 'M5', 'M6', 'M7'];
const reads: (string | undefined)[] = [];
const memberReader: FanOutReader = async (_tenant, _data, after, limit) => {
  reads.push(after);
  const from = after === undefined ? 0 : MEMBERS.indexOf(after) + 1;
  const page = MEMBERS.slice(from, from + limit);
  const more = from + limit < MEMBERS.length;
  return {
    recipients: page.map((loginId) => ({ loginId, data: { amount: loginId } })),
    ...(more ? { next: page[page.length - 1] } : {}),
  };
};
const readers = { 'dividend.paid-bank': memberReader };

const root = { cooperative_id: 'C1', type: 'dividend.paid-bank' as const, data: { dividend_id: 'D1' } };

describe('a fan-out', () => {
  it('walks the whole list a page per event, each recipient once, the next page starting after the last one', async () => {
    reads.length = 0;
    const seen: string[] = [];
    const ids: string[] = [];
    let start: FanOutPageStart | undefined;
    let id = 'ROOT';
    for (let pages = 0; pages < 10; pages++) {
      ids.push(id);
      const page = await fanOutPage({ ...root, fan_out: start ?? { root_id: 'ROOT' } }, 3, readers);
      seen.push(...page.recipients.map((r) => r.loginId));
      if (!page.next) break;
      start = page.next;
      id = fanOutPageId(start);
    }
    // 7 members, 3 a page: pages M1-M3, M4-M6, M7; every page names the root.
    expect(seen).toEqual(MEMBERS);
    expect(reads).toEqual([undefined, 'M3', 'M6']);
    expect(ids).toEqual(['ROOT', 'ROOT.M3', 'ROOT.M6']);
  });

  it('gives the same next page when a page is delivered again, and none after the last', async () => {
    const second = { ...root, fan_out: { root_id: 'ROOT', after: 'M3' } };
    const first = await fanOutPage(second, 3, readers);
    const again = await fanOutPage(second, 3, readers);
    expect(first.next).toEqual({ root_id: 'ROOT', after: 'M6' });
    expect(again).toEqual(first);
    expect(fanOutPageId(again.next!)).toBe('ROOT.M6');
    // A page that ends the list exactly has no next page.
    expect((await fanOutPage({ ...root, fan_out: { root_id: 'ROOT', after: 'M4' } }, 3, readers)).next).toBeUndefined();
  });

  it('is refused for an event that is not a fan-out, a type without a reader, or an empty page size', async () => {
    await expect(fanOutPage({ ...root, fan_out: undefined }, 3, readers)).rejects.toThrow(/no fan-out reader/);
    await expect(
      fanOutPage({ ...root, type: 'dividend.paid', fan_out: { root_id: 'ROOT' } }, 3, readers),
    ).rejects.toThrow(/no fan-out reader/);
    await expect(fanOutPage({ ...root, fan_out: { root_id: 'ROOT' } }, 0, readers)).rejects.toThrow(/at least one/);
  });
});

describe('a dividend paid by bank', () => {
  it('tells each member with a dividend above 0 their own amount', () => {
    expect(
      dividendBankRecipients([
        { member_id: 'c1m1', amount: 10_050 },
        { member_id: 'C1M2', amount: 0 },
        { member_id: 'C1M3', amount: 123_456_789 },
      ]),
    ).toEqual([
      { loginId: 'C1M1', data: { amount: '₦100.50' } },
      { loginId: 'C1M3', data: { amount: '₦1,234,567.89' } },
    ]);
  });

  it('says where the money went, with the period when the dividend has one', () => {
    expect(messageOf('dividend.paid-bank', { amount: '₦100.50', period: '2025-12-01 to 2025-12-31' })).toEqual({
      title: 'Dividend paid by bank',
      body: 'Your dividend of ₦100.50 for 2025-12-01 to 2025-12-31 was paid to your bank account.',
      link: '/dashboard',
    });
    expect(messageOf('dividend.paid-bank', { amount: '₦200.00' }).body).toBe(
      'Your dividend of ₦200.00 was paid to your bank account.',
    );
  });
});

describe('the events of a fan-out', () => {
  useConfigEnv({ TABLE_NAME: 'notifications-test' });

  it('are written only when new: the first its own root with no recipients, the next ones named by where they start', () => {
    const now = new Date('2026-11-28T09:00:00.000Z');
    const first = fanOutEventPut(
      'C1',
      { type: 'dividend.paid-bank', data: { dividend_id: 'D1', none: undefined } },
      undefined,
      now,
    ).Put?.Item;
    const id = String(first?.id);
    expect(id).toMatch(/^[0-9A-Z]{26}$/);
    expect(first).toMatchObject({
      cooperative_id: 'C1',
      type: 'dividend.paid-bank',
      recipients: [],
      data: { dividend_id: 'D1' },
      fan_out: { root_id: id },
      gsi2pk: 'T#PLATFORM#NOTIFYPENDING',
    });
    const put = fanOutEventPut(
      'C1',
      { type: 'dividend.paid-bank', data: { dividend_id: 'D1' } },
      { root_id: 'R', after: 'M3' },
      now,
    );
    expect(put.Put?.Item).toMatchObject({ id: 'R.M3', fan_out: { root_id: 'R', after: 'M3' }, recipients: [] });
    expect(String(put.Put?.Item?.pk)).toBe('T#C1#NOTIFYEVENT#R.M3');
    expect(put.Put?.ConditionExpression).toBeDefined();
  });

  it('keep where their page starts through a stream record', () => {
    const event = {
      cooperative_id: 'C1',
      id: 'R.M3',
      type: 'dividend.paid-bank' as const,
      recipients: [],
      data: { dividend_id: 'D1' },
      fan_out: { root_id: 'R', after: 'M3' },
      created_at: '2026-11-28T09:00:00.000Z',
      expires_at: 1_790_000_000,
    };
    expect(eventOf(streamRecordOf(event))).toEqual(event);
  });
});
