import { useState } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Modal from '@cloudscape-design/components/modal';
import type { SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '../../components/tables/table';
import Tabs from '@cloudscape-design/components/tabs';
import { Controller } from 'react-hook-form';
import { replaceSuretySchema } from '@coopledger/shared/schemas/loans';
import { ApiError, errorMessage } from '../../api/api-error';
import type { Loan, ScheduleRow, Surety } from '../../api/loans';
import { useLoanSchedule, useLoanSureties, useReplaceSurety } from '../../api/loans';
import { notificationsStore } from '../../app/notifications/notifications-store';
import { formatDay } from '../../format/dates';
import { routeAdmits } from '../../api/client';
import { EntityHistory } from '../../components/audit/entity-history';
import { useSession } from '../../session/use-session';
import { formatNaira } from '../../format/money';
import { applyFieldErrors } from '../../components/forms/apply-field-errors';
import { MemberSelect } from '../../components/forms/member-select';
import { useZodForm } from '../../forms/zod-form';
import { tenureText } from './loan-helpers';
import { LoanStatusCell, SuretyStatusBadge } from './loan-status';
import {
  LOAN_STATUS,
  SCHEDULE_LINE_STATUS,
  SCHEDULE_LINE_STATUS_LABELS,
  SURETY_STATUS,
} from '@coopledger/shared/statuses';

export type LoanDetailsTab = 'schedule' | 'sureties' | 'history';

interface LoanDetailsModalProps {
  /** The loan shown; null closes the modal. */
  loan: Loan | null;
  /** The tab it opens on. */
  tab?: LoanDetailsTab;
  onDismiss: () => void;
}

export function ScheduleTable({
  rows,
  loading,
  error,
  label = 'Loan schedule',
}: {
  rows: ScheduleRow[];
  loading: boolean;
  error?: string | null;
  label?: string;
}) {
  return (
    <Table<ScheduleRow>
      variant="embedded"
      ariaLabels={{ tableLabel: label }}
      trackBy="payment_month"
      items={rows}
      loading={loading}
      loadingText="Loading the schedule"
      columnDefinitions={[
        { id: 'month', header: 'Payment month', isRowHeader: true, cell: (row) => formatDay(row.payment_month) },
        { id: 'principal', header: 'Principal', cell: (row) => formatNaira(row.principal) },
        { id: 'interest', header: 'Interest', cell: (row) => formatNaira(row.interest) },
        { id: 'payment', header: 'Payment', cell: (row) => formatNaira(row.payment) },
        { id: 'balance', header: 'Balance', cell: (row) => formatNaira(row.balance) },
        {
          id: 'paid',
          header: 'Status',
          cell: (row) =>
            row.is_paid === SCHEDULE_LINE_STATUS.PAID ? (
              <StatusIndicator type="success">{SCHEDULE_LINE_STATUS_LABELS[SCHEDULE_LINE_STATUS.PAID]}</StatusIndicator>
            ) : (
              <StatusIndicator type="pending">
                {SCHEDULE_LINE_STATUS_LABELS[SCHEDULE_LINE_STATUS.NOT_PAID]}
              </StatusIndicator>
            ),
        },
      ]}
      empty={
        <Box textAlign="center" color="inherit" padding="m">
          {error ?? 'This loan has no schedule.'}
        </Box>
      }
    />
  );
}

/**
 * A surety who denied a pending loan's request can be replaced by another active member, who is
 * then asked in turn (the applicant or staff; the server checks who may).
 */
interface ReplaceValues {
  member_id: string;
}

function ReplaceSurety({
  loan,
  surety,
  others,
  onDone,
}: {
  loan: Loan;
  surety: Surety;
  others: readonly string[];
  onDone: () => void;
}) {
  const replace = useReplaceSurety();
  // The option shown in the select (its label); the form holds its member number.
  const [chosen, setChosen] = useState<SelectProps.Option | null>(null);
  const { control, handleSubmit, setError } = useZodForm<ReplaceValues>(replaceSuretySchema.pick({ member_id: true }), {
    keepValues: true,
    defaultValues: { member_id: '' },
  });
  const submit = handleSubmit(({ member_id }) =>
    replace.mutate(
      { loan_id: loan.id, surety_id: surety.id, member_id },
      {
        onSuccess: (envelope) => {
          notificationsStore.notify('success', envelope.message);
          onDone();
        },
        onError: (error) => applyFieldErrors(error, setError, ['member_id']),
      },
    ),
  );
  const fieldError = replace.error instanceof ApiError ? replace.error.fieldErrors.member_id : undefined;
  return (
    <Container header={<Header variant="h3">Replace {surety.member.name}</Header>}>
      <SpaceBetween size="s">
        <Controller
          control={control}
          name="member_id"
          render={({ field, fieldState }) => (
            <FormField label="New surety" errorText={fieldState.error?.message}>
              <MemberSelect
                label="New surety"
                selected={chosen}
                exclude={[loan.member_id, ...others]}
                invalid={fieldState.invalid}
                onChange={(option) => {
                  setChosen(option);
                  field.onChange(option.value ?? '');
                }}
                onBlur={field.onBlur}
              />
            </FormField>
          )}
        />
        {replace.error && !fieldError && <Alert type="error">{errorMessage(replace.error)}</Alert>}
        <SpaceBetween direction="horizontal" size="xs">
          <Button onClick={onDone}>Cancel</Button>
          <Button variant="primary" loading={replace.isPending} onClick={() => void submit()}>
            Replace surety
          </Button>
        </SpaceBetween>
      </SpaceBetween>
    </Container>
  );
}

function SuretiesTable({ loan }: { loan: Loan }) {
  const sureties = useLoanSureties(loan.id);
  const [replacing, setReplacing] = useState<Surety | null>(null);
  const items = sureties.data ?? [];
  const replaceable = loan.status === LOAN_STATUS.PENDING && items.some((s) => s.status === SURETY_STATUS.DENIED);
  return (
    <SpaceBetween size="m">
      <Table<Surety>
        variant="embedded"
        ariaLabels={{ tableLabel: 'Sureties' }}
        trackBy="id"
        items={items}
        loading={sureties.isPending}
        loadingText="Loading the sureties"
        columnDefinitions={[
          { id: 'name', header: 'Name', isRowHeader: true, cell: (s) => s.member.name },
          { id: 'number', header: 'Member number', cell: (s) => s.member_id },
          { id: 'status', header: 'Status', cell: (s) => <SuretyStatusBadge status={s.status} /> },
          ...(replaceable
            ? [
                {
                  id: 'actions',
                  header: 'Action',
                  cell: (s: Surety) =>
                    s.status === SURETY_STATUS.DENIED ? (
                      <Button
                        variant="inline-link"
                        ariaLabel={`Replace ${s.member.name}`}
                        onClick={() => setReplacing(s)}
                      >
                        Replace
                      </Button>
                    ) : (
                      '-'
                    ),
                },
              ]
            : []),
        ]}
        empty={
          <Box textAlign="center" color="inherit" padding="m">
            {sureties.isError ? errorMessage(sureties.error) : 'This loan names no surety.'}
          </Box>
        }
      />
      {replacing && (
        <ReplaceSurety
          key={replacing.id}
          loan={loan}
          surety={replacing}
          others={items.filter((s) => s.id !== replacing.id).map((s) => s.member_id)}
          onDone={() => setReplacing(null)}
        />
      )}
    </SpaceBetween>
  );
}

function ScheduleTab({ loanId }: { loanId: string }) {
  const schedule = useLoanSchedule(loanId);
  return (
    <ScheduleTable
      rows={schedule.data ?? []}
      loading={schedule.isPending}
      error={schedule.isError ? errorMessage(schedule.error) : null}
    />
  );
}

function LoanDetailsBody({ loan, tab }: { loan: Loan; tab: LoanDetailsTab }) {
  const [active, setActive] = useState<LoanDetailsTab>(tab);
  const staff = routeAdmits('GET /cooperative/audit-log/history', useSession()?.user.role_name);
  return (
    <SpaceBetween size="m">
      <KeyValuePairs
        columns={4}
        items={[
          { label: 'Member', value: `${loan.member.name} (${loan.member_id})` },
          { label: 'Product', value: loan.product.name },
          { label: 'Amount', value: formatNaira(loan.loan_amount) },
          { label: 'Total', value: formatNaira(loan.total_amount) },
          { label: 'Balance', value: formatNaira(loan.loan_balance) },
          { label: 'Tenure', value: tenureText(loan) },
          { label: 'Interest rate', value: `${loan.interest_rate}%` },
          { label: 'Status', value: <LoanStatusCell loan={loan} /> },
        ]}
      />
      <Tabs
        ariaLabel="Loan details"
        activeTabId={active}
        onChange={({ detail }) => setActive(detail.activeTabId as LoanDetailsTab)}
        tabs={[
          { id: 'schedule', label: 'Loan Schedule', content: <ScheduleTab loanId={loan.id} /> },
          { id: 'sureties', label: 'Sureties', content: <SuretiesTable loan={loan} /> },
          ...(staff
            ? [
                {
                  id: 'history',
                  label: 'History',
                  content: <EntityHistory entity="loans" entityId={loan.id} title="this loan" />,
                },
              ]
            : []),
        ]}
      />
    </SpaceBetween>
  );
}

/**
 * Loan Details (spec 000 section 2): the loan in brief, then tabs Loan Schedule (paid rows marked)
 * and Sureties (name and answer). Opened from the loan lists and the staff dashboard.
 */
export function LoanDetailsModal({ loan, tab = 'schedule', onDismiss }: LoanDetailsModalProps) {
  return (
    <Modal visible={loan !== null} onDismiss={onDismiss} header="Loan Details" size="large" closeAriaLabel="Close">
      {loan && <LoanDetailsBody key={`${loan.id}-${tab}`} loan={loan} tab={tab} />}
    </Modal>
  );
}
