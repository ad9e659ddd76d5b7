import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { JOURNAL_ENTRY_STATUS } from '@coopledger/shared/statuses';
import type { JournalEntryView } from '../../api/accounting';
import { ConfirmDeleteModal } from '../../components/crud/confirm-delete-modal';
import { POSTED_DELETE_NOTE_ID, POSTED_EDIT_NOTE_ID, journalColumns } from './journal-rows';

afterEach(cleanup);

const entry = (status: JournalEntryView['status']): JournalEntryView => ({
  transaction_code: 'JV000007',
  date: '2026-11-02',
  description: 'Stationery',
  status,
  version: 1,
  total: 1500,
  lines: [],
  created_by: 'DEMO-ACCT',
  first_approval: null,
  approved_by: null,
  denied_by: null,
  denial_reason: null,
});

function actionsOf(status: JournalEntryView['status']) {
  const actions = journalColumns({ onEdit: vi.fn(), onDelete: vi.fn() }).find((c) => c.id === 'actions')!;
  const e = entry(status);
  const { container } = render(<>{actions.cell({ kind: 'entry', id: e.transaction_code, entry: e })}</>);
  const buttons = createWrapper(container).findAllButtons();
  const named = (name: string) =>
    buttons.find((b) => b.getElement().getAttribute('aria-label') === `${name} journal entry JV000007`)!.getElement();
  return { edit: named('Edit'), remove: named('Delete') };
}

describe('Edit and Delete of a journal entry', () => {
  it('say, on a posted entry, that editing reverses and reposts and deleting reverses', () => {
    const { edit, remove } = actionsOf(JOURNAL_ENTRY_STATUS.POSTED);
    expect(edit.getAttribute('aria-describedby')).toContain(POSTED_EDIT_NOTE_ID);
    expect(edit.getAttribute('title')).toMatch(/reverses its posting .* and posts the corrected lines/);
    expect(remove.getAttribute('aria-describedby')).toContain(POSTED_DELETE_NOTE_ID);
    expect(remove.getAttribute('title')).toMatch(/^Deleting a posted entry reverses its posting/);
  });

  it('say nothing of reversal on an entry that was never posted (awaiting approval)', () => {
    const { edit, remove } = actionsOf(JOURNAL_ENTRY_STATUS.AWAITING_APPROVAL);
    expect(edit.getAttribute('aria-describedby') ?? '').not.toContain(POSTED_EDIT_NOTE_ID);
    expect(edit.getAttribute('title') ?? '').not.toMatch(/revers/);
    expect(remove.getAttribute('title') ?? '').not.toMatch(/revers/);
  });

  it("the delete dialog says what deleting does instead of 'cannot be undone' when told", () => {
    render(
      <ConfirmDeleteModal
        subject="the journal entry JV000007 (Stationery)"
        noun="journal entry"
        pending={false}
        consequence="Deleting a posted entry reverses its posting."
        onConfirm={vi.fn()}
        onClose={vi.fn()}
      />,
    );
    const text = createWrapper(document.body).findModal()!.findContent().getElement().textContent;
    expect(text).toBe('Delete the journal entry JV000007 (Stationery)? Deleting a posted entry reverses its posting.');
  });
});
