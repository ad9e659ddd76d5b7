import { useState } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { TableProps } from '@cloudscape-design/components/table';
import Table from '@cloudscape-design/components/table';
import Tabs from '@cloudscape-design/components/tabs';
import { errorMessage } from '../../api/api-error';
import type { ElectionView, PositionView } from '../../api/voting';
import { useDeletePosition, usePositions, useSavePosition } from '../../api/voting';
import { notificationsStore } from '../../app/notifications/notifications-store';
import { statusCell } from '../../components/crud/columns';
import { InlineDelete } from './inline-delete';
import { PositionForm } from './position-form';

/** Ticking or clearing Active saves the position with that status at once (spec 001). */
function ActiveCheckbox({ position }: { position: PositionView }) {
  const save = useSavePosition();
  return (
    <Checkbox
      checked={position.status === 1}
      disabled={save.isPending}
      onChange={({ detail }) =>
        save.mutate(
          {
            positionId: position.id,
            body: { election_id: position.election_id, name: position.name, description: position.description ?? undefined, status: detail.checked ? 1 : 0 },
          },
          {
            onSuccess: (envelope) => notificationsStore.notify('success', envelope.message),
            onError: (error) => notificationsStore.notify('error', errorMessage(error)),
          },
        )
      }
    >
      Active
    </Checkbox>
  );
}

function positionColumns(onEdit: (position: PositionView) => void, onDelete: (position: PositionView) => void): TableProps.ColumnDefinition<PositionView>[] {
  return [
    { id: 'name', header: 'Name', isRowHeader: true, cell: (position) => position.name },
    { id: 'description', header: 'Description', cell: (position) => position.description || '—' },
    { id: 'contestants', header: 'Contestants', cell: (position) => position.contestants_count },
    { id: 'status', header: 'Status', cell: statusCell },
    { id: 'active', header: 'Active', cell: (position) => <ActiveCheckbox position={position} /> },
    {
      id: 'actions',
      header: 'Action',
      cell: (position) => (
        <SpaceBetween size="xs" direction="horizontal">
          <Button variant="icon" iconName="edit" ariaLabel={`Edit ${position.name}`} onClick={() => onEdit(position)} />
          <Button variant="icon" iconName="remove" ariaLabel={`Delete ${position.name}`} onClick={() => onDelete(position)} />
        </SpaceBetween>
      ),
    },
  ];
}

/** Manage Positions: the election's positions, and a tab to add or edit one. */
export function PositionsModal({ election, onClose }: { election: ElectionView; onClose: () => void }) {
  const { data: positions = [], isPending } = usePositions(election.id);
  const remove = useDeletePosition();
  const [tab, setTab] = useState<'list' | 'form'>('list');
  const [editing, setEditing] = useState<PositionView | null>(null);
  const [deleting, setDeleting] = useState<PositionView | null>(null);

  const showList = () => {
    setEditing(null);
    setTab('list');
  };
  const columns = positionColumns(
    (position) => {
      setEditing(position);
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
      header={`Manage Positions: ${election.name}`}
      footer={
        <Box float="right">
          <Button onClick={onClose}>Close</Button>
        </Box>
      }
    >
      <Tabs
        ariaLabel="Positions"
        activeTabId={tab}
        onChange={({ detail }) => {
          setEditing(null);
          setTab(detail.activeTabId === 'form' ? 'form' : 'list');
        }}
        tabs={[
          {
            id: 'list',
            label: 'Positions',
            content: (
              <SpaceBetween size="s">
                <InlineDelete
                  subject={deleting ? `the position ${deleting.name}` : null}
                  pending={remove.isPending}
                  onConfirm={() => remove.mutateAsync(deleting?.id ?? '')}
                  onClose={() => setDeleting(null)}
                />
                <Table
                  variant="embedded"
                  ariaLabels={{ tableLabel: 'Positions' }}
                  columnDefinitions={columns}
                  items={positions}
                  trackBy="id"
                  wrapLines
                  loading={isPending}
                  loadingText="Loading positions"
                  empty={
                    <Box textAlign="center" color="inherit" padding="m">
                      <b>No positions</b>
                      <Box variant="p" color="inherit">
                        Add the first position members will vote for.
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
            // Keyed so that switching from one position to another starts a fresh form.
            content: <PositionForm key={editing?.id ?? 'new'} election={election} position={editing} onDone={showList} />,
          },
        ]}
      />
    </Modal>
  );
}
