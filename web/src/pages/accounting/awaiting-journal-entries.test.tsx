import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import type * as AccountingApi from '../../api/accounting';
import type { JournalEntryView } from '../../api/accounting';
import { AwaitingJournalEntries } from './awaiting-journal-entries';

// The entries and the decision come from the API; this unit test stands in for them.
const api = vi.hoisted(() => ({
  entries: [] as JournalEntryView[],
  decide: { mutate: vi.fn(), isPending: false, error: null },
}));
vi.mock('../../api/accounting', async (importOriginal) => ({
  ...(await importOriginal<typeof AccountingApi>()),
  useAwaitingJournalEntries: () => ({ data: { data: api.entries } }),
  useDecideJournalEntry: () => api.decide,
}));

const entry = (code: string, first: string | null): JournalEntryView => ({
  transaction_code: code,
  date: '2026-11-20',
  description: 'Office refit',
  status: 2,
  version: 1,
  total: 250000.5,
  lines: [],
  created_by: 'DEMO-ACCT',
  first_approval: first ? { by: first, at: '2026-11-20T10:00:00.000Z' } : null,
  approved_by: null,
  denied_by: null,
  denial_reason: null,
});

beforeEach(() => {
  api.decide.mutate.mockReset();
  api.entries = [entry('JV000007', null), entry('JV000008', 'DEMO-ADMIN')];
});
afterEach(cleanup);

describe('the journal entries awaiting approval', () => {
  it('are not shown when there are none', () => {
    api.entries = [];
    const { container } = render(<AwaitingJournalEntries />);
    expect(createWrapper(container).findTable()).toBeNull();
  });

  it('say who entered each and who approved it once, and approve the one chosen', async () => {
    const { container } = render(<AwaitingJournalEntries />);
    const wrapper = createWrapper(container);
    const text = wrapper.findTable()!.getElement().textContent;
    expect(text).toContain('Awaiting approval (2)');
    expect(text).toContain('₦250,000.50');
    expect(text).toContain('Entered by DEMO-ACCT; approved once by DEMO-ADMIN, a second approver is needed');

    await act(async () => wrapper.findButton('[aria-label="Approve JV000008"]')!.click());

    expect(api.decide.mutate).toHaveBeenCalledWith({ transactionCode: 'JV000008' }, expect.anything());
  });

  it('deny with a reason, and not without one', async () => {
    const { container } = render(<AwaitingJournalEntries />);
    const wrapper = createWrapper(document.body);
    await act(async () => createWrapper(container).findButton('[aria-label="Deny JV000007"]')!.click());
    const modal = wrapper.findModal()!;
    const submit = () => act(async () => modal.findFooter()!.findAllButtons().at(-1)!.click());

    await submit();
    expect(modal.getElement().textContent).toContain('Please give the reason for denying this entry');
    expect(api.decide.mutate).not.toHaveBeenCalled();

    await act(async () => modal.findContent().findTextarea()!.setTextareaValue('No quotation attached'));
    await submit();
    expect(api.decide.mutate).toHaveBeenCalledWith(
      { transactionCode: 'JV000007', deny: { reason: 'No quotation attached' } },
      expect.anything(),
    );
  });
});
