import type { OrderStatus } from '../../api/orders';

/**
 * How an order's (or a loan's) status reads (spec 000 section 4): 0 pending, 1 approved, 2 denied.
 * Only a pending item is offered Approve and Deny; an unknown number reads as pending so that it
 * is looked at, but it is not offered the actions.
 */
const LABELS: Record<OrderStatus, string> = { 0: 'Pending', 1: 'Approved', 2: 'Denied' };

export function orderStatusLabel(status: number): string {
  return status === 0 || status === 1 || status === 2 ? LABELS[status] : 'Pending';
}

export function isPending(status: number): boolean {
  return status === 0;
}

/** 'Deposit' or 'Withdrawal', for headings and messages. */
export function orderNoun(type: 'DEPOSIT' | 'WITHDRAWAL'): string {
  return type === 'DEPOSIT' ? 'Deposit' : 'Withdrawal';
}
