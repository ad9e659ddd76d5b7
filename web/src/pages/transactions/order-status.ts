import { ORDER_STATUS, ORDER_STATUS_LABELS, statusLabel } from '@coopledger/shared/statuses';

/**
 * How an order's (or a loan's) status reads (spec 000 section 4): pending, approved, denied.
 * Only a pending item is offered Approve and Deny; an unknown number reads as pending so that it
 * is looked at, but it is not offered the actions.
 */
export function orderStatusLabel(status: number): string {
  return statusLabel(ORDER_STATUS_LABELS, status, ORDER_STATUS_LABELS[ORDER_STATUS.PENDING]);
}

export function isPending(status: number): boolean {
  return status === ORDER_STATUS.PENDING;
}

/** 'Deposit' or 'Withdrawal', for headings and messages. */
export function orderNoun(type: 'DEPOSIT' | 'WITHDRAWAL'): string {
  return type === 'DEPOSIT' ? 'Deposit' : 'Withdrawal';
}
