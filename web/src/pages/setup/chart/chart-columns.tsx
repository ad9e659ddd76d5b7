import type { TableProps } from '@cloudscape-design/components/table';
import type { CoaCategory, CoaSubCategory, LedgerAccount } from '../../../api/setup-endpoints';
import { statusColumn } from '../../../components/crud/columns';
import type { Choice } from '../../../components/crud/field-defs';

export const ACCOUNT_TYPE_CHOICES: readonly Choice[] = [
  { value: 'D', label: 'Debit' },
  { value: 'C', label: 'Credit' },
];

const typeName = (type: string) => ACCOUNT_TYPE_CHOICES.find((choice) => choice.value === type)?.label ?? type;

export const categoryColumns: TableProps.ColumnDefinition<CoaCategory>[] = [
  { id: 'code', header: 'Code', cell: (row) => row.code },
  { id: 'name', header: 'Name', cell: (row) => row.name, isRowHeader: true },
  { id: 'type', header: 'Type', cell: (row) => typeName(row.type) },
  statusColumn(),
];

export const subCategoryColumns: TableProps.ColumnDefinition<CoaSubCategory>[] = [
  { id: 'code', header: 'Code', cell: (row) => row.code },
  { id: 'name', header: 'Name', cell: (row) => row.name, isRowHeader: true },
  { id: 'category', header: 'Category', cell: (row) => row.category?.name ?? row.category_id },
  statusColumn(),
];

export const ledgerColumns: TableProps.ColumnDefinition<LedgerAccount>[] = [
  { id: 'code', header: 'GL Code', cell: (row) => row.code },
  { id: 'name', header: 'Name', cell: (row) => row.name, isRowHeader: true },
  { id: 'type', header: 'Type', cell: (row) => typeName(row.type) },
  statusColumn(),
];

export const codeAndName = (row: { code: string; name: string }) => `${row.code} ${row.name}`;
