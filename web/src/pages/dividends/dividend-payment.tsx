import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import Alert from '@cloudscape-design/components/alert';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { wholePercent } from '@coopledger/shared/money';
import { dividendPaySchema } from '@coopledger/shared/schemas/dividends';
import { errorMessage } from '../../api/api-error';
import type { DividendDeclarationView, DividendPayParams } from '../../api/dividends';
import { usePayDividend } from '../../api/dividends';
import type { FormValues } from '../../api/entities';
import { useEntityOptions } from '../../api/entities';
import { useActiveBankAccounts } from '../../api/orders';
import type { SavingsSetup } from '../../api/setup-endpoints';
import { ENDPOINTS } from '../../api/setup-endpoints';
import { notificationsStore } from '../../app/notifications/notifications-store';
import { FieldControl } from '../../components/crud/field-control';
import type { Choice, FieldDef } from '../../components/crud/field-defs';
import { applyFieldErrors } from '../../components/forms/apply-field-errors';
import { FormModal } from '../../components/forms/form-modal';
import { formatDateTime, formatDay } from '../../format/dates';
import { useZodForm } from '../../forms/zod-form';
import { productChoices } from '../savings/savings-helpers';

const MODES: readonly Choice[] = [
  { value: 'savings', label: "Into members' savings plans" },
  { value: 'bank', label: 'By bank, for the whole dividend' },
];

const PRIMARY_PLAN: Choice = { value: '', label: "Each member's primary plan" };

const PAY_FIELDS = ['mode', 'savings_product_id', 'bank_id'] as const;

/**
 * Pay an Approved dividend (issue 21, "Pay"): into each member's savings plan (their plan of the
 * chosen product, else their primary plan) by the payment workflow, or by bank at once. After a
 * stopped payment that paid some members, the rest go into savings and the same product.
 */
export function PayModal({ dividend, onClose }: { dividend: DividendDeclarationView; onClose: () => void }) {
  const again = dividend.payment?.paid_some ?? false;
  const setups = useEntityOptions<SavingsSetup>(ENDPOINTS.savingsSetups);
  const banks = useActiveBankAccounts();
  const pay = usePayDividend();
  const { control, handleSubmit, setError, setValue } = useZodForm<FormValues>(dividendPaySchema, {
    keepValues: true,
    blankIsMissing: true,
    defaultValues: {
      mode: 'savings',
      savings_product_id: (again && dividend.payment?.savings_product_id) || '',
      bank_id: '',
    },
  });
  const mode = useWatch({ control, name: 'mode' });

  const fields = useMemo<FieldDef[]>(() => {
    const products = [PRIMARY_PLAN, ...productChoices(setups.records)];
    const accounts = banks.accounts.map((a) => ({ value: a.id, label: `${a.bank} ${a.account_no}` }));
    return [
      { name: 'mode', label: 'Pay', kind: 'select', options: MODES, readOnly: again },
      mode === 'bank'
        ? {
            name: 'bank_id',
            label: 'Bank account',
            kind: 'select',
            options: accounts,
            loading: banks.isPending,
            description: 'The dividend is paid from this account, in one posting.',
          }
        : {
            name: 'savings_product_id',
            label: 'Savings product',
            kind: 'select',
            options: products,
            loading: setups.isPending,
            readOnly: again,
            description: again
              ? 'Some members were paid already: the rest are paid into the same product.'
              : 'A member with no active plan of it stops the payment before anyone is paid.',
          },
    ];
  }, [again, mode, setups.records, setups.isPending, banks.accounts, banks.isPending]);

  const submit = handleSubmit((values) => {
    const body: DividendPayParams =
      values.mode === 'bank'
        ? { mode: 'bank', bank_id: values.bank_id }
        : { mode: 'savings', savings_product_id: values.savings_product_id || undefined };
    pay.mutate(
      { id: dividend.id, body },
      {
        onSuccess: (envelope) => {
          notificationsStore.notify('success', envelope.message);
          onClose();
        },
        onError: (error) => applyFieldErrors(error, setError, PAY_FIELDS),
      },
    );
  });

  return (
    <FormModal
      header={again ? 'Pay the rest of the dividend' : 'Pay dividend'}
      onDismiss={onClose}
      onSubmit={() => void submit()}
      submitText="Pay"
      pending={pay.isPending}
      error={pay.error ? errorMessage(pay.error) : null}
    >
      {fields.map((field) => (
        <FieldControl key={field.name} field={field} control={control} setValue={setValue} />
      ))}
    </FormModal>
  );
}

const STATUS: Record<string, { type: 'in-progress' | 'error' | 'success'; label: string }> = {
  PAYING: { type: 'in-progress', label: 'Paying' },
  FAILED: { type: 'error', label: 'Stopped' },
  COMPLETED: { type: 'success', label: 'Paid' },
};

/** The payment of a dividend: how, where it stands (members paid of those to pay), and why it stopped. */
export function PaymentStatus({ dividend }: { dividend: DividendDeclarationView }) {
  const payment = dividend.payment!;
  const banks = useActiveBankAccounts(payment.mode === 'bank');
  const setups = useEntityOptions<SavingsSetup>(ENDPOINTS.savingsSetups, undefined, !!payment.savings_product_id);
  const status = STATUS[payment.status];
  const bank = banks.accounts.find((a) => a.id === payment.bank_id);
  const product = productChoices(setups.records).find((p) => p.value === payment.savings_product_id);
  const where =
    payment.mode === 'bank'
      ? `By bank${bank ? `, from ${bank.bank} ${bank.account_no}` : ''}`
      : `Into savings: ${payment.savings_product_id ? (product?.label ?? 'the chosen product') : "each member's primary plan"}`;
  const paid = payment.rows
    ? `${payment.rows_paid.toLocaleString('en-NG')} of ${payment.rows.toLocaleString('en-NG')}`
    : '—';

  return (
    <Container header={<Header variant="h2">Payment</Header>}>
      <SpaceBetween size="m">
        {payment.status === 'FAILED' && payment.error && (
          <Alert type="error" header="The payment stopped">
            <span data-testid="payment-error">{payment.error}</span>
          </Alert>
        )}
        {payment.status === 'PAYING' && payment.rows ? (
          <ProgressBar
            label="Members paid"
            value={wholePercent(payment.rows_paid, payment.rows)}
            additionalInfo={`${paid} members`}
          />
        ) : null}
        <KeyValuePairs
          columns={4}
          items={[
            { label: 'How', value: where },
            {
              label: 'Status',
              value: (
                <StatusIndicator type={status.type}>
                  <span data-testid="payment-status">{status.label}</span>
                </StatusIndicator>
              ),
            },
            { label: 'Members paid', value: payment.mode === 'bank' ? 'All, by bank' : paid },
            {
              label: 'Paid',
              value: payment.paid_at
                ? `${formatDay(payment.date)}, by ${payment.paid_by ?? '—'} (${formatDateTime(payment.paid_at)})`
                : 'Not yet',
            },
          ]}
        />
      </SpaceBetween>
    </Container>
  );
}
