import { useState } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '../../components/tables/table';
import type { JournalEntryDenyInput } from '@coopledger/shared/schemas/accounting';
import { journalEntryDenySchema } from '@coopledger/shared/schemas/accounting';
import { errorMessage } from '../../api/api-error';
import type { JournalEntryView } from '../../api/accounting';
import { useAwaitingJournalEntries, useDecideJournalEntry } from '../../api/accounting';
import { notificationsStore } from '../../app/notifications/notifications-store';
import { approvalNote } from '../../components/approvals/approval-note';
import { applyFieldErrors } from '../../components/forms/apply-field-errors';
import { FormModal } from '../../components/forms/form-modal';
import { TextareaField } from '../../components/forms/textarea-field';
import { useZodForm } from '../../forms/zod-form';
import { formatDay } from '../../format/dates';
import { formatNaira } from '../../format/money';

/**
 * The journal entries above the cooperative's two-approval threshold (Setup, Approval rules): entered,
 * not posted, until a second approval. Shown above the posted entries only while there are any.
 */
export function AwaitingJournalEntries() {
  const { data } = useAwaitingJournalEntries();
  const decide = useDecideJournalEntry();
  const [denying, setDenying] = useState<JournalEntryView | null>(null);
  const entries = data?.data ?? [];
  if (entries.length === 0) return null;

  const approve = (entry: JournalEntryView) =>
    decide.mutate(
      { transactionCode: entry.transaction_code },
      {
        onSuccess: (envelope) => notificationsStore.notify('success', envelope.message),
        onError: (error) => notificationsStore.notify('error', errorMessage(error)),
      },
    );

  return (
    <>
      <Table<JournalEntryView>
        variant="container"
        ariaLabels={{ tableLabel: 'Journal entries awaiting approval' }}
        header={
          <Header
            counter={`(${entries.length})`}
            description="Entries above the two-approval amount are posted when a second person approves them."
          >
            Awaiting approval
          </Header>
        }
        items={entries}
        trackBy="transaction_code"
        wrapLines
        columnDefinitions={[
          { id: 'code', header: 'Code', cell: (e) => e.transaction_code },
          { id: 'date', header: 'Date', cell: (e) => formatDay(e.date) },
          { id: 'description', header: 'Description', cell: (e) => e.description },
          { id: 'total', header: 'Amount', cell: (e) => formatNaira(e.total) },
          { id: 'approvals', header: 'Approvals', cell: (e) => approvalNote(e, false) },
          {
            id: 'actions',
            header: 'Action',
            cell: (e) => (
              <SpaceBetween direction="horizontal" size="xs">
                <Button
                  variant="inline-link"
                  ariaLabel={`Approve ${e.transaction_code}`}
                  disabled={decide.isPending}
                  onClick={() => approve(e)}
                >
                  Approve
                </Button>
                <Button variant="inline-link" ariaLabel={`Deny ${e.transaction_code}`} onClick={() => setDenying(e)}>
                  Deny
                </Button>
              </SpaceBetween>
            ),
          },
        ]}
      />
      {denying && <DenyForm entry={denying} onClose={() => setDenying(null)} />}
    </>
  );
}

function DenyForm({ entry, onClose }: { entry: JournalEntryView; onClose: () => void }) {
  const decide = useDecideJournalEntry();
  const { control, handleSubmit, setError } = useZodForm<JournalEntryDenyInput>(journalEntryDenySchema, {
    keepValues: true,
    defaultValues: { transaction_code: entry.transaction_code, reason: '' },
  });
  const submit = handleSubmit((values) =>
    decide.mutate(
      { transactionCode: entry.transaction_code, deny: { reason: values.reason } },
      {
        onSuccess: (envelope) => {
          notificationsStore.notify('success', envelope.message);
          onClose();
        },
        onError: (error) => applyFieldErrors(error, setError, ['reason']),
      },
    ),
  );
  return (
    <FormModal
      header={`Deny journal entry ${entry.transaction_code}`}
      onDismiss={onClose}
      onSubmit={() => void submit()}
      submitText="Deny entry"
      pending={decide.isPending}
      error={decide.error ? errorMessage(decide.error) : null}
    >
      <KeyValuePairs
        columns={2}
        items={[
          { label: 'Description', value: entry.description },
          { label: 'Amount', value: formatNaira(entry.total) },
        ]}
      />
      <Box variant="p">A denied entry is never posted; your reason is kept with it.</Box>
      <TextareaField control={control} name="reason" label="Reason (at most 500 characters)" />
    </FormModal>
  );
}
