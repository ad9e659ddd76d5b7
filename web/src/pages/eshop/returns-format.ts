import type { EshopOrderView } from '@coopledger/shared/eshop-views';
import type { EshopReturnDestination } from '@coopledger/shared/schemas/eshop';
import { formatNaira } from '../../format/money';

/**
 * The rules of the Returns and Refunds screens that need no React (docs/decisions.md 2026-11-27
 * "Store stock and orders": a delivered order is taken back whole and refunded the way it was paid,
 * into the savings plan it was paid from or out of the bank account it was paid into).
 */

/** Where a returned order's items went. */
export const RETURNED_TO_LABELS: Readonly<Record<EshopReturnDestination, string>> = {
  STOCK: 'Back to stock',
  DAMAGES: 'Damages',
};

export const RETURN_DESTINATION_CHOICES = (Object.keys(RETURNED_TO_LABELS) as EshopReturnDestination[]).map(
  (value) => ({ value, label: RETURNED_TO_LABELS[value] }),
);

export const returnedToLabel = (destination: string): string =>
  RETURNED_TO_LABELS[destination as EshopReturnDestination] ?? destination;

/**
 * Where an order's refund goes: the savings plan it was paid from (its product's name), or the bank
 * account it was paid into (`bankName`, while the accounts load the words "Bank account").
 */
export function refundTarget(
  order: Pick<EshopOrderView, 'payment_method' | 'savings_product_name'>,
  bankName: string | undefined,
): string {
  if (order.payment_method === 'SAVINGS') return order.savings_product_name ?? 'Savings';
  if (order.payment_method === 'PAYROLL') return bankName ? `payroll deductions and ${bankName}` : 'payroll deductions';
  return bankName ?? 'Bank account';
}

/** What a return does, asked before it is taken. */
export function returnQuestion(
  order: Pick<EshopOrderView, 'order_no' | 'member_name' | 'total' | 'payment_method'>,
  target: string,
): string {
  const refund =
    order.payment_method === 'SAVINGS'
      ? `${formatNaira(order.total)} goes back into the member's ${target} account`
      : order.payment_method === 'PAYROLL'
        ? `of its ${formatNaira(order.total)}, the payroll installments not yet deducted are cancelled and what was deducted is paid back from the bank account chosen`
        : `${formatNaira(order.total)} is refunded from ${target}`;
  return `Take back order ${order.order_no} of ${order.member_name}? The whole order comes back and ${refund}. This cannot be undone.`;
}
