import Alert from '@cloudscape-design/components/alert';
import { errorMessage } from '../../api/api-error';
import { routeDownload } from '../../api/client';
import { useImportStatus, useStartImport } from '../../api/members';
import { notificationsStore } from '../../app/notifications/notifications-store';
import { ImportPage } from '../../components/imports/import-page';

const notify = (error: unknown) => notificationsStore.notify('error', errorMessage(error));

const downloadReport = (importId: string) =>
  routeDownload('GET /cooperative/member/import/report', `member-import-report-${importId}.xlsx`, {
    query: { import_id: importId },
  });

/** Import Members: the sample, one .xlsx by click or drag, and the import's progress and result. */
export function MemberImport() {
  const start = useStartImport();
  return (
    <ImportPage
      variant="section"
      title="Import Members"
      sample={{
        label: 'Download sample',
        onClick: () =>
          void routeDownload('GET /cooperative/member/download-sample', 'sample-member-import.xlsx').catch(notify),
      }}
      note={
        <Alert type="warning" header="Important note">
          Each member is matched by Staff ID: a row whose Staff ID already belongs to a member updates that member, any
          other row creates a new member. Make sure the Staff IDs in the file are up to date before you import.
        </Alert>
      }
      file={{ label: 'Member file (.xlsx)', csv: false, wrongType: 'Please select an .xlsx file' }}
      submit={{ label: 'Import' }}
      messages="inline"
      start={(file) => start.mutateAsync(file)}
      starting={start.isPending}
      useStatus={useImportStatus}
      completeText={(progress) => `Import complete: ${progress.created} created, ${progress.updated} updated`}
      downloadReport={downloadReport}
    />
  );
}
