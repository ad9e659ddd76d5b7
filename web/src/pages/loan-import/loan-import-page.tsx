import { useState } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Link from '@cloudscape-design/components/link';
import { errorMessage } from '../../api/api-error';
import type { LoanImportStatusView } from '@coopledger/shared/import-views';
import {
  downloadLoanImportReport,
  downloadLoanSample,
  useLoanImportStatus,
  useStartLoanImport,
} from '../../api/loan-import';
import { useFollow } from '../../app/navigation/use-follow';
import { notificationsStore } from '../../app/notifications/notifications-store';
import { formatNaira } from '../../format/money';
import { ImportPage } from '../../components/imports/import-page';

const notifyError = (error: unknown) => notificationsStore.notify('error', errorMessage(error));

/** A completed loan import's figures and where to find its loans. */
function LoanImportSummary({ progress }: { progress: LoanImportStatusView }) {
  const follow = useFollow();
  return (
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
        <Link href="/loans/applications" onFollow={follow}>
          See the loans in Loan applications
        </Link>
      </Box>
    </>
  );
}

/**
 * Import loan data (spec 000 section 2 "Loan import"): the sample, one .xlsx or .csv file, and the import's progress
 * and result.
 */
export function LoanImportPage() {
  const [sampleBusy, setSampleBusy] = useState(false);
  const start = useStartLoanImport();

  const sample = () => {
    setSampleBusy(true);
    downloadLoanSample()
      .catch(notifyError)
      .finally(() => setSampleBusy(false));
  };

  return (
    <ImportPage
      variant="page"
      title="Import Loan Data"
      description="Bring in loans that were running before the platform, with what has been repaid on them"
      sample={{ label: 'Download Sample', onClick: sample, loading: sampleBusy }}
      note={
        <Alert type="info" header="Before you import">
          Every row is checked first: a file with any bad row creates nothing, and you get an error report naming the
          row and column. Each loan is created approved and running (Completed when it is repaid in full), without
          sureties; its principal still owed is posted against Opening Balance Equity. Loans already imported are not
          created again, so a file can be uploaded again safely.
        </Alert>
      }
      file={{
        label: 'File (.xlsx or .csv)',
        description: 'Drop one file here or choose it',
        csv: true,
        wrongType: 'The file must be an Excel workbook (.xlsx) or a CSV file (.csv)',
      }}
      submit={{ label: 'Upload', icon: 'upload' }}
      messages="toast"
      start={(file) => start.mutateAsync(file)}
      starting={start.isPending}
      useStatus={useLoanImportStatus}
      completeText={(progress) =>
        `Import complete: ${progress.created} loan(s) created, ${progress.already} already imported`
      }
      summary={(progress) => <LoanImportSummary progress={progress} />}
      downloadReport={downloadLoanImportReport}
    />
  );
}
