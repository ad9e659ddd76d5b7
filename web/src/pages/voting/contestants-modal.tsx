import { useState } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Modal from '@cloudscape-design/components/modal';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { TableProps } from '@cloudscape-design/components/table';
import Table from '@cloudscape-design/components/table';
import Tabs from '@cloudscape-design/components/tabs';
import type { ContestantView, ElectionView } from '../../api/voting';
import { useContestants, useDeleteContestant, usePositions } from '../../api/voting';
import { statusCell } from '../../components/crud/columns';
import { ContestantAvatar } from './contestant-avatar';
import { ContestantForm } from './contestant-form';
import { InlineDelete } from './inline-delete';

function contestantColumns(onEdit: (contestant: ContestantView) => void, onDelete: (contestant: ContestantView) => void): TableProps.ColumnDefinition<ContestantView>[] {
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
        <SpaceBetween size="xs" direction="horizontal">
          <Button variant="icon" iconName="edit" ariaLabel={`Edit ${contestant.full_name}`} onClick={() => onEdit(contestant)} />
          <Button variant="icon" iconName="remove" ariaLabel={`Delete ${contestant.full_name}`} onClick={() => onDelete(contestant)} />
        </SpaceBetween>
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
  const [tab, setTab] = useState<'list' | 'form'>('list');
  const [editing, setEditing] = useState<ContestantView | null>(null);
  const [deleting, setDeleting] = useState<ContestantView | null>(null);

  const options = (positions.data ?? []).map((position) => ({ value: position.id, label: position.name }));
  const showList = () => {
    setEditing(null);
    setTab('list');
  };
  const columns = contestantColumns(
    (contestant) => {
      setEditing(contestant);
      setTab('form');
    },
    setDeleting,
  );

  return (
    <Modal
      visible
      size="large"
      onDismiss={onClose}
      closeAriaLabel="Close"
      header={`Manage Contestants: ${election.name}`}
      footer={
        <Box float="right">
          <Button onClick={onClose}>Close</Button>
        </Box>
      }
    >
      <Tabs
        ariaLabel="Contestants"
        activeTabId={tab}
        onChange={({ detail }) => {
          setEditing(null);
          setTab(detail.activeTabId === 'form' ? 'form' : 'list');
        }}
        tabs={[
          {
            id: 'list',
            label: 'Contestants',
            content: (
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
                  columnDefinitions={columns}
                  items={contestants.data ?? []}
                  trackBy="id"
                  loading={positionId !== null && contestants.isPending}
                  loadingText="Loading contestants"
                  empty={
                    <Box textAlign="center" color="inherit" padding="m">
                      <b>No contestants</b>
                      <Box variant="p" color="inherit">
                        {positionId ? 'No member stands for this position yet.' : 'Choose a position to see its contestants.'}
                      </Box>
                    </Box>
                  }
                />
              </SpaceBetween>
            ),
          },
          {
            id: 'form',
            label: editing ? 'Edit' : 'Add New',
            content: (
              <ContestantForm
                key={editing?.id ?? `new-${positionId ?? ''}`}
                election={election}
                positions={positions.data ?? []}
                contestant={editing}
                positionId={positionId}
                onDone={(savedPositionId) => {
                  // The list follows the position the contestant was saved under.
                  if (savedPositionId) setChosen(savedPositionId);
                  showList();
                }}
              />
            ),
          },
        ]}
      />
    </Modal>
  );
}
