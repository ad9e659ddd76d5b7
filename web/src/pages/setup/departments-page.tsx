import { departmentSchema } from '@coopledger/shared/schemas/setup';
import type { Named } from '../../api/setup-endpoints';
import { ENDPOINTS } from '../../api/setup-endpoints';
import { statusColumn } from '../../components/crud/columns';
import type { CrudConfig } from '../../components/crud/crud-section';
import { CrudSection } from '../../components/crud/crud-section';
import { SetupPage } from './setup-page';

const config: CrudConfig<Named> = {
  endpoint: ENDPOINTS.departments,
  title: 'Departments',
  noun: 'department',
  schema: departmentSchema,
  fields: [
    { name: 'name', label: 'Department name' },
    { name: 'status', label: 'Status', kind: 'status' },
  ],
  columns: [{ id: 'name', header: 'Name', cell: (row) => row.name, isRowHeader: true }, statusColumn()],
  nameOf: (row) => row.name,
};

/** /setup/departments: the departments members work in. */
export function DepartmentsPage() {
  return (
    <SetupPage title="Departments" description="The departments members of the cooperative work in">
      <CrudSection config={config} />
    </SetupPage>
  );
}
