import { staffCategorySchema } from '@coopledger/shared/schemas/setup';
import type { Named } from '../../api/setup-endpoints';
import { ENDPOINTS } from '../../api/setup-endpoints';
import { statusColumn } from '../../components/crud/columns';
import type { CrudConfig } from '../../components/crud/crud-section';
import { CrudSection } from '../../components/crud/crud-section';
import { SetupPage } from './setup-page';

const config: CrudConfig<Named> = {
  endpoint: ENDPOINTS.staffCategories,
  title: 'Staff categories',
  noun: 'staff category',
  schema: staffCategorySchema,
  fields: [
    { name: 'name', label: 'Name' },
    { name: 'status', label: 'Status', kind: 'status' },
  ],
  columns: [{ id: 'name', header: 'Name', cell: (row) => row.name, isRowHeader: true }, statusColumn()],
  nameOf: (row) => row.name,
};

/** /setup/staff-categories: the platform's staff categories. */
export function StaffCategoriesPage() {
  return (
    <SetupPage title="Staff categories" description="Categories of staff across the platform">
      <CrudSection config={config} />
    </SetupPage>
  );
}
