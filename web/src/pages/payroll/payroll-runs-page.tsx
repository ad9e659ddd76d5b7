import { useCallback, useState } from 'react';
import Alert from '@cloudscape-design/components/alert';
import ContentLayout from '@cloudscape-design/components/content-layout';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { PayrollRunView } from '../../api/payroll';
import { useSession } from '../../session/use-session';
import { DownloadPayrollForm, UploadPayrollForm } from './payroll-forms';
import type { RunAction } from './payroll-helpers';
import { mayReverse } from './payroll-helpers';
import { ReconciliationModal } from './reconciliation-modal';
import { ReverseRunModal } from './reverse-run-modal';
import { RunHistory } from './run-history';
import { RunProgress, downloadErrorReport } from './run-progress';

/** Spec 001 section 2: how the payroll file is to be used, shown until the reader dismisses it. */
function ImportantNote({ onDismiss }: { onDismiss: () => void }) {
  return (
    <Alert
      type="info"
      dismissible
      onDismiss={onDismiss}
      i18nStrings={{ infoIconAriaLabel: 'Info', dismissAriaLabel: 'Dismiss the important note' }}
    >
      <ExpandableSection headerText="Important note" defaultExpanded>
        <ul>
          <li>Use the first and last day of the month as the start date and the end date.</li>
          <li>
            Upload the file you downloaded, in the same layout, with the Amount Deducted column filled in (it comes
            filled with the Total Due). Do not add, remove or rename columns.
          </li>
          <li>An amount below what was due pays the member's loans first, then savings.</li>
          <li>An amount above what was due goes to the member's primary savings plan.</li>
        </ul>
      </ExpandableSection>
    </Alert>
  );
}

/**
 * /monthly-deductions/payroll-runs: download the payroll file of a month, upload it back with the
 * amounts the employer deducted, and follow each run: its progress, result, reconciliation and,
 * for an admin, its reversal.
 */
export function PayrollRunsPage() {
  const session = useSession();
  const canReverse = mayReverse(session?.user.role_name);
  const [noteVisible, setNoteVisible] = useState(true);
  const [followedId, setFollowedId] = useState<string | null>(null);
  const [reconciling, setReconciling] = useState<PayrollRunView | null>(null);
  const [reversing, setReversing] = useState<PayrollRunView | null>(null);

  const follow = useCallback((run: PayrollRunView) => setFollowedId(run.id), []);

  const onAction = useCallback((run: PayrollRunView, action: RunAction) => {
    setFollowedId(run.id);
    if (action === 'reconciliation') setReconciling(run);
    else if (action === 'report') downloadErrorReport(run.id);
    else if (action === 'reverse') setReversing(run);
  }, []);

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description="Monthly deductions from the members' pay: download the payroll, upload what was deducted."
        >
          Payroll runs
        </Header>
      }
    >
      <SpaceBetween size="l">
        {noteVisible && <ImportantNote onDismiss={() => setNoteVisible(false)} />}
        <DownloadPayrollForm />
        <UploadPayrollForm onStarted={follow} />
        {followedId && (
          <RunProgress
            runId={followedId}
            canReverse={canReverse}
            onReconciliation={setReconciling}
            onReverse={setReversing}
            onClose={() => setFollowedId(null)}
          />
        )}
        <RunHistory canReverse={canReverse} selectedId={followedId} onAction={onAction} />
      </SpaceBetween>
      <ReconciliationModal run={reconciling} onClose={() => setReconciling(null)} />
      <ReverseRunModal run={reversing} onClose={() => setReversing(null)} onStarted={follow} />
    </ContentLayout>
  );
}
