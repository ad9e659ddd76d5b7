import { useState } from 'react';
import Box from '@cloudscape-design/components/box';
import FormField from '@cloudscape-design/components/form-field';
import Select from '@cloudscape-design/components/select';
import type { SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import type { ElectionView, PositionResult } from '../../api/voting';
import { useElectionResults, useElections, usePositionResult, usePositions } from '../../api/voting';
import { useDebouncedValue } from '../../components/hooks/use-debounced-value';
import { formatDay } from '../../format/dates';
import { PositionResults } from './position-results';

const ALL = 'all';

const electionOption = (election: ElectionView): SelectProps.Option => ({
  value: election.id,
  label: election.name,
  description: `${formatDay(election.start_date)} to ${formatDay(election.end_date)}`,
});

/** An election, searched by name on the server as the reader types. */
function ElectionSelect({
  election,
  onChange,
}: {
  election: ElectionView | null;
  onChange: (election: ElectionView) => void;
}) {
  const [filter, setFilter] = useState('');
  const query = useDebouncedValue(filter.trim());
  const { data, isFetching, isError } = useElections({ page: 1, query: query || undefined });
  const elections = data?.data ?? [];
  return (
    <FormField label="Election">
      <Select
        ariaLabel="Election"
        placeholder="Select election"
        filteringType="manual"
        filteringPlaceholder="Election name"
        filteringAriaLabel="Search elections"
        selectedOption={election ? electionOption(election) : null}
        options={elections.map(electionOption)}
        statusType={isFetching ? 'loading' : isError ? 'error' : 'finished'}
        loadingText="Finding elections"
        errorText="The elections could not be loaded"
        empty="No election matches"
        onLoadItems={({ detail }) => setFilter(detail.filteringText)}
        onChange={({ detail }) => {
          const chosen = elections.find((candidate) => candidate.id === detail.selectedOption.value);
          if (chosen) onChange(chosen);
        }}
      />
    </FormField>
  );
}

function ResultList({ results, loading }: { results: readonly PositionResult[]; loading: boolean }) {
  if (loading) {
    return (
      <Box textAlign="center" padding="l">
        <Spinner size="large" /> Loading the results
      </Box>
    );
  }
  if (results.length === 0) {
    return (
      <Box textAlign="center" color="text-body-secondary" padding="l">
        The election has no positions yet.
      </Box>
    );
  }
  return (
    <SpaceBetween size="l">
      {results.map((result) => (
        <PositionResults key={result.id} result={result} />
      ))}
    </SpaceBetween>
  );
}

/** The results of one election: every position, or the one chosen. */
function ElectionResultsView({ election }: { election: ElectionView }) {
  const positions = usePositions(election.id);
  const [positionId, setPositionId] = useState(ALL);
  const all = useElectionResults(positionId === ALL ? election.id : null);
  const one = usePositionResult(positionId === ALL ? null : positionId);
  const options: SelectProps.Option[] = [
    { value: ALL, label: 'All positions' },
    ...(positions.data ?? []).map((p) => ({ value: p.id, label: p.name })),
  ];

  const results = positionId === ALL ? (all.data?.positions ?? []) : one.data ? [one.data] : [];
  const loading = positionId === ALL ? all.isPending : one.isPending;
  return (
    <SpaceBetween size="l">
      <FormField label="Position">
        <Select
          ariaLabel="Position"
          selectedOption={options.find((option) => option.value === positionId) ?? null}
          options={options}
          statusType={positions.isPending ? 'loading' : 'finished'}
          loadingText="Loading positions"
          onChange={({ detail }) => setPositionId(detail.selectedOption.value ?? ALL)}
        />
      </FormField>
      <ResultList results={results} loading={loading} />
    </SpaceBetween>
  );
}

/** The Results tab: choose an election (View Results on a card chooses it), then a position. */
export function ResultsTab({
  election,
  onElectionChange,
}: {
  election: ElectionView | null;
  onElectionChange: (election: ElectionView) => void;
}) {
  return (
    <SpaceBetween size="l">
      <ElectionSelect election={election} onChange={onElectionChange} />
      {election ? (
        // Keyed so that another election starts again on All positions.
        <ElectionResultsView key={election.id} election={election} />
      ) : (
        <Box textAlign="center" color="text-body-secondary" padding="l">
          Choose an election to see its results.
        </Box>
      )}
    </SpaceBetween>
  );
}
