import { wholePercent } from '@coopledger/shared/money';
import { useState } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { errorMessage } from '../../api/api-error';
import { apiDownload } from '../../api/client';
import { useImportStatus, useStartImport } from '../../api/members';
import { notificationsStore } from '../../app/notifications/notifications-store';
import { SingleFileUpload, spreadsheetAccept } from '../../components/forms/single-file-upload';

/** A workflow failure arrives as the step's JSON error; show its message, not its trace. */
export function readableImportError(message: string): string {
  if (!message.trimStart().startsWith('{')) return message;
  try {
    const parsed = JSON.parse(message) as { errorMessage?: unknown };
    return typeof parsed.errorMessage === 'string' ? parsed.errorMessage : message;
  } catch {
    return message;
  }
}

const notify = (error: unknown) => notificationsStore.notify('error', errorMessage(error));

/** Import Members: the sample, one .xlsx by click or drag, and the import's progress and result. */
export function MemberImport() {
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [importId, setImportId] = useState<string | null>(null);
  const start = useStartImport();
  const status = useImportStatus(importId);
  const progress = status.data;

  const upload = () => {
    const file = files[0];
    if (!file) {
      setFileError('Please select a file to import');
      return;
    }
    if (!file.name.toLowerCase().endsWith('.xlsx')) {
      setFileError('Please select an .xlsx file');
      return;
    }
    setFileError(null);
    start.mutate(file, {
      onSuccess: (envelope) => {
        notificationsStore.notify('info', envelope.message);
        setImportId(envelope.data.import_id);
        setFiles([]);
      },
    });
  };

  const percent = progress ? wholePercent(progress.rows_validated + progress.rows_written, 2 * progress.rows_total) : 0;

  return (
    <Container
      header={
        <Header
          variant="h2"
          actions={
            <Button iconName="download" onClick={() => void apiDownload('/cooperative/member/download-sample', 'sample-member-import.xlsx').catch(notify)}>
              Download sample
            </Button>
          }
        >
          Import Members
        </Header>
      }
    >
      <SpaceBetween size="l">
        <Alert type="warning" header="Important note">
          Each member is matched by Staff ID: a row whose Staff ID already belongs to a member updates that member, any other row
          creates a new member. Make sure the Staff IDs in the file are up to date before you import.
        </Alert>
        <FormField label="Member file (.xlsx)" errorText={fileError ?? (start.error ? errorMessage(start.error) : undefined)}>
          <SingleFileUpload
            files={files}
            accept={spreadsheetAccept(false)}
            onChange={(chosen) => {
              setFiles(chosen);
              setFileError(null);
            }}
          />
        </FormField>
        <Box>
          <Button variant="primary" loading={start.isPending} onClick={upload}>
            Import
          </Button>
        </Box>
        {progress && (
          <SpaceBetween size="s">
            <ProgressBar
              label={`Importing ${progress.file_name}`}
              value={progress.done ? 100 : percent}
              status={progress.done ? (progress.status === 'COMPLETED' ? 'success' : 'error') : 'in-progress'}
              resultText={
                progress.status === 'COMPLETED'
                  ? `Import complete: ${progress.created} created, ${progress.updated} updated`
                  : `The import was refused (${progress.status.toLowerCase()})${progress.report_available ? '; download the error report to see why' : ''}`
              }
              description={`${progress.status} - ${progress.rows_total} rows`}
            />
            {progress.done && progress.errors && progress.errors.length > 0 && (
              <Box variant="small" color="text-status-error">
                <ul aria-label="Import errors">
                  {progress.errors.slice(0, 5).map((e) => (
                    <li key={`${e.row}-${e.column}-${e.message}`}>{e.row > 0 ? `Row ${e.row}${e.column ? `, ${e.column}` : ''}: ${e.message}` : readableImportError(e.message)}</li>
                  ))}
                </ul>
                {progress.errors.length > 5 && `and ${progress.errors.length - 5} more in the error report`}
              </Box>
            )}
            {progress.done && progress.report_available && (
              <Box>
                <Button
                  iconName="download"
                  onClick={() =>
                    void apiDownload('/cooperative/member/import/report', `member-import-report-${progress.import_id}.xlsx`, { query: { import_id: progress.import_id } }).catch(notify)
                  }
                >
                  Download error report
                </Button>
              </Box>
            )}
          </SpaceBetween>
        )}
      </SpaceBetween>
    </Container>
  );
}
