import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import Alert from '@cloudscape-design/components/alert';
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { MEMBER_ROLES } from '@coopledger/shared/roles';
import type { ContestantView, ElectionView } from '../../api/voting';
import { useElection, useElectionResults, usePositions } from '../../api/voting';
import { useFollow } from '../../app/navigation/use-follow';
import { formatDay } from '../../format/dates';
import { useRequiredSession } from '../../session/use-session';
import { ManifestoModal } from './manifesto-modal';
import { StaffVotingNotice } from './member-elections-page';
import { PositionBallot } from './position-ballot';
import { PositionResults } from './position-results';
import type { Ballot } from './vote-modal';
import { VoteModal } from './vote-modal';
import { progressTag, voteBlockedReason } from './voting-helpers';
import { POSITION_STATUS } from '@coopledger/shared/statuses';

function ElectionSummary({ election }: { election: ElectionView }) {
  const tag = progressTag(election);
  return (
    <Container>
      <KeyValuePairs
        columns={3}
        items={[
          { label: 'Status', value: <Badge color={tag.color}>{tag.label}</Badge> },
          { label: 'Start date', value: formatDay(election.start_date) },
          { label: 'End date', value: formatDay(election.end_date) },
        ]}
      />
    </Container>
  );
}

/** Once voting has closed, the member sees every position's votes and shares (the server refuses earlier). */
function ClosedResults({ election }: { election: ElectionView }) {
  const { hash } = useLocation();
  const section = useRef<HTMLDivElement>(null);
  const { data, isPending } = useElectionResults(election.id);
  // "View results" on the elections page links to #results; the section exists only once loaded.
  useEffect(() => {
    if (hash === '#results' && data) section.current?.scrollIntoView({ block: 'start' });
  }, [hash, data]);
  return (
    <div id="results" ref={section}>
      <SpaceBetween size="m">
        <Header variant="h2" description="Voting has closed; these are the final counts">
          Results
        </Header>
        {isPending ? <Spinner /> : data?.positions.map((result) => <PositionResults key={result.id} result={result} />)}
      </SpaceBetween>
    </div>
  );
}

function Ballots({ election }: { election: ElectionView }) {
  const { data: positions = [], isPending } = usePositions(election.id);
  const [manifesto, setManifesto] = useState<ContestantView | null>(null);
  const [ballot, setBallot] = useState<Ballot | null>(null);
  const blocked = voteBlockedReason(election);
  const active = positions.filter((position) => position.status === POSITION_STATUS.ACTIVE);

  if (isPending) return <Spinner size="large" />;
  return (
    <SpaceBetween size="l">
      {blocked && election.phase !== 'closed' && (
        <Alert type="info">{`${blocked}. The Vote buttons are disabled until then.`}</Alert>
      )}
      {active.length === 0 && <Box color="text-body-secondary">This election has no positions yet.</Box>}
      {active.map((position) => (
        <PositionBallot
          key={position.id}
          position={position}
          blocked={blocked}
          onManifesto={setManifesto}
          onVote={(p, contestant) => setBallot({ position: p, contestant })}
        />
      ))}
      <ManifestoModal contestant={manifesto} onClose={() => setManifesto(null)} />
      <VoteModal ballot={ballot} onClose={() => setBallot(null)} />
    </SpaceBetween>
  );
}

function ElectionBallot({ electionId }: { electionId: string }) {
  const { data: election, isPending, isError } = useElection(electionId);
  if (isPending) return <Spinner size="large" />;
  // The query's error is already a toast; the page says what is missing.
  if (isError) return <Alert type="error">This election could not be loaded.</Alert>;
  return (
    <SpaceBetween size="l">
      <Header variant="h2" description={election.description ?? undefined}>
        {election.name}
      </Header>
      <ElectionSummary election={election} />
      {election.phase === 'closed' && <ClosedResults election={election} />}
      <Ballots election={election} />
    </SpaceBetween>
  );
}

/**
 * /member/elections/contestants?id={electionId}: an election's contestants by position, the ballot and, once closed,
 * the results.
 */
export function ElectionContestantsPage() {
  const session = useRequiredSession();
  const follow = useFollow();
  const [params] = useSearchParams();
  const electionId = params.get('id');
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description="Read each contestant's manifesto, then vote once for each position"
          actions={
            <Button href="/member/elections" onFollow={follow} iconName="arrow-left">
              All elections
            </Button>
          }
        >
          Contestants
        </Header>
      }
    >
      {!MEMBER_ROLES.includes(session.user.role_name) ? (
        <StaffVotingNotice />
      ) : electionId ? (
        <ElectionBallot electionId={electionId} />
      ) : (
        <Alert type="warning">No election was chosen. Go back to the elections and choose View contestants.</Alert>
      )}
    </ContentLayout>
  );
}
