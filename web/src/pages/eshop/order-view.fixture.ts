import type { EshopOrderView } from '@coopledger/shared/eshop-views';
import { ESHOP_ORDER_STATUS } from '@coopledger/shared/statuses';

/** An order as the API sends it, for the store's web tests: Pending, paid on delivery, unless overridden. */
export const orderView = (overrides: Partial<EshopOrderView> = {}): EshopOrderView => ({
  id: '01JORDER',
  order_no: 'SHP-20261127-0001',
  cooperative_id: 'coop-1',
  member_id: 'DEMO0003',
  member_name: 'Chinedu Eze',
  items: [
    { product_id: 'p1', name: 'Rice 50kg', sku: 'RICE-50', quantity: 2, unit_price: 52000, amount: 104000, cost: null },
    { product_id: 'p2', name: 'Sugar 1kg', sku: 'SUGAR-1', quantity: 1, unit_price: 1400, amount: 1400, cost: null },
  ],
  total: 105400,
  payment_method: 'ON_DELIVERY',
  savings_id: null,
  savings_product_name: null,
  payroll_months: null,
  installments: null,
  bank_id: null,
  delivery_address: null,
  note: null,
  status: ESHOP_ORDER_STATUS.PENDING,
  history: [],
  journal_id: null,
  returned: null,
  created_at: '2026-11-27T09:00:00.000Z',
  updated_at: '2026-11-27T09:00:00.000Z',
  ...overrides,
});
