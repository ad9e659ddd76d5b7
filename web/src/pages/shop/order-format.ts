import type { StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import type { EshopOrderStatus } from '@coopledger/shared/statuses';
import { ESHOP_ORDER_STATUS, ESHOP_ORDER_STATUS_LABELS, statusLabel } from '@coopledger/shared/statuses';
import type { ShopOrder } from '../../api/shop';
import { itemsSummary } from '../eshop/order-steps';

/** How the member's orders read, without React. */

/** '2 x Sugar 1kg, 1 x Vegetable oil 5L'. */
export const itemsText = (order: Pick<ShopOrder, 'items'>): string => itemsSummary(order.items);

/** 'From savings (Regular Savings)', 'Payroll deduction over 3 months' or 'Cash or bank on delivery'. */
export { paymentText } from '../eshop/order-steps';

export const orderStatusText = (status: number): string => statusLabel(ESHOP_ORDER_STATUS_LABELS, status);

const STATUS_TYPES: Record<EshopOrderStatus, StatusIndicatorProps.Type> = {
  [ESHOP_ORDER_STATUS.PENDING]: 'pending',
  [ESHOP_ORDER_STATUS.CONFIRMED]: 'in-progress',
  [ESHOP_ORDER_STATUS.ON_THE_WAY]: 'in-progress',
  [ESHOP_ORDER_STATUS.DELIVERED]: 'success',
  [ESHOP_ORDER_STATUS.CANCELLED]: 'stopped',
  [ESHOP_ORDER_STATUS.REJECTED]: 'error',
  [ESHOP_ORDER_STATUS.RETURNED]: 'info',
};

export const orderStatusType = (status: number): StatusIndicatorProps.Type =>
  STATUS_TYPES[status as EshopOrderStatus] ?? 'info';

/** A member cancels their own order only while it is Pending (the server refuses it after). */
export const mayCancel = (order: Pick<ShopOrder, 'status'>): boolean => order.status === ESHOP_ORDER_STATUS.PENDING;
