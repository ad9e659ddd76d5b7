import { useMemo, useState } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { TableProps } from '@cloudscape-design/components/table';
import Table from '../../components/tables/table';
import { MONTH_NAMES } from '@coopledger/shared/financial-years';
import type { YearReopenInput } from '@coopledger/shared/schemas/accounting';
import { yearReopenSchema } from '@coopledger/shared/schemas/accounting';
import { errorMessage } from '../../api/api-error';
import type { FinancialYearView } from '../../api/financial-years';
import { useCloseYear, useFinancialYears, useReopenYear } from '../../api/financial-years';
import { notificationsStore } from '../../app/notifications/notifications-store';
import { applyFieldErrors } from '../../components/forms/apply-field-errors';
import { FormModal } from '../../components/forms/form-modal';
import { ModalFooter } from '../../components/forms/modal-footer';
import { TextareaField } from '../../components/forms/textarea-field';
import { useZodForm } from '../../forms/zod-form';
import { formatDateTime, formatDay } from '../../format/dates';
import { formatNaira } from '../../format/money';
import { useSession } from '../../session/use-session';

const yearName = (year: FinancialYearView) => `${formatDay(year.start)} – ${formatDay(year.end)}`;

function statusCell(year: FinancialYearView) {
  if (year.status === 'closed') return <StatusIndicator type="stopped">Closed</StatusIndicator>;
  if (year.status === 'closing')
    return <StatusIndicator type="warning">Closing (interrupted: close again to finish)</StatusIndicator>;
  return year.ended ? (
    <StatusIndicator type="pending">Open (ended)</StatusIndicator>
  ) : (
    <StatusIndicator type="in-progress">Open (current)</StatusIndicator>
  );
}

function columns(
  mayChange: boolean,
  onClose: (year: FinancialYearView) => void,
  onReopen: (year: FinancialYearView) => void,
): TableProps.ColumnDefinition<FinancialYearView>[] {
  return [
    { id: 'year', header: 'Financial year', isRowHeader: true, cell: yearName },
    { id: 'status', header: 'Status', cell: statusCell },
    {
      id: 'closed',
      header: 'Closed by',
      cell: (year) =>
        year.closed_by ? (
          <div>
            <div>{year.closed_by}</div>
            <Box variant="small" color="text-body-secondary">
              {formatDateTime(year.closed_at)}
            </Box>
          </div>
        ) : year.reopened_by ? (
          <Box variant="small" color="text-body-secondary">
            Reopened by {year.reopened_by} on {formatDateTime(year.reopened_at)}: {year.reopen_reason}
          </Box>
        ) : (
          '—'
        ),
    },
    {
      id: 'profit',
      header: 'Net profit closed',
      cell: (year) => (year.net_profit === null ? '—' : formatNaira(year.net_profit)),
    },
    {
      id: 'actions',
      header: 'Action',
      cell: (year) =>
        !mayChange ? null : year.can_close ? (
          <Button ariaLabel={`Close the year ending ${year.end}`} onClick={() => onClose(year)}>
            Close year
          </Button>
        ) : year.can_reopen ? (
          <Button ariaLabel={`Reopen the year ending ${year.end}`} onClick={() => onReopen(year)}>
            Reopen
          </Button>
        ) : null,
    },
  ];
}

function CloseYearModal({ year, onClose }: { year: FinancialYearView | null; onClose: () => void }) {
  const close = useCloseYear();
  const dismiss = () => {
    close.reset();
    onClose();
  };
  if (!year) return null;
  return (
    <Modal
      visible
      onDismiss={dismiss}
      closeAriaLabel="Close"
      header="Close financial year"
      footer={
        <ModalFooter
          onCancel={dismiss}
          primary="Close year"
          loading={close.isPending}
          onPrimary={() =>
            close.mutate(year.end, {
              onSuccess: (envelope) => {
                notificationsStore.notify('success', envelope.message);
                dismiss();
              },
            })
          }
        />
      }
    >
      <SpaceBetween size="m">
        {close.error && <Alert type="error">{errorMessage(close.error)}</Alert>}
        <Box variant="p">
          Closing the year {yearName(year)} moves every income and expense account&apos;s balance for the year into
          Retained Earnings, and no posting dated on or before {formatDay(year.end)} is accepted afterwards. Only an
          admin can reopen it.
        </Box>
      </SpaceBetween>
    </Modal>
  );
}

function ReopenForm({ year, onClose }: { year: FinancialYearView; onClose: () => void }) {
  const reopen = useReopenYear();
  const { control, handleSubmit, setError } = useZodForm<YearReopenInput>(yearReopenSchema, {
    keepValues: true,
    defaultValues: { year_end: year.end, reason: '' },
  });
  const submit = handleSubmit((values) =>
    reopen.mutate(
      { year_end: year.end, reason: values.reason },
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
      header="Reopen financial year"
      onDismiss={onClose}
      onSubmit={() => void submit()}
      submitText="Reopen year"
      pending={reopen.isPending}
      error={reopen.error ? errorMessage(reopen.error) : null}
    >
      <KeyValuePairs
        columns={2}
        items={[
          { label: 'Financial year', value: yearName(year) },
          { label: 'Net profit closed', value: year.net_profit === null ? '—' : formatNaira(year.net_profit) },
        ]}
      />
      <Box variant="p">
        The closing journal is reversed and postings dated in the year are accepted again until it is closed again.
      </Box>
      <TextareaField control={control} name="reason" label="Reason (at most 500 characters)" />
    </FormModal>
  );
}

/**
 * /finance-reporting/financial-years: the cooperative's financial years, open or closed. An admin
 * closes the earliest year that has ended (its income and expenses into Retained Earnings, its
 * postings locked) and reopens the latest closed one, with a reason.
 */
export function FinancialYearsPage() {
  const { data, isPending, error } = useFinancialYears();
  const mayChange = ['cooperative-admin', 'super-admin'].includes(useSession()?.role ?? '');
  const [closing, setClosing] = useState<FinancialYearView | null>(null);
  const [reopening, setReopening] = useState<FinancialYearView | null>(null);
  const columnDefinitions = useMemo(() => columns(mayChange, setClosing, setReopening), [mayChange]);
  const startMonth = data ? MONTH_NAMES[data.year_start_month - 1] : undefined;

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={
            startMonth
              ? `The years start on 1 ${startMonth} (the cooperative's settings). Years close in order.`
              : undefined
          }
        >
          Financial years
        </Header>
      }
    >
      <SpaceBetween size="m">
        {error && <Alert type="error">{errorMessage(error)}</Alert>}
        <Table
          variant="container"
          ariaLabels={{ tableLabel: 'Financial years' }}
          columnDefinitions={columnDefinitions}
          items={data?.years ?? []}
          trackBy="end"
          wrapLines
          loading={isPending}
          loadingText="Loading financial years"
          header={
            <Header
              description={
                data?.closed_through ? `Closed through ${formatDay(data.closed_through)}` : 'No year is closed yet'
              }
            >
              Years
            </Header>
          }
          empty={
            <Box textAlign="center" color="inherit" padding="m">
              <b>No financial years</b>
            </Box>
          }
        />
      </SpaceBetween>
      <CloseYearModal year={closing} onClose={() => setClosing(null)} />
      {reopening && <ReopenForm key={reopening.end} year={reopening} onClose={() => setReopening(null)} />}
    </ContentLayout>
  );
}
