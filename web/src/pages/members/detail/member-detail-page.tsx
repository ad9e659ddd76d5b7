import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import Tabs from '@cloudscape-design/components/tabs';
import { errorMessage } from '../../../api/api-error';
import { EntityHistory } from '../../../components/audit/entity-history';
import { useMemberDetail } from '../../../api/members';
import { downloadStatement } from '../../../api/statements';
import { SuretyRequestsTable } from '../../loans/surety-requests-table';
import { MemberSavingsPanel } from '../../savings/member-savings-panel';
import { OrderModal } from '../../savings/order-modal';
import { TransactionHistoryPanel } from '../../savings/transaction-history-panel';
import { StatementModal } from '../../statements/statement-modal';
import { EditProfileTabs } from './edit-profile-tabs';
import { ExitPanel } from './exit-panel';
import { MemberLoansTab } from './member-loans-tab';
import { MemberPasswordForm } from './member-password-form';
import { MemberInfo, MemberSideCard, WithSideCard } from './member-summary';
import { fullName, memberFormPath } from './profile-mapping';

/** One member seen by staff (spec section 2, /members/view?member_id=). */
export function MemberDetailPage() {
  const [params] = useSearchParams();
  const memberId = (params.get('member_id') ?? '').trim();
  const detail = useMemberDetail(memberId);
  const navigate = useNavigate();
  const [order, setOrder] = useState<'deposit' | 'withdrawal' | null>(null);
  const [tab, setTab] = useState('info');
  const [statement, setStatement] = useState(false);

  if (!memberId) return <Alert type="error">No member was chosen. Open a member from the member list.</Alert>;
  if (detail.isPending) return <Spinner size="large" />;
  if (detail.isError)
    return (
      <Alert type="error" header="The member could not be loaded">
        {errorMessage(detail.error)}
      </Alert>
    );
  const member = detail.data;

  const actions = (
    <SpaceBetween direction="horizontal" size="xs">
      <Button onClick={() => setOrder('deposit')}>Deposit</Button>
      <Button onClick={() => setOrder('withdrawal')}>Withdrawal</Button>
      <Button onClick={() => void navigate(memberFormPath(member.coop_id))}>Form</Button>
      <Button onClick={() => setStatement(true)}>Statement</Button>
    </SpaceBetween>
  );

  return (
    <ContentLayout
      header={
        <Header variant="h1" description={member.coop_id}>
          {fullName(member)}
        </Header>
      }
    >
      <WithSideCard side={<MemberSideCard member={member} actions={actions} />}>
        <Tabs
          ariaLabel="Member"
          activeTabId={tab}
          onChange={({ detail: change }) => setTab(change.activeTabId)}
          tabs={[
            { id: 'info', label: 'Member Info', content: <MemberInfo member={member} /> },
            { id: 'loans', label: 'Loans', content: <MemberLoansTab memberId={member.coop_id} /> },
            { id: 'savings', label: 'Savings', content: <MemberSavingsPanel memberId={member.coop_id} /> },
            { id: 'surety', label: 'Surety Request', content: <SuretyRequestsTable memberId={member.coop_id} /> },
            {
              id: 'transactions',
              label: 'Transactions',
              content: <TransactionHistoryPanel memberId={member.coop_id} />,
            },
            { id: 'edit', label: 'Edit Profile', content: <EditProfileTabs member={member} self={false} /> },
            { id: 'password', label: 'Change Password', content: <MemberPasswordForm coopId={member.coop_id} /> },
            { id: 'exit', label: 'Exit', content: <ExitPanel memberId={member.coop_id} self={false} /> },
            {
              id: 'history',
              label: 'History',
              content: <EntityHistory entity="member" entityId={member.coop_id} title={fullName(member)} />,
            },
          ]}
        />
      </WithSideCard>
      {order && <OrderModal memberId={member.coop_id} kind={order} visible onDismiss={() => setOrder(null)} />}
      <StatementModal
        memberName={fullName(member)}
        visible={statement}
        onDismiss={() => setStatement(false)}
        download={(request) => downloadStatement({ ...request, memberId: member.coop_id }, member.coop_id)}
      />
    </ContentLayout>
  );
}
