import { useState } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Link from '@cloudscape-design/components/link';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { errorMessage } from '../../api/api-error';
import type { LoanImportStatus } from '../../api/loan-import';
import { downloadLoanImportReport, downloadLoanSample, useLoanImportStatus, useStartLoanImport } from '../../api/loan-import';
import { useFollow } from '../../app/navigation/use-follow';
import { notificationsStore } from '../../app/notifications/notifications-store';
import { wholePercent } from '@coopledger/shared/money';
import { formatNaira } from '../../format/money';
import { SingleFileUpload, spreadsheetAccept } from '../../components/forms/single-file-upload';

const notifyError = (error: unknown) => notificationsStore.notify('error', errorMessage(error));
const ACCEPTED = /\.(xlsx|csv)$/i;

/** A workflow failure may arrive as the step's JSON error; show its message, not its trace. */
function readable(message: string): string {
  if (!message.trimStart().startsWith('{')) return message;
  try {
    const parsed = JSON.parse(message) as { errorMessage?: unknown };
    return typeof parsed.errorMessage === 'string' ? parsed.errorMessage : message;
  } catch {
    return message;
  }
}

function ImportResult({ progress }: { progress: LoanImportStatus }) {
  const percent = wholePercent(progress.rows_validated + progress.rows_written, 2 * progress.rows_total);
  const completed = progress.status === 'COMPLETED';
  const follow = useFollow();
  return (
    <SpaceBetween size="s">
      <ProgressBar
        label={`Importing ${progress.file_name}`}
        value={progress.done ? 100 : percent}
        status={progress.done ? (completed ? 'success' : 'error') : 'in-progress'}
        resultText={
          completed
            ? `Import complete: ${progress.created} loan(s) created, ${progress.already} already imported`
            : `The import was refused (${progress.status.toLowerCase()})${progress.report_available ? '; download the error report to see why' : ''}`
        }
        description={`${progress.status} - ${progress.rows_total} rows`}
      />
      {completed && (
        <>
          <KeyValuePairs
            columns={4}
            items={[
              { label: 'Loans created', value: String(progress.created) },
              { label: 'Of which completed', value: String(progress.completed) },
              { label: 'Already imported', value: String(progress.already) },
              { label: 'Principal outstanding posted', value: formatNaira(progress.amount) },
            ]}
          />
          <Box>
            <Link href="/loans/applications" onFollow={follow}>See the loans in Loan applications</Link>
          </Box>
        </>
      )}
      {progress.done && progress.errors.length > 0 && (
        <Box variant="small" color="text-status-error">
          <ul aria-label="Import errors">
            {progress.errors.slice(0, 5).map((e) => (
              <li key={`${e.row}-${e.column}-${e.message}`}>{e.row > 0 ? `Row ${e.row}${e.column ? `, ${e.column}` : ''}: ${e.message}` : readable(e.message)}</li>
            ))}
          </ul>
          {progress.error_count > 5 && `and ${progress.error_count - 5} more in the error report`}
        </Box>
      )}
      {progress.done && progress.report_available && (
        <Box>
          <Button iconName="download" onClick={() => void downloadLoanImportReport(progress.import_id).catch(notifyError)}>
            Download error report
          </Button>
        </Box>
      )}
    </SpaceBetween>
  );
}

/** Import loan data (spec 000 section 2 "Loan import"): the sample, one .xlsx or .csv file, and the import's progress and result. */
export function LoanImportPage() {
  const [files, setFiles] = useState<File[]>([]);
  const [importId, setImportId] = useState<string | null>(null);
  const [sampleBusy, setSampleBusy] = useState(false);
  const start = useStartLoanImport();
  const status = useLoanImportStatus(importId);

  const sample = () => {
    setSampleBusy(true);
    downloadLoanSample()
      .catch(notifyError)
      .finally(() => setSampleBusy(false));
  };

  const upload = () => {
    const file = files[0];
    if (!file) return notificationsStore.notify('error', 'Please select a file to import');
    if (!ACCEPTED.test(file.name)) return notificationsStore.notify('error', 'The file must be an Excel workbook (.xlsx) or a CSV file (.csv)');
    start.mutate(file, {
      onSuccess: (envelope) => {
        notificationsStore.notify('info', envelope.message);
        setImportId(envelope.data.import_id);
        setFiles([]);
      },
      onError: notifyError,
    });
  };

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description="Bring in loans that were running before the platform, with what has been repaid on them"
          actions={
            <Button iconName="download" loading={sampleBusy} onClick={sample}>
              Download Sample
            </Button>
          }
        >
          Import Loan Data
        </Header>
      }
    >
      <Container>
        <SpaceBetween size="l">
          <Alert type="info" header="Before you import">
            Every row is checked first: a file with any bad row creates nothing, and you get an error report naming the row and column. Each loan is
            created approved and running (Completed when it is repaid in full), without sureties; its principal still owed is posted against Opening
            Balance Equity. Loans already imported are not created again, so a file can be uploaded again safely.
          </Alert>
          <FormField label="File (.xlsx or .csv)" description="Drop one file here or choose it">
            <SingleFileUpload files={files} onChange={setFiles} accept={spreadsheetAccept(true)} />
          </FormField>
          <Box>
            <Button variant="primary" iconName="upload" loading={start.isPending} onClick={upload}>
              Upload
            </Button>
          </Box>
          {status.data && <ImportResult progress={status.data} />}
        </SpaceBetween>
      </Container>
    </ContentLayout>
  );
}
