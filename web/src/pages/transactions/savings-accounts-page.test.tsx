import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { SavingsAccountsPage } from './savings-accounts-page';

const useSavingsAccounts = vi.fn((_params: unknown) => ({
  data: { data: [], meta: { current_page: 1, last_page: 1, per_page: 20, total: 0 } },
  isPending: false,
  isFetching: false,
}));
vi.mock('../../api/orders', () => ({ useSavingsAccounts: (params: unknown) => useSavingsAccounts(params) }));

afterEach(() => {
  cleanup();
  useSavingsAccounts.mockClear();
});

describe('Savings Accounts', () => {
  it('asks for every plan at first, with no date filter, and says "All dates"', () => {
    const { container } = render(<SavingsAccountsPage />);
    const page = createWrapper(container);
    expect(useSavingsAccounts).toHaveBeenCalled();
    const params = useSavingsAccounts.mock.calls.at(-1)?.[0] as Record<string, unknown>;
    expect(params.start_date).toBeUndefined();
    expect(params.end_date).toBeUndefined();
    expect(params.page).toBe(1);
    expect(page.findSelect()!.findTrigger().getElement().textContent).toBe('All dates');
    expect(page.getElement().textContent).toContain('The cooperative has no savings accounts yet.');
  });

  it('filters by start date once a period is chosen, and can go back to all dates', async () => {
    const { container } = render(<SavingsAccountsPage />);
    const select = createWrapper(container).findSelect()!;
    await act(async () => select.openDropdown());
    await act(async () => select.selectOptionByValue('last-year'));
    const year = new Date().getFullYear() - 1;
    const chosen = useSavingsAccounts.mock.calls.at(-1)?.[0] as Record<string, unknown>;
    expect(chosen).toMatchObject({ start_date: `${year}-01-01`, end_date: `${year}-12-31`, page: 1 });
    await act(async () => select.openDropdown());
    await act(async () => select.selectOptionByValue('any-time'));
    const all = useSavingsAccounts.mock.calls.at(-1)?.[0] as Record<string, unknown>;
    expect(all.start_date).toBeUndefined();
    expect(all.end_date).toBeUndefined();
  });
});
