import Pagination from '@cloudscape-design/components/pagination';
import type { PageMeta } from '@coopledger/shared/envelope';

/**
 * Page numbers for a table's pagination slot, only when the results run over one page. A list that
 * cannot count its results (a search) says there is a next page with its cursor: the pages are then
 * open-ended (docs/decisions.md 2026-11-26 "Paging in DynamoDB").
 */
export function resultsPagination(meta: PageMeta | undefined, disabled: boolean, onChange: (page: number) => void) {
  const more = Boolean(meta?.next_cursor);
  if (!meta || (meta.last_page <= 1 && !more)) return undefined;
  const openEnd = more && meta.current_page >= meta.last_page;
  return (
    <Pagination
      currentPageIndex={meta.current_page}
      pagesCount={openEnd ? meta.current_page : meta.last_page}
      openEnd={openEnd}
      disabled={disabled}
      onChange={({ detail }) => onChange(detail.currentPageIndex)}
      ariaLabels={{
        nextPageLabel: 'Next page',
        previousPageLabel: 'Previous page',
        pageLabel: (n) => (openEnd ? `Page ${n}` : `Page ${n} of ${meta.last_page}`),
      }}
    />
  );
}

/** A list's count for a header or a search's count text: `21+` when a search has more than it has seen. */
export function totalText(meta: PageMeta): string {
  return meta.total_is_minimum ? `${meta.total}+` : String(meta.total);
}
