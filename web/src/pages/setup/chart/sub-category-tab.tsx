import { useMemo, useState } from 'react';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { coaSubCategorySchema } from '@coopledger/shared/schemas/chart';
import type { CoaSubCategory } from '../../../api/setup-endpoints';
import { ENDPOINTS } from '../../../api/setup-endpoints';
import type { CrudConfig } from '../../../components/crud/crud-section';
import { CrudSection } from '../../../components/crud/crud-section';
import { codeAndName, subCategoryColumns } from './chart-columns';
import { ChoiceSelect } from './choice-select';
import { useCategoryChoices } from './use-chart-choices';

/** Manage COA Sub Categories: the list narrowed to a category, which a new one goes under by default. */
export function SubCategoryTab() {
  const categories = useCategoryChoices();
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const config = useMemo<CrudConfig<CoaSubCategory>>(
    () => ({
      endpoint: ENDPOINTS.coaSubCategories,
      title: 'COA sub-categories',
      noun: 'COA sub-category',
      schema: coaSubCategorySchema,
      fields: [
        {
          name: 'category_id',
          label: 'COA category',
          kind: 'select',
          options: categories.options,
          loading: categories.loading,
          initial: categoryId ?? '',
        },
        { name: 'code', label: 'Code' },
        { name: 'name', label: 'Name' },
        { name: 'status', label: 'Status', kind: 'status' },
      ],
      columns: subCategoryColumns,
      nameOf: codeAndName,
    }),
    [categories.options, categories.loading, categoryId],
  );
  return (
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
      <CrudSection config={config} filters={categoryId ? { category_id: categoryId } : undefined} />
    </SpaceBetween>
  );
}
