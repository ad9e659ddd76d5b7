import type { GlBalanceView } from '@coopledger/shared/accounting-views';
import { useState } from 'react';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { TableProps } from '@cloudscape-design/components/table';
import type { EntityEndpoint } from '../../api/entities';
import { EntityTable } from '../../components/crud/entity-table';
import { formatNaira } from '../../format/money';
import { ChoiceSelect } from './chart/choice-select';
import { useCategoryChoices } from './chart/use-chart-choices';
import { SetupPage } from './setup-page';

const GL_ACCOUNTS: EntityEndpoint = { key: 'gl-accounts', base: '/cooperative/gl-accounts', idParam: 'id' };

const columns: TableProps.ColumnDefinition<GlBalanceView>[] = [
  { id: 'code', header: 'GL Code', cell: (row) => row.code },
  { id: 'name', header: 'Name', cell: (row) => row.name, isRowHeader: true },
  { id: 'category', header: 'Category', cell: (row) => row.category_name ?? '' },
  { id: 'sub', header: 'Sub-category', cell: (row) => row.subcategory_name ?? '' },
  { id: 'debit', header: 'Debit', cell: (row) => formatNaira(row.debit) },
  { id: 'credit', header: 'Credit', cell: (row) => formatNaira(row.credit) },
  // On the account's normal side, so a healthy asset and a healthy liability both read positive.
  { id: 'balance', header: 'Balance', cell: (row) => formatNaira(row.balance) },
];

/** /setup/gl-accounts: the cooperative's ledger accounts with their balances. */
export function GlAccountsPage() {
  const categories = useCategoryChoices();
  const [categoryId, setCategoryId] = useState<string | null>(null);
  return (
    <SetupPage title="GL accounts" description="Every ledger account of the cooperative with its balance">
      <SpaceBetween size="l">
        <ChoiceSelect
          label="Category"
          value={categoryId}
          options={categories.options}
          loading={categories.loading}
          placeholder="All categories"
          allLabel="All categories"
          onChange={setCategoryId}
        />
        <EntityTable<GlBalanceView>
          endpoint={GL_ACCOUNTS}
          title="GL accounts"
          noun="GL account"
          columns={columns}
          nameOf={(row) => `${row.code} ${row.name}`}
          filters={categoryId ? { category_id: categoryId } : undefined}
        />
      </SpaceBetween>
    </SetupPage>
  );
}
