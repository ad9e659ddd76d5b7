import { useEffect, useMemo, useState } from 'react';
import type { Path } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Form from '@cloudscape-design/components/form';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Pagination from '@cloudscape-design/components/pagination';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { today } from '@coopledger/shared/dates';
import { dividendComputeSchema } from '@coopledger/shared/schemas/dividends';
import { errorMessage } from '../../api/api-error';
import type { DividendComputationView } from '../../api/dividends';
import { useComputeDividend, useSaveDividend } from '../../api/dividends';
import { notificationsStore } from '../../app/notifications/notifications-store';
import { applyFieldErrors } from '../../components/forms/apply-field-errors';
import { DateField } from '../../components/forms/date-field';
import { TextField } from '../../components/forms/text-field';
import { useZodForm } from '../../forms/zod-form';
import { formatDay, notAfterToday } from '../../format/dates';
import { formatNaira } from '../../format/money';
import type { CarriedSharing, ComputeFormValues } from './compute-values';
import { carryInState, computeBody, initialComputeValues, sameBody } from './compute-values';
import { SAVED_DIVIDENDS, savedDividendPath } from './declaration-format';
import { DividendMembersTable, withTotals } from './dividend-members-table';

const PAGE_SIZE = 20;

const FIELDS: readonly Path<ComputeFormValues>[] = ['from', 'to', 'x_percent', 'y_percent', 'amount'];

/** A field whose rule reads another: when that one changes, its message is checked again. */
const DEPENDENTS: Partial<Record<Path<ComputeFormValues>, Path<ComputeFormValues>[]>> = {
  from: ['to'],
  // X and Y must add up to 100; the message stands under Y.
  x_percent: ['y_percent'],
};

/**
 * /dividend-calculator/compute: a dividend of whole months, X% of the pool shared by average
 * month-end savings and Y% by loan interest paid. Compute shows every member's part (nothing is
 * saved); Save as draft keeps exactly what was computed and opens it. Carried from a revenue
 * sharing, the pool is held to that sharing's distributable surplus until the reader lets it go.
 */
export function DividendComputePage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [carry] = useState(() => carryInState(location.state));
  const [sharing, setSharing] = useState<CarriedSharing | null>(carry?.sharing ?? null);
  const { control, handleSubmit, setError, watch, trigger, getFieldState } = useZodForm<ComputeFormValues>(
    dividendComputeSchema,
    { keepValues: true, defaultValues: initialComputeValues(today(), carry) },
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
  const compute = useComputeDividend();
  const save = useSaveDividend();
  const [formError, setFormError] = useState<string | null>(null);
  const refused = (error: unknown) =>
    setFormError(applyFieldErrors(error, setError, FIELDS) ? null : errorMessage(error));

  const submit = handleSubmit((values) => {
    setFormError(null);
    compute.mutate(computeBody(values, sharing), { onError: refused });
  });
  // Save as draft saves what was computed and is shown, so only while the inputs are those.
  const current = computeBody(watch(), sharing);
  const computed = compute.data && compute.variables && sameBody(compute.variables, current) ? compute.variables : null;
  const saveDraft = () => {
    if (!computed) return;
    setFormError(null);
    save.mutate(computed, {
      onSuccess: (envelope) => {
        notificationsStore.notify('success', envelope.message);
        void navigate(savedDividendPath(envelope.data.id));
      },
      onError: refused,
    });
  };
  const dropSharing = () => {
    setSharing(null);
    // A reload would carry it again from the history entry's state.
    void navigate(location.pathname, { replace: true, state: null });
  };

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description="Share a dividend among members by their savings and the loan interest they paid. Nothing is saved until you save it as a draft."
        >
          Compute dividend
        </Header>
      }
    >
      <SpaceBetween size="l">
        {sharing && (
          <Alert
            type="info"
            action={<Button onClick={dropSharing}>Do not use the revenue sharing</Button>}
            header={`Carried from the revenue sharing of ${formatDay(sharing.from)} to ${formatDay(sharing.to)}: at most ${formatNaira(sharing.distributable)}`}
          >
            The dividend amount may not be more than that sharing&apos;s distributable surplus; its statutory reserve
            and admin fee are posted when the dividend is approved.
          </Alert>
        )}
        <form onSubmit={(event) => void submit(event)} noValidate aria-label="Compute dividend form">
          <Form
            errorText={formError ?? undefined}
            actions={
              <SpaceBetween direction="horizontal" size="xs">
                <Button formAction="none" variant="link" onClick={() => void navigate(SAVED_DIVIDENDS)}>
                  Cancel
                </Button>
                <Button
                  formAction="none"
                  disabled={!computed || compute.isPending}
                  disabledReason="Compute the dividend first; any change to the form asks for Compute again."
                  loading={save.isPending}
                  onClick={saveDraft}
                >
                  Save as draft
                </Button>
                <Button variant="primary" formAction="submit" loading={compute.isPending}>
                  Compute
                </Button>
              </SpaceBetween>
            }
          >
            <Container header={<Header variant="h2">Dividend</Header>}>
              <SpaceBetween size="m">
                <ColumnLayout columns={3}>
                  <DateField
                    control={control}
                    name="from"
                    label="From"
                    constraintText="The first day of a month"
                    isDateEnabled={notAfterToday}
                  />
                  <DateField
                    control={control}
                    name="to"
                    label="To"
                    constraintText="The last day of a month, not after today"
                    isDateEnabled={notAfterToday}
                  />
                  <TextField
                    control={control}
                    name="amount"
                    label="Dividend amount"
                    constraintText="Naira, at most 2 decimals"
                  />
                </ColumnLayout>
                <ColumnLayout columns={3}>
                  <TextField
                    control={control}
                    name="x_percent"
                    label="X: savings %"
                    constraintText="Shared by average month-end savings"
                  />
                  <TextField
                    control={control}
                    name="y_percent"
                    label="Y: loan interest paid %"
                    constraintText="Shared by loan interest paid; X + Y = 100"
                  />
                </ColumnLayout>
              </SpaceBetween>
            </Container>
          </Form>
        </form>
        {compute.data && <ComputationResult key={compute.submittedAt} result={compute.data} />}
      </SpaceBetween>
    </ContentLayout>
  );
}

const figure = (id: string, value: string) => <span data-testid={`dividend-${id}`}>{value}</span>;

/** The figures of a computation, each with a test id. */
function ComputationSummary({ result }: { result: DividendComputationView }) {
  const { totals } = result;
  return (
    <KeyValuePairs
      ariaLabel="Dividend summary"
      columns={4}
      items={[
        { label: 'Months', value: figure('months', String(result.months)) },
        { label: 'Dividend amount', value: figure('amount', formatNaira(result.amount)) },
        { label: 'Savings %', value: figure('x-percent', `${result.x_percent}%`) },
        { label: 'Loan interest %', value: figure('y-percent', `${result.y_percent}%`) },
        { label: 'Total savings', value: figure('savings-basis', formatNaira(totals.savings_basis)) },
        { label: 'Loan paid', value: figure('loan-basis', formatNaira(totals.loan_basis)) },
        { label: 'Savings parts', value: figure('savings-part', formatNaira(totals.savings_part)) },
        { label: 'Loan parts', value: figure('loan-part', formatNaira(totals.loan_part)) },
      ]}
    />
  );
}

function ComputationResult({ result }: { result: DividendComputationView }) {
  // A new computation is a new element (its key), so it opens on its first page.
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(result.members.length / PAGE_SIZE));
  const rows = useMemo(
    () => withTotals(result.members.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE), result.totals),
    [result, page],
  );
  return (
    <SpaceBetween size="l">
      <Container
        header={
          <Header
            variant="h2"
            description="Savings basis: the average of the member's month-end savings over the months; loan basis: the loan interest the member paid in them."
          >
            {`Dividend of ${formatDay(result.from)} to ${formatDay(result.to)}`}
          </Header>
        }
      >
        <ComputationSummary result={result} />
      </Container>
      <DividendMembersTable
        rows={rows}
        header={<Header counter={`(${result.totals.members})`}>Members</Header>}
        pagination={
          pages > 1 ? (
            <Pagination
              currentPageIndex={page}
              pagesCount={pages}
              onChange={({ detail }) => setPage(detail.currentPageIndex)}
              ariaLabels={{
                nextPageLabel: 'Next page',
                previousPageLabel: 'Previous page',
                pageLabel: (n) => `Page ${n} of ${pages}`,
              }}
            />
          ) : undefined
        }
      />
    </SpaceBetween>
  );
}
