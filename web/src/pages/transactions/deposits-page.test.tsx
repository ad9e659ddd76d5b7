import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { DepositsPage, WithdrawalsPage } from './orders-page';

const emptyList = { data: { data: [], meta: { current_page: 1, last_page: 1, per_page: 20, total: 0 } } };
vi.mock('../../api/orders', () => ({
  useOrderList: () => ({ ...emptyList, isPending: false, isFetching: false }),
  useMemberSearch: () => ({ data: { data: [] }, isFetching: false }),
  useCreateOrder: () => ({ mutate: vi.fn(), isPending: false }),
  useActiveBankAccounts: () => ({ isPending: false, accounts: [] }),
  useApproveOrder: () => ({ mutate: vi.fn(), reset: vi.fn(), isPending: false, error: null }),
  useDenyOrder: () => ({ mutate: vi.fn(), reset: vi.fn(), isPending: false, error: null }),
}));
vi.mock('../../api/savings', () => ({ useMemberPlans: () => ({ data: { data: [] }, isFetching: false }) }));
vi.mock('../../api/entities', () => ({
  useLookup: () => ({ data: [{ id: 1, name: 'Cash' }], isPending: false }),
}));

afterEach(cleanup);

const button = (root: ReturnType<typeof createWrapper>, name: string) =>
  root.findAllButtons().find((b) => b.getElement().textContent === name);

describe('the Deposits page', () => {
  it('places a deposit from the page: "Place deposit" opens the Quick Deposit form in a dialog', async () => {
    render(<DepositsPage />);
    const body = createWrapper(document.body);
    expect(body.findModal()).toBeNull();
    await act(async () => button(body, 'Place deposit')!.click());
    const modal = body.findModal()!;
    expect(modal.findHeader().getElement().textContent).toBe('Place deposit');
    const form = modal.findContent().getElement().querySelector('form[aria-label="Quick Deposit"]');
    expect(form).not.toBeNull();
    const text = modal.findContent().getElement().textContent ?? '';
    for (const field of ['Member', 'Account', 'Amount', 'Date', 'Payment mode']) expect(text).toContain(field);
    expect(button(createWrapper(modal.getElement()), 'Place deposit')).toBeDefined();
  });

  it('has no deposit action on the Withdrawals page', () => {
    render(<WithdrawalsPage />);
    expect(button(createWrapper(document.body), 'Place deposit')).toBeUndefined();
  });
});
