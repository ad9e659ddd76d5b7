import type { ImportStartedView, ImportStatusView } from '@coopledger/shared/import-views';
import { wholePercent } from '@coopledger/shared/money';
import type { ReactNode } from 'react';
import { useState } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { errorMessage } from '../../api/api-error';
import { notificationsStore } from '../../app/notifications/notifications-store';
import { SingleFileUpload, spreadsheetAccept } from '../forms/single-file-upload';

/** A workflow failure may arrive as the step's JSON error; show its message, not its trace. */
export function readableImportError(message: string): string {
  if (!message.trimStart().startsWith('{')) return message;
  try {
    const parsed = JSON.parse(message) as { errorMessage?: unknown };
    return typeof parsed.errorMessage === 'string' ? parsed.errorMessage : message;
  } catch {
    return message;
  }
}

const notifyError = (error: unknown) => notificationsStore.notify('error', errorMessage(error));

interface ProgressPanelProps<P extends ImportStatusView> {
  progress: P;
  /** The result line of a completed import. */
  completeText: (progress: P) => string;
  /** The completed import's figures (and links). */
  summary?: (progress: P) => ReactNode;
  downloadReport: (importId: string) => Promise<void>;
}

/** The import's progress (checked, then written) and its result: the figures, the first errors and the error report. */
export function ImportProgressPanel<P extends ImportStatusView>({
  progress,
  completeText,
  summary,
  downloadReport,
}: ProgressPanelProps<P>) {
  const percent = wholePercent(progress.rows_validated + progress.rows_written, 2 * progress.rows_total);
  const completed = progress.status === 'COMPLETED';
  const errors = progress.errors;
  const errorCount = progress.error_count;
  return (
    <SpaceBetween size="s">
      <ProgressBar
        label={`Importing ${progress.file_name}`}
        value={progress.done ? 100 : percent}
        status={progress.done ? (completed ? 'success' : 'error') : 'in-progress'}
        resultText={
          completed
            ? completeText(progress)
            : `The import was refused (${progress.status.toLowerCase()})${progress.report_available ? '; download the error report to see why' : ''}`
        }
        description={`${progress.status} - ${progress.rows_total} rows`}
      />
      {completed && summary?.(progress)}
      {progress.done && errors.length > 0 && (
        <Box variant="small" color="text-status-error">
          <ul aria-label="Import errors">
            {errors.slice(0, 5).map((e) => (
              <li key={`${e.row}-${e.column}-${e.message}`}>
                {e.row > 0
                  ? `Row ${e.row}${e.column ? `, ${e.column}` : ''}: ${e.message}`
                  : readableImportError(e.message)}
              </li>
            ))}
          </ul>
          {errorCount > 5 && `and ${errorCount - 5} more in the error report`}
        </Box>
      )}
      {progress.done && progress.report_available && (
        <Box>
          <Button iconName="download" onClick={() => void downloadReport(progress.import_id).catch(notifyError)}>
            Download error report
          </Button>
        </Box>
      )}
    </SpaceBetween>
  );
}

export interface ImportPageProps<P extends ImportStatusView> extends Omit<ProgressPanelProps<P>, 'progress'> {
  /** 'page': a route of its own (h1); 'section': a tab of another page (h2). */
  variant: 'page' | 'section';
  title: string;
  description?: string;
  sample: { label: string; onClick: () => void; loading?: boolean };
  /** What the user should know before importing. */
  note: ReactNode;
  /** The choices beside the file (e.g. the savings type and bank). */
  fields?: ReactNode;
  file: { label: string; description?: string; csv: boolean; wrongType: string };
  /** The message for a choice still missing before the file is checked, if any. */
  missing?: () => string | undefined;
  submit: { label: string; icon?: 'upload' };
  /** Where refusals show: under the file field, or as notifications. */
  messages: 'inline' | 'toast';
  /** Starts the import of the file (the route's POST); its message is shown. */
  start: (file: File) => Promise<{ message: string; data: ImportStartedView }>;
  starting: boolean;
  /** The status hook of the import, polled while it runs. */
  useStatus: (importId: string | null) => UseQueryResult<P>;
  /** Shown beside the page (e.g. the sample's modal). */
  children?: ReactNode;
}

/**
 * One import screen (members, savings, loans): the sample, the choices, one file by click or drag,
 * the upload, and the import's progress and result panel.
 */
export function ImportPage<P extends ImportStatusView>(props: ImportPageProps<P>) {
  const {
    variant,
    title,
    description,
    sample,
    note,
    fields,
    file: fileField,
    missing,
    submit,
    messages,
    start,
    starting,
    useStatus,
  } = props;
  const [files, setFiles] = useState<File[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [importId, setImportId] = useState<string | null>(null);
  const status = useStatus(importId);

  const refuse = (text: string) =>
    messages === 'inline' ? setMessage(text) : notificationsStore.notify('error', text);
  const upload = () => {
    const file = files[0];
    const choice = missing?.();
    if (choice) return refuse(choice);
    if (!file) return refuse('Please select a file to import');
    const accepted = fileField.csv ? /\.(xlsx|csv)$/i : /\.xlsx$/i;
    if (!accepted.test(file.name)) return refuse(fileField.wrongType);
    setMessage(null);
    start(file)
      .then((envelope) => {
        notificationsStore.notify('info', envelope.message);
        setImportId(envelope.data.import_id);
        setFiles([]);
      })
      .catch((error: unknown) => (messages === 'inline' ? setMessage(errorMessage(error)) : notifyError(error)));
  };

  const sampleButton = (
    <Button iconName="download" loading={sample.loading} onClick={sample.onClick}>
      {sample.label}
    </Button>
  );
  const body = (
    <SpaceBetween size="l">
      {note}
      {fields}
      <FormField label={fileField.label} description={fileField.description} errorText={message ?? undefined}>
        <SingleFileUpload
          files={files}
          accept={spreadsheetAccept(fileField.csv)}
          onChange={(chosen) => {
            setFiles(chosen);
            setMessage(null);
          }}
        />
      </FormField>
      <Box>
        <Button variant="primary" iconName={submit.icon} loading={starting} onClick={upload}>
          {submit.label}
        </Button>
      </Box>
      {status.data && (
        <ImportProgressPanel
          progress={status.data}
          completeText={props.completeText}
          summary={props.summary}
          downloadReport={props.downloadReport}
        />
      )}
    </SpaceBetween>
  );

  if (variant === 'section') {
    return (
      <Container
        header={
          <Header variant="h2" description={description} actions={sampleButton}>
            {title}
          </Header>
        }
      >
        {body}
        {props.children}
      </Container>
    );
  }
  return (
    <ContentLayout
      header={
        <Header variant="h1" description={description} actions={sampleButton}>
          {title}
        </Header>
      }
    >
      <Container>{body}</Container>
      {props.children}
    </ContentLayout>
  );
}
