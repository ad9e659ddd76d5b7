import { describe, expect, it } from 'vitest';
import type { StockMovementView } from '@coopledger/shared/eshop-views';
import { itemCount, movementDetail, receiptValue, signedQuantity } from './stock-format';

const move = (overrides: Partial<StockMovementView>): StockMovementView => ({
  id: 'm1',
  product_id: 'p1',
  product_name: 'Rice 50kg',
  kind: 'RECEIPT',
  quantity: 5,
  value: 225000,
  unit_cost: 45000,
  supplier: 'Lagos Wholesale Market',
  bank_id: 'bank-1',
  reason: null,
  order_id: null,
  date: '2026-11-27',
  journal_id: 'j1',
  created_by: 'DEMO-ADMIN',
  created_at: '2026-11-27T09:00:00.000Z',
  ...overrides,
});

describe('how stock reads', () => {
  it('groups counts and signs changes', () => {
    expect(itemCount(1250)).toBe('1,250');
    expect(signedQuantity(7)).toBe('+7');
    expect(signedQuantity(-1)).toBe('-1');
    expect(signedQuantity(-1200)).toBe('-1,200');
  });

  it('names the supplier and unit cost of a receipt, and the reason of an adjustment or a damage', () => {
    expect(movementDetail(move({}))).toBe('From Lagos Wholesale Market at ₦45,000.00 each');
    expect(movementDetail(move({ kind: 'DAMAGE', quantity: -1, reason: 'Bag torn', supplier: null }))).toBe('Bag torn');
    expect(movementDetail(move({ kind: 'ADJUSTMENT', reason: null, supplier: null }))).toBe('—');
    expect(movementDetail(move({ kind: 'SALE', order_id: 'o1', supplier: null }))).toBe('Delivered to a member');
    const reason = 'Returned with order SHP1: wrong size';
    expect(movementDetail(move({ kind: 'RETURN', order_id: 'o1', supplier: null, reason }))).toBe(reason);
  });
});

describe('the value of a receipt as it is typed', () => {
  it('is the quantity times the unit cost, to the kobo', () => {
    expect(receiptValue('7', '10250.50')).toBe('₦71,753.50');
    expect(receiptValue('3', '0.01')).toBe('₦0.03');
    expect(receiptValue(' 1000000 ', '999999.99')).toBe('₦999,999,990,000.00');
  });

  it('is nothing until both are usable', () => {
    expect(receiptValue('', '100')).toBeNull();
    expect(receiptValue('2.5', '100')).toBeNull();
    expect(receiptValue('0', '100')).toBeNull();
    expect(receiptValue('1000001', '100')).toBeNull();
    expect(receiptValue('3', '')).toBeNull();
    expect(receiptValue('3', '1.005')).toBeNull();
    expect(receiptValue('3', '0')).toBeNull();
    expect(receiptValue('3', 'ten')).toBeNull();
  });
});
