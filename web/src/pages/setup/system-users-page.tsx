import { useMemo } from 'react';
import { COOPERATIVE_USER_ROLES, PRODUCT } from '@coopledger/shared/roles';
import { systemUserSchema, systemUserUpdateSchema } from '@coopledger/shared/schemas/users';
import { useCooperative } from '../../api/cooperatives';
import type { EntityEndpoint } from '../../api/entities';
import type { Role, SystemUser } from '../../api/setup-endpoints';
import { ENDPOINTS } from '../../api/setup-endpoints';
import { statusColumn } from '../../components/crud/columns';
import type { CrudConfig } from '../../components/crud/crud-section';
import type { Choice } from '../../components/crud/field-defs';
import { TabbedCrud } from '../../components/crud/tabbed-crud';
import { formatDateTime } from '../../format/dates';
import { useRequiredSession } from '../../session/use-session';
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

/** The roles a cooperative's user may hold: COOPERATIVE roles based on a staff or store keeper role. */
export const cooperativeUserRoleChoices = (roles: readonly Role[]): Choice[] =>
  roles
    .filter((role) => COOPERATIVE_USER_ROLES.some((base) => base === role.base_role))
    .map((role) => ({ value: role.id, label: role.display_name }));

function usersConfig(endpoint: EntityEndpoint, roles: Choice[], loading: boolean): CrudConfig<SystemUser> {
  return {
    endpoint,
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
      { name: 'role_id', label: 'Role', kind: 'select', options: roles, loading },
      { name: 'status', label: 'Status', kind: 'status' },
      { name: 'password', label: 'Password', kind: 'password', only: 'create' },
      { name: 'confirm_password', label: 'Confirm password', kind: 'password', only: 'create' },
    ],
    columns,
    nameOf: (row) => `${row.firstname} ${row.lastname}`,
  };
}

/** The platform's own users (super-admins and roles based on it). */
function PlatformUsers() {
  const roles = useRecordChoices<Role>(ENDPOINTS.roles, roleLabel, { type: PRODUCT });
  const config = useMemo(
    () => usersConfig(ENDPOINTS.systemUsers, roles.options, roles.loading),
    [roles.options, roles.loading],
  );
  return (
    <SetupPage title="System users" description="The people who run the platform">
      <TabbedCrud config={config} listLabel="List" formLabel="Add New" />
    </SetupPage>
  );
}

/** The active cooperative's users: its admins, accountants and store keepers (members are added from Members). */
function CooperativeUsers({ cooperativeId }: { cooperativeId: string }) {
  const { data: cooperative } = useCooperative(cooperativeId);
  const roles = useRecordChoices<Role>(ENDPOINTS.roles, roleLabel, { type: 'COOPERATIVE' });
  const choices = useMemo(() => cooperativeUserRoleChoices(roles.records), [roles.records]);
  const config = useMemo(
    () => usersConfig(ENDPOINTS.cooperativeUsers, choices, roles.loading),
    [choices, roles.loading],
  );
  return (
    <SetupPage
      title="Users"
      description={`The admins, accountants and store keepers of ${cooperative?.name ?? 'the cooperative'}; members are added from Members`}
    >
      <TabbedCrud key={cooperativeId} config={config} listLabel="List" formLabel="Add New" />
    </SetupPage>
  );
}

/**
 * /setup/users: the platform's own users, or, while the super-admin works inside a cooperative, that
 * cooperative's users (its staff and store keepers).
 */
export function SystemUsersPage() {
  const { activeCooperativeId } = useRequiredSession();
  return activeCooperativeId ? <CooperativeUsers cooperativeId={activeCooperativeId} /> : <PlatformUsers />;
}
