import { useCallback, useState } from 'react';
import Tabs from '@cloudscape-design/components/tabs';
import type { Loan } from '../../../api/loans';
import { useSession } from '../../../session/use-session';
import { UploadLoanForm } from '../../loan-forms/upload-loan-form';
import { LoanOffsetForm } from '../../loan-offsets/loan-offset-form';
import { LoanOffsetHistory } from '../../loan-offsets/loan-offset-history';
import { LoanApplicationForm } from '../../loans/loan-application-form';
import { memberLoanActions } from '../../loans/loan-helpers';
import { MemberLoansTable } from '../../loans/member-loans-table';

/**
 * The member detail's Loans tab (spec 000 section 2): Loan History, where only a cooperative-admin
 * marks a loan running or completed or deletes it; Apply, where staff apply for the member; and
 * Upload Loan Form, the member's signed forms. Loan Offset lists the member's loan offsets; Loan
 * Offset Form is where staff repay part or all of a running loan from a bank or the member's savings.
 */
export function MemberLoansTab({ memberId }: { memberId: string }) {
  const isAdmin = useSession()?.role === 'cooperative-admin';
  const [tab, setTab] = useState('history');
  const actionsFor = useCallback((loan: Loan) => memberLoanActions(loan, isAdmin), [isAdmin]);
  return (
    <Tabs
      ariaLabel="Member loans"
      variant="container"
      activeTabId={tab}
      onChange={({ detail }) => setTab(detail.activeTabId)}
      tabs={[
        {
          id: 'history',
          label: 'Loan History',
          content: (
            <MemberLoansTable
              memberId={memberId}
              actionsFor={actionsFor}
              emptyText="This member has not applied for a loan."
            />
          ),
        },
        {
          id: 'apply',
          label: 'Apply',
          content: <LoanApplicationForm applicantId={memberId} onApplied={() => setTab('history')} />,
        },
        { id: 'upload', label: 'Upload Loan Form', content: <UploadLoanForm memberId={memberId} /> },
        { id: 'offsets', label: 'Loan Offset', content: <LoanOffsetHistory memberId={memberId} /> },
        {
          id: 'offset-form',
          label: 'Loan Offset Form',
          content: <LoanOffsetForm memberId={memberId} onPosted={() => setTab('offsets')} />,
        },
      ]}
    />
  );
}
