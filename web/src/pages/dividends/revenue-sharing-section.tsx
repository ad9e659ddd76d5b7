import { useEffect, useState } from 'react';
import type { Path } from 'react-hook-form';
import { useNavigate } from 'react-router';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { today } from '@coopledger/shared/dates';
import { revenueSharingSchema } from '@coopledger/shared/schemas/dividends';
import { errorMessage } from '../../api/api-error';
import type { RevenueSharingParams, RevenueSharingView } from '../../api/dividends';
import { useRevenueSharing } from '../../api/dividends';
import { applyFieldErrors } from '../../components/forms/apply-field-errors';
import { DateField } from '../../components/forms/date-field';
import { SelectField } from '../../components/forms/select-field';
import { TextField } from '../../components/forms/text-field';
import { useZodForm } from '../../forms/zod-form';
import { formatDateTime, notAfterToday } from '../../format/dates';
import { formatNaira } from '../../format/money';
import type { ComputeCarry } from './compute-values';
import { carryOf } from './compute-values';
import { COMPUTE_DIVIDEND } from './declaration-format';

const FIELDS: readonly Path<RevenueSharingParams>[] = [
  'from',
  'to',
  'reserve_percent',
  'admin_fee_type',
  'admin_fee',
  'savings_ratio',
  'loan_ratio',
  'other_ratio',
];

/** A field whose rule reads another: when that one changes, its message is checked again. */
const DEPENDENTS: Partial<Record<Path<RevenueSharingParams>, Path<RevenueSharingParams>[]>> = {
  from: ['to'],
  admin_fee_type: ['admin_fee'],
  // The three ratios must add up to 100; the message stands under the savings ratio.
  loan_ratio: ['savings_ratio'],
  other_ratio: ['savings_ratio'],
};

const FEE_TYPES = [
  { value: 'amount', label: 'Amount' },
  { value: 'percent', label: 'Percent' },
];

/** From 1 January of this year to today, no reserve given yet, no admin fee, the spec's 50/40/10. */
function defaults(): RevenueSharingParams {
  const day = today();
  return {
    from: `${day.slice(0, 4)}-01-01`,
    to: day,
    reserve_percent: '',
    admin_fee_type: 'amount',
    admin_fee: '',
    savings_ratio: '50',
    loan_ratio: '40',
    other_ratio: '10',
  };
}

/**
 * Revenue sharing: a period's surplus from the ledger and how it would be shared (statutory reserve,
 * admin fee, then the sharing ratio of what is left). Checked with the API's own schema before it is
 * asked; the server's messages go under their fields.
 */
export function RevenueSharingSection() {
  const { control, handleSubmit, setError, watch, trigger, getFieldState } = useZodForm<RevenueSharingParams>(
    revenueSharingSchema,
    { keepValues: true, defaultValues: defaults() },
  );
  useEffect(() => {
    const { unsubscribe } = watch((_values, { name }) => {
      for (const dependent of (name && DEPENDENTS[name]) || []) {
        const state = getFieldState(dependent);
        if (state.isTouched || state.invalid) void trigger(dependent);
      }
    });
    return unsubscribe;
  }, [watch, trigger, getFieldState]);
  const feeType = watch('admin_fee_type');
  const sharing = useRevenueSharing();
  const [formError, setFormError] = useState<string | null>(null);
  const calculate = handleSubmit((values) => {
    setFormError(null);
    sharing.mutate(values, {
      onError: (error) => setFormError(applyFieldErrors(error, setError, FIELDS) ? null : errorMessage(error)),
    });
  });
  return (
    <Container
      header={
        <Header
          variant="h2"
          description="What a period's surplus leaves to share after the statutory reserve and the admin fee. Nothing is saved."
        >
          Revenue sharing
        </Header>
      }
    >
      <SpaceBetween size="l">
        <form onSubmit={(event) => void calculate(event)} noValidate aria-label="Revenue sharing form">
          <Form
            errorText={formError ?? undefined}
            actions={
              <Button variant="primary" formAction="submit" loading={sharing.isPending}>
                Calculate
              </Button>
            }
          >
            <SpaceBetween size="m">
              <ColumnLayout columns={3}>
                <DateField control={control} name="from" label="From" isDateEnabled={notAfterToday} />
                <DateField control={control} name="to" label="To" isDateEnabled={notAfterToday} />
                <TextField
                  control={control}
                  name="reserve_percent"
                  label="Statutory reserve %"
                  constraintText="Of the surplus; 0 to 100"
                />
              </ColumnLayout>
              <ColumnLayout columns={3}>
                <SelectField control={control} name="admin_fee_type" label="Admin fee type" options={FEE_TYPES} />
                <TextField
                  control={control}
                  name="admin_fee"
                  label="Admin fee"
                  constraintText={
                    feeType === 'percent' ? 'Percent of the surplus; blank for none' : 'Naira; blank for none'
                  }
                />
              </ColumnLayout>
              <ColumnLayout columns={3}>
                <TextField control={control} name="savings_ratio" label="Savings ratio %" />
                <TextField control={control} name="loan_ratio" label="Loan ratio %" />
                <TextField
                  control={control}
                  name="other_ratio"
                  label="Other ratio %"
                  constraintText="The three add up to 100"
                />
              </ColumnLayout>
            </SpaceBetween>
          </Form>
        </form>
        {sharing.data && sharing.variables && (
          <SharingResult result={sharing.data} carry={carryOf(sharing.variables, sharing.data)} />
        )}
      </SpaceBetween>
    </Container>
  );
}

const figure = (id: string, amount: string | number) => (
  <span data-testid={`sharing-${id}`}>{formatNaira(amount)}</span>
);

function terms(result: RevenueSharingView): string {
  const fee =
    result.admin_fee_type === 'percent'
      ? `${result.admin_fee_given}% of the surplus`
      : formatNaira(result.admin_fee_given);
  const { savings, loan, other } = result.ratios;
  return `Statutory reserve ${result.reserve_percent}% of the surplus; admin fee ${fee}; sharing ratio ${savings} / ${loan} / ${other}.`;
}

/**
 * The results of the last Calculate. "Carry into Compute" opens the compute page with the savings
 * and loan pools as the dividend amount, X and Y from the sharing ratio and this sharing's query,
 * which the compute page sends along so that the server holds the pool to the distributable surplus.
 */
function SharingResult({ result, carry }: { result: RevenueSharingView; carry: ComputeCarry | null }) {
  const navigate = useNavigate();
  return (
    <SpaceBetween size="m">
      <Header
        variant="h3"
        description={terms(result)}
        actions={
          carry && (
            <Button iconName="arrow-right" onClick={() => void navigate(COMPUTE_DIVIDEND, { state: { carry } })}>
              Carry into Compute
            </Button>
          )
        }
      >
        {`${formatDateTime(result.from)} to ${formatDateTime(result.to)}`}
      </Header>
      {result.no_surplus && <Alert type="info">No surplus in this period: there is nothing to share.</Alert>}
      <KeyValuePairs
        ariaLabel="Revenue sharing"
        columns={3}
        items={[
          {
            type: 'group',
            title: 'Surplus',
            items: [
              { label: 'Total revenue', value: figure('total-revenue', result.total_revenue) },
              { label: 'Total expenses', value: figure('total-expenses', result.total_expenses) },
              { label: 'Surplus', value: figure('surplus', result.surplus) },
            ],
          },
          {
            type: 'group',
            title: 'Deductions',
            items: [
              { label: 'Statutory reserve', value: figure('statutory-reserve', result.statutory_reserve) },
              { label: 'Admin fee', value: figure('admin-fee', result.admin_fee) },
              { label: 'Net revenue', value: figure('net-revenue', result.distributable) },
            ],
          },
          {
            type: 'group',
            title: 'Sharing',
            items: [
              { label: 'Savings pool', value: figure('savings-pool', result.pools.savings) },
              { label: 'Loan interest pool', value: figure('loan-pool', result.pools.loan) },
              { label: 'Other (kept in equity)', value: figure('other-pool', result.pools.other) },
            ],
          },
        ]}
      />
    </SpaceBetween>
  );
}
