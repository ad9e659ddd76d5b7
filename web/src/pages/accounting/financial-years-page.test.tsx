import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import type { FinancialYearView, FinancialYearsView } from '@coopledger/shared/accounting-views';
import { ApiError } from '../../api/api-error';
import { FinancialYearsPage } from './financial-years-page';

// The years, the close and the reopen come from the API, the role from the session; this unit test stands in for them.
const api = vi.hoisted(() => ({
  years: undefined as FinancialYearsView | undefined,
  close: { mutate: vi.fn(), reset: vi.fn(), isPending: false, error: null as Error | null },
  reopen: { mutate: vi.fn(), reset: vi.fn(), isPending: false, error: null as Error | null },
  role: 'cooperative-admin',
}));
vi.mock('../../api/financial-years', () => ({
  useFinancialYears: () => ({ data: api.years, isPending: false, error: null }),
  useCloseYear: () => api.close,
  useReopenYear: () => api.reopen,
}));
vi.mock('../../session/use-session', () => ({ useSession: () => ({ role: api.role }) }));

const year = (end: string, overrides: Partial<FinancialYearView> = {}): FinancialYearView => ({
  start: `${end.slice(0, 4)}-01-01`,
  end,
  status: 'open',
  ended: true,
  closed_by: null,
  closed_at: null,
  net_profit: null,
  journal_ids: [],
  reopened_by: null,
  reopened_at: null,
  reopen_reason: null,
  can_close: false,
  can_reopen: false,
  ...overrides,
});

beforeEach(() => {
  api.role = 'cooperative-admin';
  api.close.mutate.mockReset();
  api.reopen.mutate.mockReset();
  api.close.error = null;
  api.reopen.error = null;
  api.years = {
    year_start_month: 1,
    closed_through: '2024-12-31',
    years: [
      year('2026-12-31', { ended: false }),
      year('2025-12-31', { can_close: true }),
      year('2024-12-31', {
        status: 'closed',
        closed_by: 'DEMO-ADMIN',
        closed_at: '2026-01-15T09:30:00.000Z',
        net_profit: 34000.25,
        journal_ids: ['J1'],
        can_reopen: true,
      }),
    ],
  };
});
afterEach(cleanup);

function page() {
  const { container } = render(<FinancialYearsPage />);
  const body = createWrapper(container.ownerDocument.body);
  const table = createWrapper(container).findTable()!;
  const cell = (row: number, column: number) => table.findBodyCell(row, column)!.getElement().textContent;
  const button = (label: string) =>
    body.findAllButtons().find((b) => b.getElement().getAttribute('aria-label') === label);
  const footerButton = (name: string) =>
    body
      .findModal()!
      .findFooter()!
      .findAllButtons()
      .find((b) => b.getElement().textContent === name);
  return { body, table, cell, button, footerButton };
}

const click = (element: { click: () => void } | undefined) => act(async () => element?.click());

describe('the financial years page', () => {
  it('lists the years, newest first, with who closed them and the profit closed', () => {
    const { table, cell } = page();
    expect(table.findRows()).toHaveLength(3);
    expect(cell(1, 2)).toBe('Open (current)');
    expect(cell(2, 2)).toBe('Open (ended)');
    expect(cell(3, 2)).toBe('Closed');
    expect(cell(3, 3)).toContain('DEMO-ADMIN');
    expect(cell(3, 4)).toBe('₦34,000.25');
    expect(cell(2, 4)).toBe('—');
  });

  it('closes the earliest ended open year after the confirm dialog', async () => {
    const { button, footerButton, body } = page();
    await click(button('Close the year ending 2025-12-31'));
    expect(body.findModal()!.findHeader().getElement().textContent).toBe('Close financial year');
    expect(api.close.mutate).not.toHaveBeenCalled();
    await click(footerButton('Close year'));
    expect(api.close.mutate).toHaveBeenCalledWith('2025-12-31', expect.anything());
  });

  it('shows the server refusal of a close in the dialog', async () => {
    api.close.error = new ApiError('Years close in order: close the year ending 2024-12-31 first', 409);
    const { button, body } = page();
    await click(button('Close the year ending 2025-12-31'));
    expect(body.findModal()!.findContent().findAlert()!.getElement().textContent).toBe(
      'Years close in order: close the year ending 2024-12-31 first',
    );
  });

  it('reopens the latest closed year only with a reason', async () => {
    const { button, footerButton, body } = page();
    await click(button('Reopen the year ending 2024-12-31'));
    await click(footerButton('Reopen year'));
    expect(body.findModal()!.findContent().findFormField()!.findError()!.getElement().textContent).toBe(
      'Please give the reason for reopening the year',
    );
    expect(api.reopen.mutate).not.toHaveBeenCalled();
    await act(async () => body.findModal()!.findContent().findTextarea()!.setTextareaValue('Late supplier invoice'));
    await click(footerButton('Reopen year'));
    expect(api.reopen.mutate).toHaveBeenCalledWith(
      { year_end: '2024-12-31', reason: 'Late supplier invoice' },
      expect.anything(),
    );
  });

  it('offers no close or reopen to an accountant', () => {
    api.role = 'cooperative-accountant';
    const { button } = page();
    expect(button('Close the year ending 2025-12-31')).toBeUndefined();
    expect(button('Reopen the year ending 2024-12-31')).toBeUndefined();
  });
});
