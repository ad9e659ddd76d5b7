import { useState } from 'react';
import { useForm } from 'react-hook-form';
import Alert from '@cloudscape-design/components/alert';
import FormField from '@cloudscape-design/components/form-field';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Modal from '@cloudscape-design/components/modal';
import RadioGroup from '@cloudscape-design/components/radio-group';
import { errorMessage } from '../../api/api-error';
import type { SavingsImportType } from '@coopledger/shared/import-views';
import {
  SAVINGS_IMPORT_TYPES,
  downloadSavingsImportReport,
  downloadSavingsSample,
  useSavingsImportStatus,
  useStartSavingsImport,
} from '../../api/savings-import';
import { notificationsStore } from '../../app/notifications/notifications-store';
import { formatNaira } from '../../format/money';
import { BankAccountField } from '../../components/forms/bank-account-field';
import { ModalFooter } from '../../components/forms/modal-footer';
import { SelectField } from '../../components/forms/select-field';
import { ImportPage } from '../../components/imports/import-page';

const notifyError = (error: unknown) => notificationsStore.notify('error', errorMessage(error));

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

interface Choices {
  type: SavingsImportType | '';
  bank_id: string;
}

const TYPE_CHOICES = SAVINGS_IMPORT_TYPES.map((t) => ({ value: t.value, label: t.label, description: t.description }));

/**
 * Import Savings Data: savings type, bank account, one .xlsx or .csv file, the samples, and the import's progress and
 * result.
 */
export function SavingsImportPage() {
  const [sampleOpen, setSampleOpen] = useState(false);
  const { control, getValues } = useForm<Choices>({ defaultValues: { type: '', bank_id: '' } });
  const start = useStartSavingsImport();

  const missing = () => {
    const { type, bank_id: bankId } = getValues();
    if (!type) return 'Please select a savings type';
    if (!bankId) return 'Please select a bank';
    return undefined;
  };

  return (
    <ImportPage
      variant="page"
      title="Import Savings Data"
      description="Post opening balances or savings history from a spreadsheet through the ledger"
      sample={{ label: 'Download Sample', onClick: () => setSampleOpen(true) }}
      note={
        <Alert type="info" header="Before you import">
          Every row is checked first: a file with any bad row posts nothing, and you get an error report naming the row
          and column. Rows already imported are not posted again, so a file can be uploaded again safely.
        </Alert>
      }
      fields={
        <>
          <SelectField control={control} name="type" label="Savings type" options={TYPE_CHOICES} />
          <BankAccountField
            control={control}
            name="bank_id"
            description="The cooperative bank account the money was paid into or out of"
          />
        </>
      }
      missing={missing}
      file={{
        label: 'File (.xlsx or .csv)',
        csv: true,
        wrongType: 'The file must be an Excel workbook (.xlsx) or a CSV file (.csv)',
      }}
      submit={{ label: 'Upload', icon: 'upload' }}
      messages="toast"
      start={(file) => {
        const { type, bank_id: bankId } = getValues();
        return start.mutateAsync({ type: type || null, bankId, file });
      }}
      starting={start.isPending}
      useStatus={useSavingsImportStatus}
      completeText={(progress) =>
        `Import complete: ${progress.posted} row(s) posted, ${progress.already} already posted`
      }
      summary={(progress) => (
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
      downloadReport={downloadSavingsImportReport}
    >
      <SampleModal visible={sampleOpen} onClose={() => setSampleOpen(false)} />
    </ImportPage>
  );
}
