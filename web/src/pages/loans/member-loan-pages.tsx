import Alert from '@cloudscape-design/components/alert';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { MEMBER_ROLES } from '@coopledger/shared/roles';
import { useRequiredSession } from '../../session/use-session';
import { LoanApplicationForm } from './loan-application-form';
import type { LoanAction } from './loan-helpers';
import { MemberLoansTable } from './member-loans-table';
import { SuretyRequestsTable } from './surety-requests-table';

const OWN_ACTIONS = (): LoanAction[] => ['schedule', 'sureties'];

/** The signed-in member's number, or null for staff, who reach members from the Members page. */
function useOwnNumber(): string | null {
  const session = useRequiredSession();
  return MEMBER_ROLES.includes(session.user.role_name) ? session.user.coop_id : null;
}

function StaffNotice() {
  return (
    <Alert type="info">
      These screens are for members and executives: staff see a member's loans from the Members page.
    </Alert>
  );
}

/** /member/loans: the member's own loans and their schedules. */
export function MemberLoansPage() {
  const own = useOwnNumber();
  return (
    <ContentLayout
      header={
        <Header variant="h1" description="Your loans, their status and what is left to repay">
          Loan History
        </Header>
      }
    >
      {own ? (
        <MemberLoansTable memberId={own} actionsFor={OWN_ACTIONS} emptyText="You have not applied for a loan yet." />
      ) : (
        <StaffNotice />
      )}
    </ContentLayout>
  );
}

/** /member/loans/apply: the member applies for a loan for themselves. */
export function LoanApplyPage() {
  const own = useOwnNumber();
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description="Choose a product, name two sureties and check the repayments before you apply"
        >
          Loan Application Form
        </Header>
      }
    >
      {own ? <LoanApplicationForm applicantId={own} /> : <StaffNotice />}
    </ContentLayout>
  );
}

/** /member/loans/surety: requests to the member to stand surety, to approve or deny. */
export function SuretyRequestsPage() {
  const own = useOwnNumber();
  return (
    <ContentLayout
      header={
        <Header variant="h1" description="Members who named you as surety for their loan">
          Surety Requests
        </Header>
      }
    >
      {own ? <SuretyRequestsTable memberId={own} own /> : <StaffNotice />}
    </ContentLayout>
  );
}
