import { useState } from 'react';
import FormField from '@cloudscape-design/components/form-field';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { TableProps } from '@cloudscape-design/components/table';
import Table from '../../components/tables/table';
import type { ContestantView, ElectionView } from '../../api/voting';
import { useContestants, useDeleteContestant, usePositions } from '../../api/voting';
import { statusCell } from '../../components/crud/columns';
import { ContestantAvatar } from './contestant-avatar';
import { ContestantForm } from './contestant-form';
import { InlineDelete } from './inline-delete';
import { EmptyList, ManageModal, RowActions } from './manage-modal';

function contestantColumns(
  onEdit: (contestant: ContestantView) => void,
  onDelete: (contestant: ContestantView) => void,
): TableProps.ColumnDefinition<ContestantView>[] {
  return [
    {
      id: 'name',
      header: 'Full name',
      isRowHeader: true,
      cell: (contestant) => (
        <SpaceBetween direction="horizontal" size="xs" alignItems="center">
          <ContestantAvatar name={contestant.full_name} gender={contestant.member.gender} />
          <span>{contestant.full_name}</span>
        </SpaceBetween>
      ),
    },
    { id: 'coop_id', header: 'Member number', cell: (contestant) => contestant.coop_id },
    { id: 'status', header: 'Status', cell: statusCell },
    {
      id: 'actions',
      header: 'Action',
      cell: (contestant) => (
        <RowActions
          name={contestant.full_name}
          onEdit={() => onEdit(contestant)}
          onDelete={() => onDelete(contestant)}
        />
      ),
    },
  ];
}

/** Manage Contestants: pick a position of the election, see who stands for it, add or edit one. */
export function ContestantsModal({ election, onClose }: { election: ElectionView; onClose: () => void }) {
  const positions = usePositions(election.id);
  const [chosen, setChosen] = useState<string | null>(null);
  // Until one is picked, the election's first position.
  const positionId = chosen ?? positions.data?.[0]?.id ?? null;
  const contestants = useContestants(positionId);
  const remove = useDeleteContestant();
  const [deleting, setDeleting] = useState<ContestantView | null>(null);
  const options = (positions.data ?? []).map((position) => ({ value: position.id, label: position.name }));

  return (
    <ManageModal<ContestantView>
      header={`Manage Contestants: ${election.name}`}
      label="Contestants"
      onClose={onClose}
      list={(edit) => (
        <SpaceBetween size="m">
          <FormField label="Position">
            <Select
              ariaLabel="Position"
              placeholder="Select position"
              selectedOption={options.find((option) => option.value === positionId) ?? null}
              options={options}
              statusType={positions.isPending ? 'loading' : 'finished'}
              loadingText="Loading positions"
              empty="The election has no positions yet: add them in Manage Positions"
              onChange={({ detail }) => setChosen(detail.selectedOption.value ?? null)}
            />
          </FormField>
          <InlineDelete
            subject={deleting ? `the contestant ${deleting.full_name}` : null}
            pending={remove.isPending}
            onConfirm={() => remove.mutateAsync(deleting?.id ?? '')}
            onClose={() => setDeleting(null)}
          />
          <Table
            variant="embedded"
            ariaLabels={{ tableLabel: 'Contestants' }}
            columnDefinitions={contestantColumns(edit, setDeleting)}
            items={contestants.data ?? []}
            trackBy="id"
            loading={positionId !== null && contestants.isPending}
            loadingText="Loading contestants"
            empty={
              <EmptyList title="No contestants">
                {positionId ? 'No member stands for this position yet.' : 'Choose a position to see its contestants.'}
              </EmptyList>
            }
          />
        </SpaceBetween>
      )}
      form={(editing, done) => (
        <ContestantForm
          key={editing?.id ?? `new-${positionId ?? ''}`}
          election={election}
          positions={positions.data ?? []}
          contestant={editing}
          positionId={positionId}
          onDone={(savedPositionId) => {
            // The list follows the position the contestant was saved under.
            if (savedPositionId) setChosen(savedPositionId);
            done();
          }}
        />
      )}
    />
  );
}
