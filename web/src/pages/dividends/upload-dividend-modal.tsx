import { useState } from 'react';
import { useNavigate } from 'react-router';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '../../components/tables/table';
import { ApiError, errorMessage } from '../../api/api-error';
import { downloadDividendSample, useUploadDividend } from '../../api/dividends';
import { notificationsStore } from '../../app/notifications/notifications-store';
import { FormModal } from '../../components/forms/form-modal';
import { SingleFileUpload, spreadsheetAccept } from '../../components/forms/single-file-upload';
import { savedDividendPath } from './declaration-format';

interface RowError {
  where: string;
  message: string;
}

/** The server's report of a refused file: its messages keyed "row N, Column" (and `file` for the file itself). */
const rowErrorsOf = (error: unknown): RowError[] =>
  error instanceof ApiError
    ? Object.entries(error.fieldErrors)
        .filter(([where]) => where !== 'file')
        .map(([where, message]) => ({ where, message }))
    : [];

/**
 * Upload dividend (issue 21): one .xlsx of Member No and Amount, computed elsewhere. A refused file
 * lists each bad row's column and message (nothing is saved); a good one is a Draft, opened.
 */
export function UploadDividendModal({ onClose }: { onClose: () => void }) {
  const [files, setFiles] = useState<File[]>([]);
  const [missing, setMissing] = useState(false);
  const upload = useUploadDividend();
  const navigate = useNavigate();
  const rows = rowErrorsOf(upload.error);

  const submit = () => {
    const file = files[0];
    setMissing(!file);
    if (!file) return;
    upload.mutate(file, {
      onSuccess: (envelope) => {
        notificationsStore.notify('success', envelope.message);
        onClose();
        void navigate(savedDividendPath(envelope.data.id));
      },
    });
  };

  return (
    <FormModal
      header="Upload dividend"
      onDismiss={onClose}
      onSubmit={submit}
      submitText="Upload"
      pending={upload.isPending}
      size="large"
    >
      <SpaceBetween size="m">
        <Box variant="p">
          One Excel workbook (.xlsx) with a Member No and an Amount column, one row per member; the amounts add up to
          the dividend.{' '}
          <Button
            variant="inline-link"
            onClick={() =>
              void downloadDividendSample().catch((error: unknown) =>
                notificationsStore.notify('error', errorMessage(error)),
              )
            }
          >
            Download the sample
          </Button>
        </Box>
        <FormField
          label="File"
          errorText={
            missing
              ? 'Please select a file to import'
              : upload.error instanceof ApiError
                ? upload.error.fieldErrors.file
                : undefined
          }
        >
          <SingleFileUpload files={files} onChange={setFiles} accept={spreadsheetAccept(false)} />
        </FormField>
        {upload.error && !(upload.error instanceof ApiError && upload.error.fieldErrors.file) && (
          <Alert type="error" header="The file was not saved">
            {errorMessage(upload.error)}
          </Alert>
        )}
        {rows.length > 0 && (
          <Table
            variant="embedded"
            ariaLabels={{ tableLabel: 'Rows refused' }}
            columnDefinitions={[
              { id: 'where', header: 'Row and column', cell: (r) => r.where },
              { id: 'message', header: 'Message', cell: (r) => r.message },
            ]}
            items={rows}
            wrapLines
          />
        )}
      </SpaceBetween>
    </FormModal>
  );
}
