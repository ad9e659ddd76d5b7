import { describe, expect, it } from 'vitest';
import { useConfigEnv } from '../../functions/core/test-support/config-env.ts';
import { ORDERS_PER_MEMBER, countOrders, orderAt, orderItems, orderItemsOf } from './list-orders.ts';

const DAY = '2026-11-26';
const member = (i: number) => ({
  number: `LL${String(i + 1).padStart(6, '0')}`,
  firstname: 'Ifeoma',
  lastname: `Eze${i}`,
});

describe('bench list orders', () => {
  useConfigEnv();

  it('generates the same orders every time: most approved, some pending in the last month, a few denied, over two years', () => {
    expect(orderAt(123, 4, DAY)).toEqual(orderAt(123, 4, DAY));
    const orders = Array.from({ length: 2000 }, (_, m) =>
      Array.from({ length: ORDERS_PER_MEMBER }, (_, j) => orderAt(m, j, DAY)),
    ).flat();
    const share = (keep: (o: (typeof orders)[number]) => boolean) => orders.filter(keep).length / orders.length;
    expect(share((o) => o.status === 1)).toBeGreaterThan(0.8);
    expect(share((o) => o.status === 0)).toBeGreaterThan(0.07);
    expect(share((o) => o.status === 0)).toBeLessThan(0.13);
    expect(share((o) => o.status === 2)).toBeGreaterThan(0.03);
    expect(share((o) => o.status === 2)).toBeLessThan(0.07);
    expect(share((o) => o.type === 'WITHDRAWAL')).toBeGreaterThan(0.2);
    expect(share((o) => o.type === 'WITHDRAWAL')).toBeLessThan(0.3);
    for (const o of orders) {
      // 2024-11-27 is 729 days before 2026-11-26; 2026-10-28 is 29 days before.
      expect(o.date >= (o.status === 0 ? '2026-10-28' : '2024-11-27') && o.date <= DAY).toBe(true);
      expect(Number.isSafeInteger(o.amount) && o.amount >= 1000_00 && o.amount <= 100_000_00).toBe(true);
    }
    // Every month of the two years has orders, not a few days.
    expect(new Set(orders.map((o) => o.date.slice(0, 7))).size).toBe(25);
  });

  it('writes an order with its type-by-date index, its member list entry and, once approved, its member transaction', () => {
    const approved = { ...orderAt(0, 0, DAY), type: 'DEPOSIT' as const, status: 1 as const, date: '2026-03-10' };
    const [order, ref, txn, ...more] = orderItems('C1', member(0), 'P1', approved, 'ADMIN');
    const id = order.id as string;
    expect(more).toEqual([]);
    expect(order).toMatchObject({
      pk: `T#C1#ORDER#${id}`,
      sk: 'ORDER',
      gsi1pk: 'T#C1#ORDERS#DEPOSIT',
      gsi1sk: `2026-03-10#${id}`,
      entity: 'TRANSACTION_ORDER',
      coop_id: 'LL000001',
      member_name: 'Ifeoma Eze0',
      status: 1,
      approved_by: 'ADMIN',
    });
    expect(order).not.toHaveProperty('gsi2pk');
    expect(ref).toEqual({ pk: 'T#C1#MEMBERORDERS#DEPOSIT#LL000001', sk: `2026-03-10#${id}`, entity: 'LISTREF', id });
    expect(txn).toMatchObject({
      pk: 'T#C1#MEMBERTXN#LL000001',
      entity: 'MEMBER_TRANSACTION',
      transaction_date: '2026-03-10',
      order_id: id,
      reference_no: order.reference_no,
      amount: approved.amount,
      type_name: 'DEPOSIT',
    });

    const pending = orderItems('C1', member(0), 'P1', { ...approved, status: 0 }, 'ADMIN');
    expect(pending).toHaveLength(2);
    expect(pending[0]).toMatchObject({ gsi2pk: 'T#C1#PENDINGORDERS#DEPOSIT', status: 0 });
    const denied = orderItems('C1', member(0), 'P1', { ...approved, type: 'WITHDRAWAL', status: 2 }, 'ADMIN');
    expect(denied).toHaveLength(2);
    expect(denied[0]).toMatchObject({ gsi1pk: 'T#C1#ORDERS#WITHDRAWAL', status: 2, denied_by: 'ADMIN' });
    expect(denied[0]).not.toHaveProperty('gsi2pk');
  });

  it('counts the orders it writes, by type and status, for the list counters', () => {
    const items = [...orderItemsOf('C1', 300, member, DAY, 'ADMIN')];
    const stored = items.filter((item) => item.entity === 'TRANSACTION_ORDER');
    const ofType = (type: string) => stored.filter((o) => o.transaction_type === type).length;
    const ofStatus = (status: number) => stored.filter((o) => o.status === status).length;
    expect(stored).toHaveLength(3000);
    expect(countOrders(300, DAY)).toEqual({
      DEPOSIT: ofType('DEPOSIT'),
      WITHDRAWAL: ofType('WITHDRAWAL'),
      approved: ofStatus(1),
      pending: ofStatus(0),
      denied: ofStatus(2),
    });
    expect(items.filter((item) => item.entity === 'MEMBER_TRANSACTION')).toHaveLength(ofStatus(1));
    expect(items.filter((item) => item.entity === 'LISTREF')).toHaveLength(3000);
    // One savings plan per member: a member's orders all name it.
    const plans = new Set(stored.filter((o) => o.coop_id === 'LL000007').map((o) => o.savings_id));
    expect(plans.size).toBe(1);
  });
});
