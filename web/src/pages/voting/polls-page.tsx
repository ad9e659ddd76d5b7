import type { ReactNode } from 'react';
import { useState } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Tabs from '@cloudscape-design/components/tabs';
import { MEMBER_ROLES } from '@coopledger/shared/roles';
import type { ElectionView } from '../../api/voting';
import { useDeleteElection } from '../../api/voting';
import { useFollow } from '../../app/navigation/use-follow';
import { ConfirmDeleteModal } from '../../components/crud/confirm-delete-modal';
import { useRequiredSession } from '../../session/use-session';
import type { ElectionAction } from './election-cards';
import { ElectionCards } from './election-cards';
import { ElectionFormModal } from './election-form-modal';
import { ContestantsModal } from './contestants-modal';
import { PositionsModal } from './positions-modal';
import { ResultsTab } from './results-tab';

type Tab = 'polls' | 'results';
type Managing = { what: 'positions' | 'contestants'; election: ElectionView };

function Polls() {
  const [tab, setTab] = useState<Tab>('polls');
  const [resultsOf, setResultsOf] = useState<ElectionView | null>(null);
  const [editing, setEditing] = useState<{ election: ElectionView | null } | null>(null);
  const [managing, setManaging] = useState<Managing | null>(null);
  const [deleting, setDeleting] = useState<ElectionView | null>(null);
  const remove = useDeleteElection();

  const act = (action: ElectionAction, election: ElectionView) => {
    switch (action) {
      case 'edit':
        return setEditing({ election });
      case 'positions':
      case 'contestants':
        return setManaging({ what: action, election });
      case 'results':
        setResultsOf(election);
        return setTab('results');
      case 'delete':
        return setDeleting(election);
    }
  };

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description="Elections of the cooperative: their positions, contestants, turnout and results"
          actions={
            <Button variant="primary" iconName="add-plus" onClick={() => setEditing({ election: null })}>
              Add election
            </Button>
          }
        >
          Manage Polls
        </Header>
      }
    >
      <Tabs
        ariaLabel="Polls and results"
        activeTabId={tab}
        onChange={({ detail }) => setTab(detail.activeTabId === 'results' ? 'results' : 'polls')}
        tabs={[
          { id: 'polls', label: 'Polls', content: <ElectionCards onAction={act} /> },
          {
            id: 'results',
            label: 'Results',
            content: <ResultsTab election={resultsOf} onElectionChange={setResultsOf} />,
          },
        ]}
      />
      <ElectionFormModal target={editing} onClose={() => setEditing(null)} />
      {managing?.what === 'positions' && (
        <PositionsModal election={managing.election} onClose={() => setManaging(null)} />
      )}
      {managing?.what === 'contestants' && (
        <ContestantsModal election={managing.election} onClose={() => setManaging(null)} />
      )}
      <ConfirmDeleteModal
        subject={deleting?.name ?? null}
        noun="election"
        pending={remove.isPending}
        onConfirm={async () => {
          const result = await remove.mutateAsync(deleting?.id ?? '');
          // The Results tab must not go on asking for an election that is gone.
          if (resultsOf?.id === deleting?.id) setResultsOf(null);
          return result;
        }}
        onClose={() => setDeleting(null)}
      />
    </ContentLayout>
  );
}

/** Members may read elections but not manage them: their screens are under Elections. */
function MemberNotice() {
  const follow = useFollow();
  return (
    <Alert
      type="info"
      action={
        <Button href="/member/elections" onFollow={follow}>
          Elections
        </Button>
      }
    >
      Polls are managed by the cooperative's staff. Members and executives vote in Elections.
    </Alert>
  );
}

const withTitle = (content: ReactNode) => (
  <ContentLayout header={<Header variant="h1">Manage Polls</Header>}>{content}</ContentLayout>
);

/**
 * /setup/polls: the active cooperative's elections (spec 001 "Polls and elections"). A super-admin
 * works on a cooperative chosen with the switcher.
 */
export function PollsPage() {
  const session = useRequiredSession();
  if (MEMBER_ROLES.includes(session.user.role_name)) return withTitle(<MemberNotice />);
  if (!session.activeCooperativeId)
    return withTitle(
      <Alert type="info">Choose a cooperative with the switcher in the top bar to manage its polls.</Alert>,
    );
  // Keyed by cooperative: switching cooperative starts again on the Polls tab with nothing chosen.
  return <Polls key={session.activeCooperativeId} />;
}
