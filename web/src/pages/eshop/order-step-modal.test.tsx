import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import type { EshopOrderView } from '@coopledger/shared/eshop-views';
import type { EshopOrderAction } from '@coopledger/shared/schemas/eshop';
import { ESHOP_ORDER_STATUS } from '@coopledger/shared/statuses';
import { ApiError } from '../../api/api-error';
import { OrderStepModal, STEP_BANK_REQUIRED } from './order-step-modal';
import { orderView } from './order-view.fixture';

// The step and the bank accounts come from the API; this unit test stands in for both.
const step = vi.hoisted(() => ({ mutate: vi.fn(), isPending: false, error: null as Error | null }));
vi.mock('../../api/eshop-orders', () => ({ useEshopOrderStep: () => step }));
vi.mock('../../api/orders', () => ({
  useActiveBankAccounts: () => ({
    isPending: false,
    accounts: [{ id: 'bank-1', bank: 'First Bank', account_no: '1020304050', coa: { name: 'Cash at bank' } }],
  }),
}));

beforeEach(() => {
  step.mutate.mockReset();
  step.error = null;
});
afterEach(cleanup);

/** A Confirmed order of 2 x Sugar 1kg (₦2,800.00). */
const order = (overrides: Partial<EshopOrderView> = {}): EshopOrderView =>
  orderView({
    items: [
      { product_id: 'p1', name: 'Sugar 1kg', sku: 'SUGAR-1', quantity: 2, unit_price: 1400, amount: 2800, cost: null },
    ],
    total: 2800,
    status: ESHOP_ORDER_STATUS.CONFIRMED,
    ...overrides,
  });

function open(action: EshopOrderAction, overrides: Partial<EshopOrderView> = {}) {
  const onClose = vi.fn();
  render(<OrderStepModal order={order(overrides)} step={action} onClose={onClose} />);
  const modal = createWrapper(document.body).findModal()!;
  const press = (name: string) =>
    act(async () =>
      modal
        .findFooter()!
        .findAllButtons()
        .find((b) => b.getElement().textContent === name)
        ?.click(),
    );
  const errors = () =>
    modal
      .findContent()
      .findAllFormFields()
      .map((f) => f.findError()?.getElement().textContent);
  return { modal, press, errors, onClose };
}

describe("an order's step", () => {
  it('will not deliver an order paid on delivery without the bank account, and says so at the field', async () => {
    const { modal, press, errors } = open('deliver');
    expect(modal.findContent().getElement().textContent).toContain('Deliver order SHP-20261127-0001');
    await press('Deliver');
    expect(errors()).toContain(STEP_BANK_REQUIRED);
    expect(step.mutate).not.toHaveBeenCalled();

    const select = modal.findContent().findSelect()!;
    await act(async () => select.openDropdown());
    await act(async () => select.selectOptionByValue('bank-1'));
    await press('Deliver');
    expect(step.mutate).toHaveBeenCalledOnce();
    const body = step.mutate.mock.calls[0][0] as Record<string, unknown>;
    expect(body).toEqual({ order_id: '01JORDER', action: 'deliver', bank_id: 'bank-1', date: body.date });
    expect(body.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('delivers an order paid from savings with no bank account asked for', async () => {
    const { modal, press } = open('deliver', { payment_method: 'SAVINGS', savings_product_name: 'Regular Savings' });
    expect(modal.findContent().findSelect()).toBeNull();
    await press('Deliver');
    expect(step.mutate.mock.calls[0][0]).toMatchObject({ action: 'deliver', bank_id: undefined });
  });

  it('sends a confirmation with its comment and nothing else', async () => {
    const { modal, press } = open('confirm', { status: ESHOP_ORDER_STATUS.PENDING });
    await act(async () => modal.findContent().findTextarea()!.setTextareaValue('  Packed by the store  '));
    await press('Confirm');
    expect(step.mutate.mock.calls[0][0]).toEqual({
      order_id: '01JORDER',
      action: 'confirm',
      bank_id: undefined,
      date: undefined,
      comment: 'Packed by the store',
    });
  });

  it("shows the server's refusal when the order was moved meanwhile (409), and stays open", async () => {
    step.error = new ApiError('This order is Cancelled; only a Pending order can be confirmed', 409);
    const { modal, onClose } = open('confirm', { status: ESHOP_ORDER_STATUS.PENDING });
    expect(modal.findContent().findAlert()!.getElement().textContent).toBe(
      'This order is Cancelled; only a Pending order can be confirmed',
    );
    expect(onClose).not.toHaveBeenCalled();
  });

  it("puts the server's field message under its field", async () => {
    step.mutate.mockImplementation((_body: unknown, options: { onError: (error: unknown) => void }) =>
      options.onError(
        new ApiError('The given data was invalid', 422, undefined, { bank_id: 'Please select bank account' }),
      ),
    );
    const { modal, press, errors } = open('deliver');
    const select = modal.findContent().findSelect()!;
    await act(async () => select.openDropdown());
    await act(async () => select.selectOptionByValue('bank-1'));
    await press('Deliver');
    expect(errors()).toContain('Please select bank account');
  });
});
