import { useState } from 'react';
import Box from '@cloudscape-design/components/box';
import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import type { ButtonDropdownProps } from '@cloudscape-design/components/button-dropdown';
import Cards from '@cloudscape-design/components/cards';
import type { CardsProps } from '@cloudscape-design/components/cards';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import TextFilter from '@cloudscape-design/components/text-filter';
import type { ElectionView } from '../../api/voting';
import { useElections } from '../../api/voting';
import { useDebouncedValue } from '../../components/hooks/use-debounced-value';
import { formatDay } from '../../format/dates';
import { resultsPagination, totalText } from '../../components/crud/results-pagination';
import { ContestantAvatars, ELECTION_CARDS, ElectionSwitch, PhaseBadge, Turnout } from './election-card-parts';
import { deleteBlockedReason } from './voting-helpers';
import styles from './voting.module.css';

export type ElectionAction = 'edit' | 'positions' | 'contestants' | 'results' | 'delete';

const ACTIONS: readonly { id: ElectionAction; text: string }[] = [
  { id: 'edit', text: 'Edit' },
  { id: 'positions', text: 'Manage Positions' },
  { id: 'contestants', text: 'Manage Contestants' },
  { id: 'results', text: 'View Results' },
  { id: 'delete', text: 'Delete' },
];

/** The card's menu. Delete is offered only while the server would allow it, and says why not otherwise. */
function menuItems(election: ElectionView): ButtonDropdownProps.Item[] {
  const blocked = deleteBlockedReason(election);
  return ACTIONS.map((action) =>
    action.id === 'delete' && blocked ? { ...action, disabled: true, disabledReason: blocked } : action,
  );
}

function cardDefinition(
  onAction: (action: ElectionAction, election: ElectionView) => void,
): CardsProps.CardDefinition<ElectionView> {
  return {
    header: (election) => (
      <div className={styles.cardHeader}>
        <span>{election.name}</span>
        <ButtonDropdown
          variant="icon"
          ariaLabel={`Actions for ${election.name}`}
          items={menuItems(election)}
          onItemClick={({ detail }) => {
            const action = ACTIONS.find((candidate) => candidate.id === detail.id);
            if (action) onAction(action.id, election);
          }}
          expandToViewport
        />
      </div>
    ),
    sections: [
      {
        id: 'description',
        content: (election) => election.description || <Box color="text-body-secondary">No description</Box>,
      },
      { id: 'phase', content: (election) => <PhaseBadge election={election} /> },
      {
        id: 'figures',
        content: (election) => (
          <KeyValuePairs
            columns={2}
            items={[
              { label: 'Created', value: formatDay(election.created_at) },
              { label: 'Votes', value: election.votes_cast },
              { label: 'Start date', value: formatDay(election.start_date) },
              { label: 'End date', value: formatDay(election.end_date) },
            ]}
          />
        ),
      },
      { id: 'contestants', header: 'Contestants', content: (election) => <ContestantAvatars election={election} /> },
      { id: 'turnout', content: (election) => <Turnout election={election} /> },
      { id: 'status', content: (election) => <ElectionSwitch election={election} /> },
    ],
  };
}

/** The Polls tab: the cooperative's elections as cards, searched on the server. */
export function ElectionCards({ onAction }: { onAction: (action: ElectionAction, election: ElectionView) => void }) {
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState('');
  const query = useDebouncedValue(filter.trim());
  const { data, isPending, isFetching } = useElections({ page, query: query || undefined });
  const meta = data?.meta;

  return (
    <Cards
      {...ELECTION_CARDS}
      items={data?.data ?? []}
      loading={isPending}
      cardDefinition={cardDefinition(onAction)}
      header={<Header counter={meta ? `(${totalText(meta)})` : undefined}>Elections</Header>}
      filter={
        <TextFilter
          filteringText={filter}
          filteringPlaceholder="Find elections"
          filteringAriaLabel="Find elections"
          countText={meta && query ? `${meta.total} match${meta.total === 1 ? '' : 'es'}` : undefined}
          onChange={({ detail }) => {
            setFilter(detail.filteringText);
            setPage(1);
          }}
        />
      }
      pagination={resultsPagination(meta, isFetching, setPage)}
      empty={
        <Box textAlign="center" color="inherit" padding="m">
          <b>No elections</b>
          <Box variant="p" color="inherit">
            {query ? 'No election matches this search.' : 'No election has been added yet.'}
          </Box>
        </Box>
      }
    />
  );
}
