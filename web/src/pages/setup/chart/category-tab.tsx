import { coaCategorySchema } from '@coopledger/shared/schemas/chart';
import type { CoaCategory } from '../../../api/setup-endpoints';
import { ENDPOINTS } from '../../../api/setup-endpoints';
import type { CrudConfig } from '../../../components/crud/crud-section';
import { CrudSection } from '../../../components/crud/crud-section';
import { ACCOUNT_TYPE_CHOICES, categoryColumns, codeAndName } from './chart-columns';

const config: CrudConfig<CoaCategory> = {
  endpoint: ENDPOINTS.coaCategories,
  title: 'COA categories',
  noun: 'COA category',
  schema: coaCategorySchema,
  fields: [
    { name: 'code', label: 'Code' },
    { name: 'name', label: 'Name' },
    { name: 'type', label: 'Type', kind: 'select', options: ACCOUNT_TYPE_CHOICES },
    { name: 'status', label: 'Status', kind: 'status' },
  ],
  columns: categoryColumns,
  nameOf: codeAndName,
};

/** Manage COA Categories: Assets, Liabilities... with the side their balances sit on. */
export function CategoryTab() {
  return <CrudSection config={config} />;
}
