import { useState } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Modal from '@cloudscape-design/components/modal';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import RadioGroup from '@cloudscape-design/components/radio-group';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { errorMessage } from '../../api/api-error';
import { useActiveBankAccounts } from '../../api/orders';
import type { SavingsImportStatus, SavingsImportType } from '../../api/savings-import';
import { SAVINGS_IMPORT_TYPES, downloadSavingsImportReport, downloadSavingsSample, useSavingsImportStatus, useStartSavingsImport } from '../../api/savings-import';
import { notificationsStore } from '../../app/notifications/notifications-store';
import { wholePercent } from '@coopledger/shared/money';
import { formatNaira } from '../../format/money';
import { SingleFileUpload, spreadsheetAccept } from '../../components/forms/single-file-upload';
import { ModalFooter } from '../../components/forms/modal-footer';

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

/** Download Sample Savings: one of the three sample workbooks. */
function SampleModal({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const [type, setType] = useState<SavingsImportType>('NORMAL_BALANCES');
  const [busy, setBusy] = useState(false);
  const download = () => {
    setBusy(true);
    downloadSavingsSample(type)
      .then(onClose)
      .catch(notifyError)
      .finally(() => setBusy(false));
  };
  return (
    <Modal
      visible={visible}
      onDismiss={onClose}
      header="Download Sample Savings"
      footer={
        <ModalFooter onCancel={onClose} primary="Download" iconName="download" onPrimary={download} loading={busy} />
      }
    >
      <FormField label="Sample type" description="The sample holds the columns, an example row and a sheet of notes.">
        <RadioGroup
          value={type}
          onChange={({ detail }) => setType(detail.value as SavingsImportType)}
          items={SAVINGS_IMPORT_TYPES.map((t) => ({ value: t.value, label: t.label, description: t.description }))}
        />
      </FormField>
    </Modal>
  );
}

function ImportResult({ progress }: { progress: SavingsImportStatus }) {
  const percent = wholePercent(progress.rows_validated + progress.rows_written, 2 * progress.rows_total);
  const completed = progress.status === 'COMPLETED';
  return (
    <SpaceBetween size="s">
      <ProgressBar
        label={`Importing ${progress.file_name}`}
        value={progress.done ? 100 : percent}
        status={progress.done ? (completed ? 'success' : 'error') : 'in-progress'}
        resultText={
          completed
            ? `Import complete: ${progress.posted} row(s) posted, ${progress.already} already posted`
            : `The import was refused (${progress.status.toLowerCase()})${progress.report_available ? '; download the error report to see why' : ''}`
        }
        description={`${progress.status} - ${progress.rows_total} rows`}
      />
      {completed && (
        <KeyValuePairs
          columns={4}
          items={[
            { label: 'Rows posted', value: String(progress.posted) },
            { label: 'Already posted', value: String(progress.already) },
            { label: 'Plans opened', value: String(progress.plans_opened) },
            { label: 'Net amount posted', value: formatNaira(progress.amount) },
          ]}
        />
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
          <Button iconName="download" onClick={() => void downloadSavingsImportReport(progress.import_id).catch(notifyError)}>
            Download error report
          </Button>
        </Box>
      )}
    </SpaceBetween>
  );
}

/** Import Savings Data: savings type, bank, one .xlsx or .csv file, the samples, and the import's progress and result. */
export function SavingsImportPage() {
  const [type, setType] = useState<SavingsImportType | null>(null);
  const [bankId, setBankId] = useState<string | null>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [sampleOpen, setSampleOpen] = useState(false);
  const [importId, setImportId] = useState<string | null>(null);
  const banks = useActiveBankAccounts();
  const start = useStartSavingsImport();
  const status = useSavingsImportStatus(importId);

  const typeOptions = SAVINGS_IMPORT_TYPES.map((t) => ({ value: t.value, label: t.label, description: t.description }));
  const bankOptions = banks.accounts.map((account) => ({ value: account.id, label: `${account.bank} - ${account.account_no}`, description: account.coa?.name }));

  const upload = () => {
    const file = files[0];
    if (!type) return notificationsStore.notify('error', 'Please select a savings type');
    if (!bankId) return notificationsStore.notify('error', 'Please select a bank');
    if (!file) return notificationsStore.notify('error', 'Please select a file to import');
    if (!ACCEPTED.test(file.name)) return notificationsStore.notify('error', 'The file must be an Excel workbook (.xlsx) or a CSV file (.csv)');
    start.mutate(
      { type, bankId, file },
      {
        onSuccess: (envelope) => {
          notificationsStore.notify('info', envelope.message);
          setImportId(envelope.data.import_id);
          setFiles([]);
        },
        onError: notifyError,
      },
    );
  };

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description="Post opening balances or savings history from a spreadsheet through the ledger"
          actions={
            <Button iconName="download" onClick={() => setSampleOpen(true)}>
              Download Sample
            </Button>
          }
        >
          Import Savings Data
        </Header>
      }
    >
      <Container>
        <SpaceBetween size="l">
          <Alert type="info" header="Before you import">
            Every row is checked first: a file with any bad row posts nothing, and you get an error report naming the row and column. Rows already
            imported are not posted again, so a file can be uploaded again safely.
          </Alert>
          <FormField label="Savings type">
            <Select
              selectedOption={typeOptions.find((o) => o.value === type) ?? null}
              onChange={({ detail }) => setType((detail.selectedOption.value as SavingsImportType | undefined) ?? null)}
              options={typeOptions}
              placeholder="Select savings type"
              ariaLabel="Savings type"
            />
          </FormField>
          <FormField label="Bank" description="The cooperative bank account the money was paid into or out of">
            <Select
              selectedOption={bankOptions.find((o) => o.value === bankId) ?? null}
              onChange={({ detail }) => setBankId(detail.selectedOption.value ?? null)}
              options={bankOptions}
              statusType={banks.isLoading ? 'loading' : 'finished'}
              placeholder="Select bank"
              empty="No active bank account"
              ariaLabel="Bank"
            />
          </FormField>
          <FormField label="File (.xlsx or .csv)">
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
      <SampleModal visible={sampleOpen} onClose={() => setSampleOpen(false)} />
    </ContentLayout>
  );
}
