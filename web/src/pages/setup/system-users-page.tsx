import { useMemo } from 'react';
import { PRODUCT } from '@coopledger/shared/roles';
import { systemUserSchema, systemUserUpdateSchema } from '@coopledger/shared/schemas/users';
import type { Role, SystemUser } from '../../api/setup-endpoints';
import { ENDPOINTS } from '../../api/setup-endpoints';
import { statusColumn } from '../../components/crud/columns';
import type { CrudConfig } from '../../components/crud/crud-section';
import { TabbedCrud } from '../../components/crud/tabbed-crud';
import { formatDateTime } from '../../format/dates';
import { SetupPage } from './setup-page';
import { useRecordChoices } from './use-choices';

const columns: CrudConfig<SystemUser>['columns'] = [
  { id: 'coop_id', header: 'COOPID', cell: (row) => row.coop_id },
  { id: 'name', header: 'Name', cell: (row) => `${row.firstname} ${row.lastname}`, isRowHeader: true },
  { id: 'email', header: 'Email', cell: (row) => row.email },
  { id: 'role', header: 'Role', cell: (row) => row.role_display_name ?? row.role_name },
  statusColumn(),
  { id: 'created', header: 'Created', cell: (row) => formatDateTime(row.created_at) },
];

const roleLabel = (role: Role) => role.display_name;

/** /setup/users: the platform's own users (super-admins and roles based on it). */
export function SystemUsersPage() {
  const roles = useRecordChoices<Role>(ENDPOINTS.roles, roleLabel, { type: PRODUCT });
  const config = useMemo<CrudConfig<SystemUser>>(
    () => ({
      endpoint: ENDPOINTS.systemUsers,
      title: 'System users',
      noun: 'system user',
      schema: systemUserSchema,
      updateSchema: systemUserUpdateSchema,
      formColumns: 2,
      fields: [
        { name: 'coop_id', label: 'COOP ID' },
        { name: 'email', label: 'Email', kind: 'email' },
        { name: 'firstname', label: 'First name' },
        { name: 'lastname', label: 'Last name' },
        { name: 'role_id', label: 'Role', kind: 'select', options: roles.options, loading: roles.loading },
        { name: 'status', label: 'Status', kind: 'status' },
        { name: 'password', label: 'Password', kind: 'password', only: 'create' },
        { name: 'confirm_password', label: 'Confirm password', kind: 'password', only: 'create' },
      ],
      columns,
      nameOf: (row) => `${row.firstname} ${row.lastname}`,
    }),
    [roles.options, roles.loading],
  );
  return (
    <SetupPage title="System users" description="The people who run the platform">
      <TabbedCrud config={config} listLabel="List" formLabel="Add New" />
    </SetupPage>
  );
}
