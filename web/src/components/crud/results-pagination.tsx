import Pagination from '@cloudscape-design/components/pagination';
import type { PageMeta } from '@coopledger/shared/envelope';

/** Page numbers for a table's pagination slot, only when the results run over one page. */
export function resultsPagination(meta: PageMeta | undefined, disabled: boolean, onChange: (page: number) => void) {
  if (!meta || meta.last_page <= 1) return undefined;
  return (
    <Pagination
      currentPageIndex={meta.current_page}
      pagesCount={meta.last_page}
      disabled={disabled}
      onChange={({ detail }) => onChange(detail.currentPageIndex)}
      ariaLabels={{
        nextPageLabel: 'Next page',
        previousPageLabel: 'Previous page',
        pageLabel: (n) => `Page ${n} of ${meta.last_page}`,
      }}
    />
  );
}
