import { PRODUCT, ROLE_DISPLAY_NAMES, ROLES } from '@coopledger/shared/roles';
import { roleSchema } from '@coopledger/shared/schemas/roles';
import type { Role } from '../../../api/setup-endpoints';
import { ENDPOINTS } from '../../../api/setup-endpoints';
import { statusCell } from '../../../components/crud/columns';
import type { CrudConfig } from '../../../components/crud/crud-section';
import type { Choice } from '../../../components/crud/field-defs';

export const ROLE_TYPE_CHOICES: readonly Choice[] = [
  { value: PRODUCT, label: PRODUCT },
  { value: 'COOPERATIVE', label: 'COOPERATIVE' },
];

/** The sign-in roles an added role may be based on, the store keeper among them. */
const BASE_ROLE_CHOICES: readonly Choice[] = ROLES.map((role) => ({ value: role, label: ROLE_DISPLAY_NAMES[role] }));

/** Roles: built-in ones are listed but fixed; added ones are based on a sign-in role. */
export const roleConfig: CrudConfig<Role> = {
  endpoint: ENDPOINTS.roles,
  title: 'Roles',
  noun: 'role',
  schema: roleSchema,
  fields: [
    { name: 'display_name', label: 'Role name' },
    { name: 'belong_to', label: 'Role type', kind: 'select', options: ROLE_TYPE_CHOICES },
    {
      name: 'base_role',
      label: 'Based on',
      kind: 'select',
      options: BASE_ROLE_CHOICES,
      description: 'The sign-in role whose screens it reaches; optional',
    },
    { name: 'status', label: 'Status', kind: 'status' },
  ],
  columns: [
    { id: 'name', header: 'Role', cell: (row) => row.display_name, isRowHeader: true },
    { id: 'type', header: 'Type', cell: (row) => row.belong_to },
    { id: 'active', header: 'Active', cell: statusCell },
  ],
  nameOf: (row) => row.display_name,
  canDelete: (row) => !row.built_in,
  canEdit: (row) => !row.built_in,
};
