import type { CoaCategory, CoaSubCategory } from '../../../api/setup-endpoints';
import { ENDPOINTS } from '../../../api/setup-endpoints';
import { useRecordChoices } from '../use-choices';
import { codeAndName } from './chart-columns';

export function useCategoryChoices() {
  return useRecordChoices<CoaCategory>(ENDPOINTS.coaCategories, codeAndName);
}

/** Sub-categories of one category; nothing until a category is chosen. */
export function useSubCategoryChoices(categoryId: string | null) {
  return useRecordChoices<CoaSubCategory>(
    ENDPOINTS.coaSubCategories,
    codeAndName,
    { category_id: categoryId ?? '' },
    categoryId !== null,
  );
}
