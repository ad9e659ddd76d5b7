import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { useRequiredSession } from '../../session/use-session';
import { TransactionHistoryPanel } from './transaction-history-panel';

/** /member/transaction-history: the signed-in member's own transactions. */
export function TransactionHistoryPage() {
  const session = useRequiredSession();
  return (
    <ContentLayout header={<Header variant="h1">Transaction History</Header>}>
      <TransactionHistoryPanel memberId={session.user.coop_id} />
    </ContentLayout>
  );
}
