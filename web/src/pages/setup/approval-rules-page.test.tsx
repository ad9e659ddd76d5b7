import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import type * as ApprovalRulesApi from '../../api/approval-rules';
import type { ApprovalRulesView } from '../../api/approval-rules';
import { ApprovalRulesPage } from './approval-rules-page';

// The rules and their save come from the API, the role from the session; this unit test stands in for them.
const api = vi.hoisted(() => ({
  rules: undefined as ApprovalRulesView | undefined,
  save: { mutate: vi.fn(), isPending: false },
  role: 'cooperative-admin',
}));
vi.mock('../../api/approval-rules', async (importOriginal) => ({
  ...(await importOriginal<typeof ApprovalRulesApi>()),
  useApprovalRules: () => ({ data: api.rules, isPending: false }),
  useSaveApprovalRules: () => api.save,
}));
vi.mock('../../session/use-session', () => ({
  useRequiredSession: () => ({ user: { role_name: api.role } }),
  useSession: () => ({ user: { role_name: api.role } }),
}));

beforeEach(() => {
  api.role = 'cooperative-admin';
  api.save.mutate.mockReset();
  api.rules = { creator_cannot_approve: true, second_approval_above: null, updated_at: null, updated_by: null };
});
afterEach(cleanup);

function page() {
  const { container } = render(<ApprovalRulesPage />);
  const wrapper = createWrapper(container);
  return {
    wrapper,
    toggle: () => wrapper.findToggle()!,
    threshold: () => wrapper.findInput()!,
    save: () => act(async () => wrapper.findButton('[type="submit"]')!.click()),
  };
}

describe('the approval rules page', () => {
  it('shows an admin the defaults of a cooperative that never saved its rules, and saves what they choose', async () => {
    const { toggle, threshold, save, wrapper } = page();
    expect(toggle().findNativeInput().getElement().checked).toBe(true);
    expect(threshold().getInputValue()).toBe('');
    expect(wrapper.getElement().textContent).toContain('The defaults apply until an admin saves the rules.');

    await act(async () => toggle().findNativeInput().click());
    await act(async () => threshold().setInputValue('50000'));
    await save();

    expect(api.save.mutate).toHaveBeenCalledWith(
      { creator_cannot_approve: false, second_approval_above: '50000' },
      expect.anything(),
    );
  });

  it('refuses a threshold that is not an amount, with the message, and sends nothing', async () => {
    const { threshold, save, wrapper } = page();
    await act(async () => threshold().setInputValue('-5'));
    await save();

    expect(api.save.mutate).not.toHaveBeenCalled();
    expect(wrapper.getElement().textContent).toContain('Enter an amount in naira with at most 2 decimals');
  });

  it('shows an accountant the saved rules as text, with who saved them, and no form', () => {
    api.role = 'cooperative-accountant';
    api.rules = {
      creator_cannot_approve: false,
      second_approval_above: 250000.5,
      updated_at: '2026-11-27T10:00:00.000Z',
      updated_by: 'DEMO-ADMIN',
    };
    const { wrapper } = page();

    expect(wrapper.findToggle()).toBeNull();
    const text = wrapper.getElement().textContent ?? '';
    expect(text).toContain('Off');
    expect(text).toContain('₦250,000.50');
    expect(text).toContain('Last saved by DEMO-ADMIN');
  });
});
