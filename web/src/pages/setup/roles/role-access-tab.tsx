import { useEffect, useState } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '../../../components/tables/table';
import type { AccessGrid, AccessKind, AccessResource } from '@coopledger/shared/schemas/roles';
import { ACCESS_KINDS, ACCESS_RESOURCES } from '@coopledger/shared/schemas/roles';
import { errorMessage } from '../../../api/api-error';
import { useRoleAccess, useSaveRoleAccess } from '../../../api/roles';
import { notificationsStore } from '../../../app/notifications/notifications-store';
import { capitalise } from '../../../components/crud/entity-form';
import { ChoiceSelect } from '../chart/choice-select';

const copy = (grid: AccessGrid): AccessGrid => structuredClone(grid);

/** Role Access: a role's Read/Write/Delete for Members, Loans, Savings and Setup. */
export function RoleAccessTab() {
  const { data: roles = [], isPending } = useRoleAccess();
  const [roleId, setRoleId] = useState<string | null>(null);
  const role = roles.find((r) => r.role_id === roleId) ?? null;
  const [grid, setGrid] = useState<AccessGrid | null>(null);
  useEffect(() => setGrid(role ? copy(role.access) : null), [role]);
  const save = useSaveRoleAccess();
  // The server never narrows a Super Admin role: its grid is shown but cannot be saved.
  const fixed = role?.base_role === 'super-admin';

  const toggle = (resource: AccessResource, kind: AccessKind, checked: boolean) =>
    setGrid((current) => (current ? { ...current, [resource]: { ...current[resource], [kind]: checked } } : current));

  const submit = () => {
    if (!role || !grid) return;
    save.mutate(
      { role_id: role.role_id, access: grid },
      { onSuccess: (envelope) => notificationsStore.notify('success', envelope.message) },
    );
  };

  return (
    <Container
      header={
        <Header variant="h2" description="What a role may read, change and delete in each area">
          Role Access
        </Header>
      }
    >
      <SpaceBetween size="l">
        <ChoiceSelect
          label="Role"
          value={roleId}
          loading={isPending}
          options={roles.map((r) => ({ value: r.role_id, label: `${r.display_name} (${r.belong_to})` }))}
          placeholder="Choose a role"
          onChange={(value) => {
            save.reset();
            setRoleId(value);
          }}
        />
        {fixed && <Alert type="info">Super Admin roles are never restricted.</Alert>}
        {grid && (
          <Table
            variant="embedded"
            ariaLabels={{ tableLabel: 'Access grid' }}
            items={ACCESS_RESOURCES.map((resource) => ({ resource }))}
            trackBy="resource"
            columnDefinitions={[
              { id: 'area', header: 'Area', cell: ({ resource }) => capitalise(resource), isRowHeader: true },
              ...ACCESS_KINDS.map((kind) => ({
                id: kind,
                header: capitalise(kind),
                cell: ({ resource }: { resource: AccessResource }) => (
                  <Checkbox
                    checked={grid[resource][kind]}
                    disabled={fixed}
                    ariaLabel={`${capitalise(kind)} ${capitalise(resource)}`}
                    onChange={({ detail }) => toggle(resource, kind, detail.checked)}
                  />
                ),
              })),
            ]}
          />
        )}
        {save.isError && <Box color="text-status-error">{errorMessage(save.error)}</Box>}
        <Button variant="primary" disabled={!grid || fixed} loading={save.isPending} onClick={submit}>
          Save access
        </Button>
      </SpaceBetween>
    </Container>
  );
}
