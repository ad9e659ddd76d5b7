import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { errorMessage } from '../../api/api-error';
import type { PayrollRunView } from '../../api/payroll';
import { downloadPayrollErrors, usePayrollRun } from '../../api/payroll';
import { notificationsStore } from '../../app/notifications/notifications-store';
import { formatDateTime, formatDay } from '../../format/dates';
import { formatNaira } from '../../format/money';
import {
  RUN_STATUS_LABELS,
  RUN_STATUS_TYPES,
  periodText,
  readableMessage,
  rowErrorText,
  runProgress,
} from './payroll-helpers';

/** How many of a refused file's errors are listed here; the report holds them all. */
const ERRORS_SHOWN = 10;

const notifyError = (error: unknown) => notificationsStore.notify('error', errorMessage(error));

export function downloadErrorReport(runId: string) {
  downloadPayrollErrors(runId).catch((error: unknown) => {
    console.error('Payroll error report download failed', error);
    notifyError(error);
  });
}

function Totals({ run }: { run: PayrollRunView }) {
  return (
    <KeyValuePairs
      ariaLabel="Run totals"
      columns={4}
      items={[
        { label: 'Received', value: formatNaira(run.received_total) },
        { label: 'Expected', value: formatNaira(run.expected_total) },
        { label: 'Shortfall', value: formatNaira(run.shortfall_total) },
        { label: 'Excess', value: formatNaira(run.excess_total) },
        { label: 'Members expected', value: String(run.members_expected) },
        { label: 'Rows posted', value: `${run.rows_posted + run.rows_already} of ${run.rows_total}` },
        { label: 'Posting date', value: formatDay(run.posting_date) },
        { label: 'Posted by', value: run.created_by || '—' },
      ]}
    />
  );
}

function ErrorList({ run }: { run: PayrollRunView }) {
  if (run.errors.length === 0) return null;
  return (
    <>
      <ul aria-label="Payroll errors">
        {run.errors.slice(0, ERRORS_SHOWN).map((error, index) => (
          <li key={`${error.row}-${error.column}-${index}`}>{rowErrorText(error)}</li>
        ))}
      </ul>
      {run.error_count > ERRORS_SHOWN && (
        <Box variant="small">and {run.error_count - ERRORS_SHOWN} more in the error report</Box>
      )}
    </>
  );
}

/** Why a run or its reversal stopped: the first error's message, made readable. */
const stopReason = (run: PayrollRunView) =>
  run.errors[0] ? readableMessage(run.errors[0].message) : 'The server gave no reason.';

interface RunResultProps {
  run: PayrollRunView;
  canReverse: boolean;
  onReconciliation: (run: PayrollRunView) => void;
  onReverse: (run: PayrollRunView) => void;
}

function RunResult({ run, canReverse, onReconciliation, onReverse }: RunResultProps) {
  const reconciliation = run.reconciliation_available && (
    <Button onClick={() => onReconciliation(run)}>View reconciliation</Button>
  );
  const reverse = run.reversible && canReverse && (
    <Button onClick={() => onReverse(run)}>{run.status === 'REVERSAL_FAILED' ? 'Reverse again' : 'Reverse'}</Button>
  );
  switch (run.status) {
    case 'COMPLETED':
      return (
        <Alert
          type="success"
          header="Payroll posted"
          action={
            <SpaceBetween direction="horizontal" size="xs">
              {reconciliation}
              {reverse}
            </SpaceBetween>
          }
        >
          <SpaceBetween size="s">
            <span>Every row of {run.file_name} was posted to the members' savings and loans and to the ledger.</span>
            <Totals run={run} />
          </SpaceBetween>
        </Alert>
      );
    case 'INVALID':
      return (
        <Alert
          type="error"
          header={`The file was refused: ${run.error_count} error(s)`}
          action={
            run.report_available ? (
              <Button iconName="download" onClick={() => downloadErrorReport(run.id)}>
                Download error report
              </Button>
            ) : undefined
          }
        >
          Nothing was posted. Correct the file and upload it again.
          <ErrorList run={run} />
        </Alert>
      );
    case 'FAILED':
      return (
        <Alert type="error" header="Posting stopped" action={reconciliation || undefined}>
          {stopReason(run)} The rows posted so far are kept; uploading the file again posts the rest, once.
        </Alert>
      );
    case 'REVERSAL_FAILED':
      return (
        <Alert type="error" header="The reversal stopped" action={reverse || undefined}>
          {stopReason(run)} The rows reversed so far stay reversed; reverse again to finish.
        </Alert>
      );
    case 'REVERSED':
      return (
        <Alert type="info" header="Payroll reversed" action={reconciliation || undefined}>
          Every deduction of this run was reversed{run.reversed_by ? ` by ${run.reversed_by}` : ''}
          {run.reversed_at ? ` on ${formatDateTime(run.reversed_at)}` : ''}. The period can be posted again.
        </Alert>
      );
    default:
      return null;
  }
}

interface RunProgressProps extends Omit<RunResultProps, 'run'> {
  runId: string;
  onClose: () => void;
}

/**
 * The followed run: a bar while it validates, posts or reverses (asked for every second), then
 * its result: the totals, the file's errors, or why it stopped.
 */
export function RunProgress({ runId, onClose, ...actions }: RunProgressProps) {
  const { data: run, isPending, isError, error } = usePayrollRun(runId);
  const progress = run ? runProgress(run) : null;
  return (
    <div data-testid="payroll-run-progress">
      <Container
        header={
          <Header
            variant="h2"
            description={run ? `${run.repayment_type} payroll for ${periodText(run)} · ${run.file_name}` : undefined}
            actions={<Button variant="icon" iconName="close" ariaLabel="Close the run progress" onClick={onClose} />}
          >
            Run progress
          </Header>
        }
      >
        <SpaceBetween size="m">
          {isPending && <Spinner />}
          {isError && <Alert type="error">{errorMessage(error)}</Alert>}
          {run && (
            <Box>
              <StatusIndicator type={RUN_STATUS_TYPES[run.status]}>{RUN_STATUS_LABELS[run.status]}</StatusIndicator>
            </Box>
          )}
          {run && progress && (
            <ProgressBar
              label={`${RUN_STATUS_LABELS[run.status]}: ${progress.label}`}
              value={progress.value}
              description={progress.description}
            />
          )}
          {run?.done && <RunResult run={run} {...actions} />}
        </SpaceBetween>
      </Container>
    </div>
  );
}
