import { useState } from 'react';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import type { Role } from '../../../api/setup-endpoints';
import { EntityForm } from '../../../components/crud/entity-form';
import { EntityTable } from '../../../components/crud/entity-table';
import { roleConfig } from './role-config';

/** All Roles: the list, with the add/edit form in a modal (the list is the point of this tab). */
export function AllRolesTab() {
  const [editing, setEditing] = useState<Role | null>(null);
  const [open, setOpen] = useState(false);
  const close = () => {
    setOpen(false);
    setEditing(null);
  };
  return (
    <>
      <EntityTable<Role>
        endpoint={roleConfig.endpoint}
        title={roleConfig.title}
        noun={roleConfig.noun}
        columns={roleConfig.columns}
        nameOf={roleConfig.nameOf}
        canDelete={roleConfig.canDelete}
        canEdit={roleConfig.canEdit}
        onEdit={(role) => {
          setEditing(role);
          setOpen(true);
        }}
        headerActions={
          <Button variant="primary" iconName="add-plus" onClick={() => setOpen(true)}>
            Add role
          </Button>
        }
      />
      <Modal
        visible={open}
        onDismiss={close}
        header={editing ? `Edit ${editing.display_name}` : 'Add role'}
        closeAriaLabel="Close"
      >
        {open && <EntityForm<Role> {...roleConfig} editing={editing} onDone={close} />}
      </Modal>
    </>
  );
}
