import type { StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import type { EshopOrderLineView, EshopOrderView } from '@coopledger/shared/eshop-views';
import type { EshopOrderAction } from '@coopledger/shared/schemas/eshop';
import { ESHOP_PAYMENT_METHOD_LABELS } from '@coopledger/shared/schemas/eshop';
import type { EshopOrderStatus } from '@coopledger/shared/statuses';
import { ESHOP_ORDER_STATUS, ESHOP_ORDER_STATUS_LABELS, statusLabel } from '@coopledger/shared/statuses';
import { formatNaira } from '../../format/money';

/**
 * The rules of the order screens that need no React: how a status and a payment read, and which
 * steps an order may take from its status (the server's, docs/decisions.md 2026-11-27 "Store stock
 * and orders"; any other step is a 409 there, so it is not offered here).
 */

/** The steps in the order their buttons stand. */
export const ORDER_STEPS: readonly EshopOrderAction[] = ['confirm', 'dispatch', 'deliver', 'reject', 'cancel'];

/** The statuses each step may start from. */
const STEP_FROM: Readonly<Record<EshopOrderAction, readonly EshopOrderStatus[]>> = {
  confirm: [ESHOP_ORDER_STATUS.PENDING],
  dispatch: [ESHOP_ORDER_STATUS.CONFIRMED],
  deliver: [ESHOP_ORDER_STATUS.CONFIRMED, ESHOP_ORDER_STATUS.ON_THE_WAY],
  reject: [ESHOP_ORDER_STATUS.PENDING],
  cancel: [ESHOP_ORDER_STATUS.PENDING, ESHOP_ORDER_STATUS.CONFIRMED, ESHOP_ORDER_STATUS.ON_THE_WAY],
};

/** The steps an order in `status` may take, in button order; none once it is delivered or ended. */
export function orderSteps(status: number): EshopOrderAction[] {
  return ORDER_STEPS.filter((step) => STEP_FROM[step].some((from) => from === status));
}

/** The button of each step (Cancel order, so it is not taken for a dialog's Cancel). */
export const STEP_LABELS: Readonly<Record<EshopOrderAction, string>> = {
  confirm: 'Confirm',
  dispatch: 'Dispatch',
  deliver: 'Deliver',
  reject: 'Reject',
  cancel: 'Cancel order',
};

/** Delivery of an order paid on delivery names the bank account the money was received into. */
export const stepNeedsBank = (order: Pick<EshopOrderView, 'payment_method'>, step: EshopOrderAction) =>
  step === 'deliver' && order.payment_method === 'ON_DELIVERY';

/** What a step does, asked before it is taken. */
export function stepQuestion(order: EshopOrderView, step: EshopOrderAction): string {
  const what = `order ${order.order_no} of ${order.member_name} (${formatNaira(order.total)})`;
  switch (step) {
    case 'confirm':
      return `Confirm ${what}? Its items stay reserved for the member.`;
    case 'dispatch':
      return `Send ${what} on its way to the member?`;
    case 'deliver':
      if (order.payment_method === 'ON_DELIVERY')
        return `Deliver ${what}? The sale is posted with the money received into the bank account chosen, and the items leave the stock.`;
      if (order.payment_method === 'PAYROLL')
        return `Deliver ${what}? The member then owes it in ${order.payroll_months ?? 1} monthly payroll deduction${order.payroll_months === 1 ? '' : 's'} from next month, and the items leave the stock.`;
      return `Deliver ${what}? The sale is paid from the member's ${order.savings_product_name ?? 'savings'} account, and the items leave the stock.`;
    case 'reject':
      return `Reject ${what}? Its items go back on sale${order.payment_method === 'SAVINGS' ? ' and the savings held for it are released' : ''}. This cannot be undone.`;
    case 'cancel':
      return `Cancel ${what}? Its items go back on sale${order.payment_method === 'SAVINGS' ? ' and the savings held for it are released' : ''}. This cannot be undone.`;
  }
}

export const orderStatusLabel = (status: number) => statusLabel(ESHOP_ORDER_STATUS_LABELS, status);

/** The indicator of a status: waiting, moving, done, or ended without delivery. */
export function orderStatusType(status: number): StatusIndicatorProps.Type {
  switch (status) {
    case ESHOP_ORDER_STATUS.PENDING:
      return 'pending';
    case ESHOP_ORDER_STATUS.CONFIRMED:
      return 'info';
    case ESHOP_ORDER_STATUS.ON_THE_WAY:
      return 'in-progress';
    case ESHOP_ORDER_STATUS.DELIVERED:
      return 'success';
    case ESHOP_ORDER_STATUS.REJECTED:
      return 'error';
    case ESHOP_ORDER_STATUS.RETURNED:
      return 'warning';
    default:
      return 'stopped';
  }
}

/** How the order is paid: from savings (with the plan's name), or cash or bank on delivery. */
export function paymentText(
  order: Pick<EshopOrderView, 'payment_method' | 'savings_product_name' | 'payroll_months'>,
): string {
  const label = ESHOP_PAYMENT_METHOD_LABELS[order.payment_method] ?? order.payment_method;
  if (order.payment_method === 'SAVINGS' && order.savings_product_name)
    return `${label} (${order.savings_product_name})`;
  if (order.payment_method === 'PAYROLL' && order.payroll_months)
    return `${label} over ${order.payroll_months} month${order.payroll_months === 1 ? '' : 's'}`;
  return label;
}

/** The lines of an order in a few words: 2 x Rice 50kg, 1 x Sugar 1kg. */
export const itemsSummary = (items: readonly Pick<EshopOrderLineView, 'quantity' | 'name'>[]) =>
  items.map((line) => `${line.quantity} x ${line.name}`).join(', ');

/** The path of an order's page. */
export const eshopOrderPath = (id: string) => `/e-shop/orders/${encodeURIComponent(id)}`;
