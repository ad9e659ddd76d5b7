import { describe, expect, it } from 'vitest';
import { NOTIFICATION_TYPES } from '@coopledger/shared/notification-views';
import { e164 } from '#core/sms';
import { isBirthday } from './daily.ts';
import { messageOf } from './messages.ts';
import { notificationEventPut } from './notification-event-entity.ts';
import { eventOf } from './stream.ts';
import { useConfigEnv } from '../core/test-support/config-env.ts';

describe('notification messages', () => {
  it('says what happened, with the words the event carries', () => {
    expect(
      messageOf('order.approved', { kind: 'withdrawal', amount: '₦1,500.00', product: 'Regular Savings' }),
    ).toEqual({
      title: 'Withdrawal approved',
      body: 'Your withdrawal of ₦1,500.00 (Regular Savings) was approved.',
      link: '/member/transaction-history',
    });
    expect(
      messageOf('surety.answered', { surety: 'Bola Ade', answer: 'denied', product: 'Car Loan', amount: '₦9.00' }),
    ).toMatchObject({
      title: 'Surety denied',
      body: 'Bola Ade denied your request to stand surety for your Car Loan of ₦9.00.',
    });
  });

  it('has a title and text for every type, even without words', () => {
    for (const type of NOTIFICATION_TYPES) {
      const message = messageOf(type, {});
      expect(message.title.length, type).toBeGreaterThan(0);
      expect(message.body.length, type).toBeGreaterThan(0);
    }
  });
});

describe('birthdays', () => {
  it('fall on the same month and day, and 29 February on the 28th outside leap years', () => {
    expect(isBirthday('1990-04-12', '2026-04-12')).toBe(true);
    expect(isBirthday('1990-04-12', '2026-04-13')).toBe(false);
    expect(isBirthday('1992-02-29', '2026-02-28')).toBe(true);
    expect(isBirthday('1992-02-29', '2028-02-28')).toBe(false);
    expect(isBirthday('1992-02-29', '2028-02-29')).toBe(true);
    expect(isBirthday(undefined, '2026-04-12')).toBe(false);
    expect(isBirthday('12/04/1990', '2026-04-12')).toBe(false);
  });
});

describe('SMS numbers', () => {
  it('are written as E.164 for SNS (Nigerian numbers as +234)', () => {
    expect(e164('0803 123 4567')).toBe('+2348031234567');
    expect(e164('2348031234567')).toBe('+2348031234567');
    expect(e164('+44 20 7946 0958')).toBe('+442079460958');
    expect(e164('12345')).toBeUndefined();
  });
});

describe('the outbox event', () => {
  useConfigEnv({ TABLE_NAME: 'notifications-test' });

  it('is written only when new, once per recipient (upper-cased), in the pending index', () => {
    const put = notificationEventPut(
      'C1',
      { type: 'loan.approved', recipients: ['demo0001', 'DEMO0001', ''], data: { amount: '₦5.00', none: undefined } },
      new Date('2026-11-27T10:00:00.000Z'),
    );
    const item = put?.Put?.Item;
    expect(item).toMatchObject({
      cooperative_id: 'C1',
      type: 'loan.approved',
      recipients: ['DEMO0001'],
      data: { amount: '₦5.00' },
      entity: 'NOTIFICATION_EVENT',
      gsi2pk: 'T#PLATFORM#NOTIFYPENDING',
    });
    expect(String(item?.pk)).toMatch(/^T#C1#NOTIFYEVENT#/);
    expect(put?.Put?.ConditionExpression).toBeDefined();
    expect(notificationEventPut('C1', { type: 'birthday', recipients: [] })).toBeUndefined();
  });

  it('is read back from a stream record of an INSERT, and nothing else is', () => {
    const image = {
      pk: { S: 'T#C1#NOTIFYEVENT#E1' },
      sk: { S: 'EVENT' },
      entity: { S: 'NOTIFICATION_EVENT' },
      cooperative_id: { S: 'C1' },
      id: { S: 'E1' },
      type: { S: 'birthday' },
      recipients: { L: [{ S: 'DEMO0001' }] },
      data: { M: { name: { S: 'Ada' } } },
      created_at: { S: '2026-11-27T10:00:00.000Z' },
      expires_at: { N: '1790000000' },
    };
    expect(eventOf({ eventName: 'INSERT', dynamodb: { NewImage: image } })).toMatchObject({
      cooperative_id: 'C1',
      id: 'E1',
      type: 'birthday',
      recipients: ['DEMO0001'],
      data: { name: 'Ada' },
    });
    expect(eventOf({ eventName: 'MODIFY', dynamodb: { NewImage: image } })).toBeUndefined();
    expect(
      eventOf({ eventName: 'INSERT', dynamodb: { NewImage: { ...image, entity: { S: 'MEMBER' } } } }),
    ).toBeUndefined();
  });
});
