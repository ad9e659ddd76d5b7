import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { useRequiredSession } from '../../session/use-session';
import { MemberSavingsPanel } from './member-savings-panel';

/** /member/savings: the signed-in member's own plans (their member number is their login ID). */
export function MemberSavingsPage() {
  const session = useRequiredSession();
  return (
    <ContentLayout header={<Header variant="h1">Savings</Header>}>
      <MemberSavingsPanel memberId={session.user.coop_id} />
    </ContentLayout>
  );
}
