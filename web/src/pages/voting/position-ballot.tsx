import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Cards from '@cloudscape-design/components/cards';
import type { CardsProps } from '@cloudscape-design/components/cards';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { ContestantView, PositionView } from '../../api/voting';
import { useContestants } from '../../api/voting';
import { ContestantAvatar } from './contestant-avatar';

interface PositionBallotProps {
  position: PositionView;
  /** Why nobody can vote in this election now, or undefined while it is in progress. */
  blocked: string | undefined;
  onManifesto: (contestant: ContestantView) => void;
  onVote: (position: PositionView, contestant: ContestantView) => void;
}

function cardDefinition({
  position,
  blocked,
  onManifesto,
  onVote,
}: PositionBallotProps): CardsProps.CardDefinition<ContestantView> {
  // One vote per position: once cast, every Vote button of the position says so.
  const disabledReason = blocked ?? (position.my_vote ? 'You have voted in this position' : undefined);
  return {
    header: (contestant) => (
      <SpaceBetween direction="horizontal" size="s" alignItems="center">
        <ContestantAvatar name={contestant.full_name} gender={contestant.member.gender} size="large" />
        <span>{contestant.full_name}</span>
      </SpaceBetween>
    ),
    sections: [
      {
        id: 'vote',
        content: (contestant) => (
          <SpaceBetween size="s">
            {position.my_vote === contestant.id && <Badge color="green">Your vote</Badge>}
            <SpaceBetween direction="horizontal" size="xs">
              <Button onClick={() => onManifesto(contestant)} ariaLabel={`View Manifesto of ${contestant.full_name}`}>
                View Manifesto
              </Button>
              <Button
                variant="primary"
                disabled={disabledReason !== undefined}
                disabledReason={disabledReason}
                onClick={() => onVote(position, contestant)}
                ariaLabel={`Vote for ${contestant.full_name}`}
              >
                Vote
              </Button>
            </SpaceBetween>
          </SpaceBetween>
        ),
      },
    ],
  };
}

/** One position of the ballot: its contestants as cards, and whom the member voted for. */
export function PositionBallot(props: PositionBallotProps) {
  const { position } = props;
  const { data: contestants = [], isPending } = useContestants(position.id);
  const chosen = contestants.find((contestant) => contestant.id === position.my_vote);
  return (
    <Cards
      ariaLabels={{
        itemSelectionLabel: () => '',
        selectionGroupLabel: position.name,
        cardsLabel: `Contestants for ${position.name}`,
      }}
      items={contestants}
      trackBy="id"
      loading={isPending}
      loadingText="Loading contestants"
      cardDefinition={cardDefinition(props)}
      cardsPerRow={[{ cards: 1 }, { minWidth: 600, cards: 2 }, { minWidth: 1000, cards: 3 }]}
      header={
        <Header
          variant="h2"
          description={position.description ?? undefined}
          actions={
            position.my_vote ? (
              <StatusIndicator type="success">
                {chosen ? `You voted for ${chosen.full_name}` : 'You have voted in this position'}
              </StatusIndicator>
            ) : undefined
          }
        >
          {position.name}
        </Header>
      }
      empty={
        <Box textAlign="center" color="inherit" padding="m">
          No contestants stand for this position.
        </Box>
      }
    />
  );
}
