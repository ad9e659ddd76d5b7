import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { MEMBER_ROLES } from '@coopledger/shared/roles';
import { useRequiredSession } from '../../session/use-session';
import { LoanOffsetHistory } from './loan-offset-history';

/**
 * /member/loan-offset-history: a member's or executive's own loan offsets. Staff who open it see the
 * cooperative's offsets (they post them from a member's Loans tab, Loan Offset Form).
 */
export function LoanOffsetHistoryPage() {
  const session = useRequiredSession();
  const own = MEMBER_ROLES.includes(session.user.role_name) ? session.user.coop_id : '';
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={
            own
              ? 'Your loan repayments made at once from a bank or from your savings'
              : "The cooperative's loan offsets, newest first"
          }
        >
          Loan Offset History
        </Header>
      }
    >
      <LoanOffsetHistory memberId={own} />
    </ContentLayout>
  );
}
