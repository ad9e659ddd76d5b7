import { useState } from 'react';
import Checkbox from '@cloudscape-design/components/checkbox';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { TableProps } from '@cloudscape-design/components/table';
import Table from '../../components/tables/table';
import { errorMessage } from '../../api/api-error';
import type { ElectionView, PositionView } from '../../api/voting';
import { useDeletePosition, usePositions, useSavePosition } from '../../api/voting';
import { notificationsStore } from '../../app/notifications/notifications-store';
import { statusCell } from '../../components/crud/columns';
import { InlineDelete } from './inline-delete';
import { EmptyList, ManageModal, RowActions } from './manage-modal';
import { PositionForm } from './position-form';
import { POSITION_STATUS, activeStatusOf } from '@coopledger/shared/statuses';

/** Ticking or clearing Active saves the position with that status at once (spec 001). */
function ActiveCheckbox({ position }: { position: PositionView }) {
  const save = useSavePosition();
  return (
    <Checkbox
      checked={position.status === POSITION_STATUS.ACTIVE}
      disabled={save.isPending}
      onChange={({ detail }) =>
        save.mutate(
          {
            positionId: position.id,
            body: {
              election_id: position.election_id,
              name: position.name,
              description: position.description ?? undefined,
              status: activeStatusOf(detail.checked),
            },
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

function positionColumns(
  onEdit: (position: PositionView) => void,
  onDelete: (position: PositionView) => void,
): TableProps.ColumnDefinition<PositionView>[] {
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
        <RowActions name={position.name} onEdit={() => onEdit(position)} onDelete={() => onDelete(position)} />
      ),
    },
  ];
}

/** Manage Positions: the election's positions, and a tab to add or edit one. */
export function PositionsModal({ election, onClose }: { election: ElectionView; onClose: () => void }) {
  const { data: positions = [], isPending } = usePositions(election.id);
  const remove = useDeletePosition();
  const [deleting, setDeleting] = useState<PositionView | null>(null);

  return (
    <ManageModal<PositionView>
      header={`Manage Positions: ${election.name}`}
      label="Positions"
      onClose={onClose}
      list={(edit) => (
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
            columnDefinitions={positionColumns(edit, setDeleting)}
            items={positions}
            trackBy="id"
            wrapLines
            loading={isPending}
            loadingText="Loading positions"
            empty={<EmptyList title="No positions">Add the first position members will vote for.</EmptyList>}
          />
        </SpaceBetween>
      )}
      // Keyed so that switching from one position to another starts a fresh form.
      form={(editing, done) => (
        <PositionForm key={editing?.id ?? 'new'} election={election} position={editing} onDone={done} />
      )}
    />
  );
}
