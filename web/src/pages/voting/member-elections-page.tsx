import { useState } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Cards from '@cloudscape-design/components/cards';
import type { CardsProps } from '@cloudscape-design/components/cards';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { MEMBER_ROLES } from '@coopledger/shared/roles';
import type { ElectionView } from '../../api/voting';
import { useElections } from '../../api/voting';
import { useFollow } from '../../app/navigation/use-follow';
import { formatDay } from '../../format/dates';
import { useRequiredSession } from '../../session/use-session';
import { resultsPagination, totalText } from '../../components/crud/results-pagination';
import { progressTag } from './voting-helpers';
import { ELECTION_CARDS } from './election-card-parts';

export const contestantsHref = (election: Pick<ElectionView, 'id'>) =>
  `/member/elections/contestants?id=${encodeURIComponent(election.id)}`;

function cardDefinition(follow: ReturnType<typeof useFollow>): CardsProps.CardDefinition<ElectionView> {
  return {
    header: (election) => election.name,
    sections: [
      {
        id: 'description',
        content: (election) => election.description || <Box color="text-body-secondary">No description</Box>,
      },
      {
        id: 'progress',
        content: (election) => {
          const tag = progressTag(election);
          return <Badge color={tag.color}>{tag.label}</Badge>;
        },
      },
      {
        id: 'dates',
        content: (election) => (
          <KeyValuePairs
            columns={2}
            items={[
              { label: 'Start date', value: formatDay(election.start_date) },
              { label: 'End date', value: formatDay(election.end_date) },
            ]}
          />
        ),
      },
      {
        id: 'actions',
        content: (election) => (
          <SpaceBetween direction="horizontal" size="xs">
            <Button
              href={contestantsHref(election)}
              onFollow={follow}
              ariaLabel={`View contestants of ${election.name}`}
            >
              View contestants
            </Button>
            {election.phase === 'closed' && (
              <Button
                variant="primary"
                href={`${contestantsHref(election)}#results`}
                onFollow={follow}
                ariaLabel={`View results of ${election.name}`}
              >
                View results
              </Button>
            )}
          </SpaceBetween>
        ),
      },
    ],
  };
}

function ElectionList() {
  const follow = useFollow();
  const [page, setPage] = useState(1);
  const { data, isPending, isFetching } = useElections({ page });
  const meta = data?.meta;
  return (
    <Cards
      {...ELECTION_CARDS}
      items={data?.data ?? []}
      loading={isPending}
      cardDefinition={cardDefinition(follow)}
      header={<Header counter={meta ? `(${totalText(meta)})` : undefined}>Elections</Header>}
      pagination={resultsPagination(meta, isFetching, setPage)}
      empty={
        <Box textAlign="center" color="inherit" padding="m">
          <b>No elections</b>
          <Box variant="p" color="inherit">
            Your cooperative has not set up an election yet.
          </Box>
        </Box>
      }
    />
  );
}

/** The member screens' notice for staff, who manage elections at /setup/polls and do not vote. */
export function StaffVotingNotice() {
  const follow = useFollow();
  return (
    <Alert
      type="info"
      action={
        <Button href="/setup/polls" onFollow={follow}>
          Manage Polls
        </Button>
      }
    >
      Members and executives vote here. Staff manage elections and see their results in Manage Polls.
    </Alert>
  );
}

/** /member/elections: the elections of the member's cooperative, with their contestants and, once closed, results. */
export function MemberElectionsPage() {
  const session = useRequiredSession();
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description="Elections of your cooperative: read the contestants' manifestos and cast your vote"
        >
          Elections
        </Header>
      }
    >
      {MEMBER_ROLES.includes(session.user.role_name) ? <ElectionList /> : <StaffVotingNotice />}
    </ContentLayout>
  );
}
