import { useMemo, useState } from 'react';
import Alert from '@cloudscape-design/components/alert';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { ledgerAccountSchema } from '@coopledger/shared/schemas/chart';
import { errorMessage } from '../../../api/api-error';
import { useGeneratedGlCode } from '../../../api/chart';
import type { LedgerAccount } from '../../../api/setup-endpoints';
import { ENDPOINTS } from '../../../api/setup-endpoints';
import type { CrudConfig } from '../../../components/crud/crud-section';
import { CrudSection } from '../../../components/crud/crud-section';
import { ACCOUNT_TYPE_CHOICES, codeAndName, ledgerColumns } from './chart-columns';
import { ChoiceSelect } from './choice-select';
import { useCategoryChoices, useSubCategoryChoices } from './use-chart-choices';

/**
 * Manage Chart Of Accounts: a category (and optionally a sub-category) narrows the ledger list; a
 * new account takes the sub-category chosen here and the code the server generates for it, since
 * a GL code is the sub-category's code followed by a sequence the server keeps.
 */
export function LedgerTab() {
  const categories = useCategoryChoices();
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const [subCategoryId, setSubCategoryId] = useState<string | null>(null);
  const subCategories = useSubCategoryChoices(categoryId);
  const generated = useGeneratedGlCode(subCategoryId);
  const code = generated.isError ? '' : (generated.data?.code ?? '');

  const config = useMemo<CrudConfig<LedgerAccount>>(
    () => ({
      endpoint: ENDPOINTS.ledgerAccounts,
      title: 'Ledger accounts',
      noun: 'ledger account',
      schema: ledgerAccountSchema,
      formColumns: 1,
      fields: [
        {
          name: 'subcategory_id',
          label: 'Sub-category',
          kind: 'select',
          options: subCategories.options,
          readOnly: true,
          initial: subCategoryId ?? '',
          placeholder: 'Choose a sub-category above',
        },
        {
          name: 'code',
          label: 'GL code',
          readOnly: true,
          initial: code,
          description: 'Generated from the sub-category',
        },
        { name: 'name', label: 'Name' },
        { name: 'type', label: 'Account type', kind: 'select', options: ACCOUNT_TYPE_CHOICES },
        { name: 'status', label: 'Status', kind: 'status' },
      ],
      columns: ledgerColumns,
      nameOf: codeAndName,
    }),
    [subCategories.options, subCategoryId, code],
  );

  return (
    <SpaceBetween size="l">
      <ColumnLayout columns={2}>
        <ChoiceSelect
          label="Category"
          value={categoryId}
          options={categories.options}
          loading={categories.loading}
          placeholder="Choose a category"
          onChange={(value) => {
            setCategoryId(value);
            setSubCategoryId(null);
          }}
        />
        <ChoiceSelect
          label="Sub-category"
          value={subCategoryId}
          options={subCategories.options}
          loading={subCategories.loading}
          placeholder={categoryId ? 'All sub-categories' : 'Choose a category first'}
          allLabel={categoryId ? 'All sub-categories' : undefined}
          onChange={setSubCategoryId}
        />
      </ColumnLayout>
      {generated.isError && (
        <Alert type="error" header="The GL code could not be generated">
          {errorMessage(generated.error)}
        </Alert>
      )}
      <CrudSection
        config={config}
        enabled={categoryId !== null}
        filters={{ category_id: categoryId ?? '', subcategory_id: subCategoryId ?? '' }}
      />
    </SpaceBetween>
  );
}
