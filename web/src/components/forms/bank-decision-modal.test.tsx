import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { ApiError } from '../../api/api-error';
import type { BankDecisionModalProps } from './bank-decision-modal';
import { BankDecisionModal } from './bank-decision-modal';

// The active accounts come from the API; this unit test gives two.
vi.mock('../../api/orders', () => ({
  useActiveBankAccounts: () => ({
    isPending: false,
    accounts: [
      { id: 'bank-1', bank: 'First Bank', account_no: '1020304050', coa: { name: 'Cash at bank' } },
      { id: 'bank-2', bank: 'Zenith', account_no: '2233445566', coa: { name: 'Zenith current' } },
    ],
  }),
}));

afterEach(cleanup);

function open(overrides: Partial<BankDecisionModalProps> = {}) {
  const props: BankDecisionModalProps = {
    header: 'Approve deposit',
    summary: <p>Deposit of ₦5,000.00</p>,
    bankDescription: 'The account the deposit was paid into',
    onApprove: vi.fn(),
    pending: false,
    error: null,
    failureHeader: 'The deposit was not approved',
    onClose: vi.fn(),
    ...overrides,
  };
  const { container } = render(<BankDecisionModal visible {...props} />);
  const modal = createWrapper(container.ownerDocument.body).findModal()!;
  const button = (name: string) =>
    modal
      .findFooter()!
      .findAllButtons()
      .find((b) => b.getElement().textContent === name);
  return { props, modal, button };
}

const click = (element: { click: () => void } | undefined) => act(async () => element?.click());

describe('the bank-decision dialog', () => {
  it('refuses to approve without a bank account, says so under the field and sends nothing', async () => {
    const { props, modal, button } = open();
    await click(button('Approve'));
    expect(modal.findContent().findFormField()!.findError()!.getElement().textContent).toBe(
      'Please select bank account',
    );
    expect(props.onApprove).not.toHaveBeenCalled();
  });

  it('approves with the account chosen', async () => {
    const { props, modal, button } = open();
    const select = modal.findContent().findSelect()!;
    await act(async () => select.openDropdown());
    await act(async () => select.selectOptionByValue('bank-2'));
    await click(button('Approve'));
    expect(props.onApprove).toHaveBeenCalledWith('bank-2');
  });

  it("shows the server's refusal under the failure header, and a message about the account under the field", async () => {
    const error = new ApiError('The withdrawal is above the available balance', 422, undefined, {
      bank_id: 'The bank account is not active',
    });
    const { modal } = open({ error });
    const alert = modal.findContent().findAlert()!;
    expect(alert.findHeader()!.getElement().textContent).toBe('The deposit was not approved');
    expect(alert.findContent().getElement().textContent).toBe('The withdrawal is above the available balance');
    expect(modal.findContent().findFormField()!.findError()!.getElement().textContent).toBe(
      'The bank account is not active',
    );
  });

  it('offers Deny only where the caller asks for it', async () => {
    const onDeny = vi.fn();
    const withDeny = open({ onDeny });
    await click(withDeny.button('Deny'));
    expect(onDeny).toHaveBeenCalledOnce();
    cleanup();
    expect(open().button('Deny')).toBeUndefined();
  });

  it('starts with no account chosen each time it opens', async () => {
    const props = open().props;
    cleanup();
    const { rerender } = render(<BankDecisionModal visible {...props} />);
    const select = () => createWrapper(document.body).findModal()!.findContent().findSelect()!;
    await act(async () => select().openDropdown());
    await act(async () => select().selectOptionByValue('bank-1'));
    expect(select().findTrigger().getElement().textContent).toContain('First Bank - 1020304050');
    rerender(<BankDecisionModal visible={false} {...props} />);
    expect(createWrapper(document.body).findModal()).toBeNull();
    rerender(<BankDecisionModal visible {...props} />);
    expect(select().findTrigger().getElement().textContent).toContain('Select bank account');
  });

  it('offers Cash in hand, chosen at first, for money paid in cash, and approves with it', async () => {
    const { props, modal, button } = open({ cashInHand: true });
    const select = modal.findContent().findSelect()!;
    expect(select.findTrigger().getElement().textContent).toContain('Cash in hand');
    await click(button('Approve'));
    expect(props.onApprove).toHaveBeenCalledWith('cash-in-hand');
    await act(async () => select.openDropdown());
    const labels = select
      .findDropdown()
      .findOptions()
      .map((o) => o.findLabel().getElement().textContent);
    expect(labels).toEqual(['Cash in hand', 'First Bank - 1020304050', 'Zenith - 2233445566']);
  });

  it('does not offer Cash in hand for money that moves through a bank', async () => {
    const { modal } = open();
    const select = modal.findContent().findSelect()!;
    await act(async () => select.openDropdown());
    const labels = select
      .findDropdown()
      .findOptions()
      .map((o) => o.findLabel().getElement().textContent);
    expect(labels).toEqual(['First Bank - 1020304050', 'Zenith - 2233445566']);
  });
});
