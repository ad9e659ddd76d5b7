import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EshopOrderAction, EshopReturnDestination } from '@coopledger/shared/schemas/eshop';
import type { EshopCustomerStatus, EshopOrderStatus } from '@coopledger/shared/statuses';
import { useSession } from '../session/use-session';
import { ApiError } from './api-error';
import { routeData, routeRequest } from './client';
import { invalidateStock } from './eshop-stock';

/**
 * The store's orders as its staff see them (issue 22; docs/decisions.md 2026-11-27 "Store stock and
 * orders"): every member's orders, newest first, one order with its lines and history, and the steps
 * that move it (confirm, dispatch, deliver, reject, cancel). Delivery posts the sale and takes the
 * items off the shelves; a cancelled or rejected order gives its stock back; a delivered order may
 * be returned and refunded. And the store's customers, whom staff block from ordering and let back.
 */
export type {
  EshopOrderLineView,
  EshopOrderStepView,
  EshopOrderView as EshopOrder,
} from '@coopledger/shared/eshop-views';

/** The active cooperative, part of every key so that switching cooperative never shows another's orders. */
const useCooperative = () => useSession()?.activeCooperativeId ?? null;

export interface EshopOrderListParams {
  page: number;
  /** One status; every order when left out. */
  status?: EshopOrderStatus;
}

/** The orders, newest first, a page at a time. */
export function useEshopOrders(params: EshopOrderListParams) {
  const cooperative = useCooperative();
  return useQuery({
    queryKey: ['eshop-orders', cooperative, 'list', params],
    queryFn: ({ signal }) => routeData('GET /cooperative/e-shop/order', { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** One order, read afresh each time its page opens (another person may have moved it). */
export function useEshopOrder(id: string) {
  const cooperative = useCooperative();
  return useQuery({
    queryKey: ['eshop-orders', cooperative, 'single', id],
    queryFn: ({ signal }) => routeData('GET /cooperative/e-shop/order/single', { query: { order_id: id }, signal }),
    staleTime: 0,
  });
}

/** A step as typed: the bank account (delivery of an order paid on delivery), the date and a comment. */
export interface EshopOrderStepBody {
  order_id: string;
  action: EshopOrderAction;
  bank_id?: string;
  date?: string;
  comment?: string;
}

/**
 * Moves an order one step. Afterwards the orders are read again, and after a delivery, a
 * cancellation or a rejection the stock too; a 409 (the order was moved meanwhile) reads the order
 * again so its page shows where it is now.
 */
export function useEshopOrderStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EshopOrderStepBody) => routeRequest('POST /cooperative/e-shop/order/status', { body }),
    onSuccess: (_envelope, body) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['eshop-orders'] }),
        body.action === 'confirm' || body.action === 'dispatch' ? undefined : invalidateStock(queryClient),
        // A delivery adds to what the customer spent.
        body.action === 'deliver' ? queryClient.invalidateQueries({ queryKey: ['eshop-customers'] }) : undefined,
      ]),
    onError: (error) =>
      error instanceof ApiError && error.status === 409
        ? queryClient.invalidateQueries({ queryKey: ['eshop-orders'] })
        : undefined,
  });
}

/** A delivered order taken back, as typed: where its items go, the reason and the day of the refund. */
export interface EshopOrderReturnBody {
  order_id: string;
  returned_to: EshopReturnDestination;
  reason: string;
  date?: string;
  /** Paid by payroll: the bank account that pays back what payroll already deducted. */
  bank_id?: string;
}

/**
 * Takes back a delivered order and refunds it the way it was paid. Afterwards the orders (the
 * Returns and Refunds lists among them), the stock and the customers (what they spent) are read
 * again; a 409 (the order was moved meanwhile) reads the order again.
 */
export function useReturnEshopOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EshopOrderReturnBody) => routeRequest('POST /cooperative/e-shop/order/return', { body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['eshop-orders'] }),
        queryClient.invalidateQueries({ queryKey: ['eshop-customers'] }),
        invalidateStock(queryClient),
      ]),
    onError: (error) =>
      error instanceof ApiError && error.status === 409
        ? queryClient.invalidateQueries({ queryKey: ['eshop-orders'] })
        : undefined,
  });
}

export type { EshopCustomerView as EshopCustomer } from '@coopledger/shared/eshop-views';

/** The store's customers (members who have ordered), newest first, a page at a time. */
export function useEshopCustomers(params: { page: number }) {
  const cooperative = useCooperative();
  return useQuery({
    queryKey: ['eshop-customers', cooperative, 'list', params],
    queryFn: ({ signal }) => routeData('GET /cooperative/e-shop/customer', { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Blocks a customer from ordering (0) or lets them order again (1); the customers are read again. */
export function useSetEshopCustomerStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { member_id: string; status: EshopCustomerStatus }) =>
      routeRequest('POST /cooperative/e-shop/customer/status', { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['eshop-customers'] }),
  });
}
