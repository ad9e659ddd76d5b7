import { useMemo } from 'react';
import type { Control, UseFormSetError } from 'react-hook-form';
import { Controller, useFieldArray, useWatch } from 'react-hook-form';
import { JOURNAL_ENTRY_STATUS } from '@coopledger/shared/statuses';
import { POSTED_EDIT_NOTE } from './journal-rows';
import Alert from '@cloudscape-design/components/alert';
import AttributeEditor from '@cloudscape-design/components/attribute-editor';
import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { JOURNAL_MAX_LINES, journalEntrySchema } from '@coopledger/shared/schemas/accounting';
import { ApiError, errorMessage } from '../../api/api-error';
import { useJournalEntry, useSaveJournalEntry } from '../../api/accounting';
import { notificationsStore } from '../../app/notifications/notifications-store';
import { today } from '@coopledger/shared/dates';
import { notAfterToday } from '../../format/dates';
import { toNaira } from '@coopledger/shared/money';
import { formatNaira } from '../../format/money';
import { FormModal } from '../../components/forms/form-modal';
import { DateField } from '../../components/forms/date-field';
import { TextField } from '../../components/forms/text-field';
import { GlAccountSelect, useGlChoices } from './gl-account-select';
import type { JournalFormValues, JournalLineValues } from './journal-form-values';
import {
  FIRST_REMOVABLE_LINE,
  blankLine,
  emptyJournal,
  journalBody,
  journalFieldPath,
  journalTotals,
  journalValuesOf,
} from './journal-form-values';
import { useZodForm } from '../../forms/zod-form';

/** What the modal is for: a new entry, or the entry with this transaction code. */
export interface JournalTarget {
  transactionCode: string | null;
}

/** The server's 422 messages under the fields they name; the rest stay in the alert. */
function applyServerErrors(error: unknown, setError: UseFormSetError<JournalFormValues>, lineCount: number) {
  if (!(error instanceof ApiError)) return;
  for (const [field, message] of Object.entries(error.fieldErrors)) {
    const path = journalFieldPath(field, lineCount);
    if (path) setError(path, { type: 'server', message });
  }
}

/** One text or amount cell of a journal line, bound to the form. */
function LineInput({
  control,
  index,
  field: name,
}: {
  control: Control<JournalFormValues>;
  index: number;
  field: 'description' | 'debit' | 'credit';
}) {
  const amount = name !== 'description';
  return (
    <Controller
      control={control}
      name={`lines.${index}.${name}`}
      render={({ field }) => (
        <Input
          ref={field.ref}
          type={amount ? 'number' : 'text'}
          inputMode={amount ? 'decimal' : undefined}
          value={field.value}
          onChange={({ detail }) => field.onChange(detail.value)}
          onBlur={field.onBlur}
        />
      )}
    />
  );
}

function TotalsSummary({ lines }: { lines: readonly JournalLineValues[] }) {
  const totals = journalTotals(lines);
  return (
    <SpaceBetween size="s">
      <ColumnLayout columns={3} variant="text-grid">
        <div>
          <Box variant="awsui-key-label">Total debit</Box>
          <div data-testid="journal-total-debit">{formatNaira(toNaira(totals.debit))}</div>
        </div>
        <div>
          <Box variant="awsui-key-label">Total credit</Box>
          <div data-testid="journal-total-credit">{formatNaira(toNaira(totals.credit))}</div>
        </div>
        <div>
          <Box variant="awsui-key-label">Difference</Box>
          <div>{formatNaira(toNaira(Math.abs(totals.debit - totals.credit)))}</div>
        </div>
      </ColumnLayout>
      {!totals.balanced && (
        <Alert type="warning" header="Debits and credits differ">
          Total debits ({formatNaira(toNaira(totals.debit))}) and total credits ({formatNaira(toNaira(totals.credit))})
          must be equal before the entry can be posted.
        </Alert>
      )}
    </SpaceBetween>
  );
}

function JournalEntryForm({ transactionCode, onClose }: { transactionCode: string | null; onClose: () => void }) {
  const editing = transactionCode !== null;
  const existing = useJournalEntry(transactionCode);
  const gl = useGlChoices();
  const save = useSaveJournalEntry();
  const loaded = useMemo(() => (existing.data ? journalValuesOf(existing.data) : undefined), [existing.data]);
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useZodForm<JournalFormValues>(journalEntrySchema, {
    keepValues: true,
    defaultValues: emptyJournal(today()),
    // An edit starts from the entry as the server has it; what the reader already typed stays.
    values: loaded,
    resetOptions: { keepDirtyValues: true },
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'lines' });
  const lines = useWatch({ control, name: 'lines' });

  const submit = handleSubmit((values) =>
    save.mutate(
      { transactionCode, body: { ...journalBody(values), version: existing.data?.version } },
      {
        onSuccess: (envelope) => {
          notificationsStore.notify('success', envelope.message);
          onClose();
        },
        onError: (error) => applyServerErrors(error, setError, values.lines.length),
      },
    ),
  );

  const loading = editing && existing.isPending;
  const linesError = errors.lines?.root?.message ?? errors.lines?.message;
  const header = editing ? `Edit journal entry ${transactionCode}` : 'Add journal entry';

  return (
    <FormModal
      header={header}
      size="max"
      onDismiss={onClose}
      onSubmit={() => void submit()}
      submitText={editing ? 'Save changes' : 'Post entry'}
      pending={save.isPending}
      disabled={loading || existing.isError}
      error={save.error ? errorMessage(save.error) : null}
      placeholder={
        loading ? (
          <Box textAlign="center" padding="l">
            <Spinner size="large" /> Loading the entry
          </Box>
        ) : existing.isError ? (
          <Alert type="error">{errorMessage(existing.error)}</Alert>
        ) : undefined
      }
    >
      {editing && existing.data?.status === JOURNAL_ENTRY_STATUS.POSTED && (
        <Alert type="info" header="Saving reverses and reposts">
          {POSTED_EDIT_NOTE} The ledger statement keeps the original, its reversal and the new posting.
        </Alert>
      )}
      <ColumnLayout columns={2}>
        {/* The ledger takes no postings dated in the future. */}
        <DateField control={control} name="date" label="Date" isDateEnabled={notAfterToday} />
        <TextField control={control} name="description" label="Description" />
      </ColumnLayout>
      <Header
        variant="h3"
        description={
          editing
            ? 'The lines of the entry can be changed but not added or removed.'
            : 'Each line is a debit or a credit to one GL account.'
        }
      >
        Lines
      </Header>
      <AttributeEditor<(typeof fields)[number]>
        items={fields}
        addButtonText="Add line"
        hideAddButton={editing}
        disableAddButton={fields.length >= JOURNAL_MAX_LINES}
        removeButtonText="Remove"
        removeButtonAriaLabel={(item) => `Remove line ${fields.indexOf(item) + 1}`}
        isItemRemovable={(item) => !editing && fields.indexOf(item) >= FIRST_REMOVABLE_LINE}
        onAddButtonClick={() => append(blankLine())}
        onRemoveButtonClick={({ detail }) => remove(detail.itemIndex)}
        gridLayout={[{ breakpoint: 'xs', rows: [[4, 4, 2, 2]] }, { rows: [[1], [1], [1, 1]] }]}
        definition={[
          {
            label: 'GL account',
            control: (_item, index) => (
              <Controller
                control={control}
                name={`lines.${index}.gl_code`}
                render={({ field, fieldState }) => (
                  <GlAccountSelect
                    choices={gl}
                    value={field.value}
                    invalid={Boolean(fieldState.error)}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                  />
                )}
              />
            ),
            errorText: (_item, index) => errors.lines?.[index]?.gl_code?.message,
          },
          {
            label: 'Line description',
            control: (_item, index) => <LineInput control={control} index={index} field="description" />,
            errorText: (_item, index) => errors.lines?.[index]?.description?.message,
          },
          {
            label: 'Debit',
            control: (_item, index) => <LineInput control={control} index={index} field="debit" />,
            errorText: (_item, index) => errors.lines?.[index]?.debit?.message,
          },
          {
            label: 'Credit',
            control: (_item, index) => <LineInput control={control} index={index} field="credit" />,
            errorText: (_item, index) => errors.lines?.[index]?.credit?.message,
          },
        ]}
      />
      {/* Beside the lines rather than around them, so that one message does not mark every line invalid. */}
      {linesError && <FormField errorText={linesError} />}
      <TotalsSummary lines={lines} />
    </FormModal>
  );
}

/**
 * The journal entry form (spec 001 section 2): a new entry starts with two blank lines and may
 * grow, from the third line removable; an edit shows the entry's lines, none added or removed.
 * The ledger refuses an entry whose debits and credits differ, so the form shows both totals and
 * says so before it is sent.
 */
export function JournalEntryModal({ target, onClose }: { target: JournalTarget | null; onClose: () => void }) {
  if (!target) return null;
  // A fresh form for each entry opened, so nothing of the previous one lingers.
  return (
    <JournalEntryForm
      key={target.transactionCode ?? 'new'}
      transactionCode={target.transactionCode}
      onClose={onClose}
    />
  );
}
