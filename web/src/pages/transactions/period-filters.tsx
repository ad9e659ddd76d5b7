import { useMemo, useState } from 'react';
import FormField from '@cloudscape-design/components/form-field';
import SpaceBetween from '@cloudscape-design/components/space-between';
import TextFilter from '@cloudscape-design/components/text-filter';
import type { OrderListParams } from '../../api/orders';
import { ANY_TIME_RANGE, DateRangeFilter } from '../../components/date-range/date-range-filter';
import { useDebouncedValue } from '../../components/hooks/use-debounced-value';
import type { DayRange } from '../../format/date-presets';
import { presetRange } from '../../format/date-presets';

/**
 * The period, search and page of a transaction list; a new period or search starts at page 1. A list
 * that starts with `'any-time'` (the savings accounts) sends no dates until a period is chosen.
 */
export function usePeriodFilters(initial: 'current-month' | 'any-time' = 'current-month') {
  const [range, setRangeState] = useState<DayRange>(() =>
    initial === 'any-time' ? ANY_TIME_RANGE : presetRange('current-month'),
  );
  const [search, setSearchState] = useState('');
  const [page, setPage] = useState(1);
  const query = useDebouncedValue(search.trim());
  const params = useMemo<OrderListParams>(
    () => ({
      start_date: range.start_date || undefined,
      end_date: range.end_date || undefined,
      page,
      query: query || undefined,
    }),
    [range, page, query],
  );
  return {
    range,
    search,
    query,
    page,
    params,
    setPage,
    setRange: (next: DayRange) => {
      setRangeState(next);
      setPage(1);
    },
    setSearch: (next: string) => {
      setSearchState(next);
      setPage(1);
    },
  };
}

export type PeriodFilterState = ReturnType<typeof usePeriodFilters>;

/** The filters above a transaction list: the period (default Current Month) and a member search. */
export function PeriodFilters({
  filters,
  searchLabel,
  anyTime = false,
}: {
  filters: PeriodFilterState;
  searchLabel: string;
  /** Offers "All dates" as a period. */
  anyTime?: boolean;
}) {
  return (
    <SpaceBetween direction="horizontal" size="l" alignItems="end">
      <DateRangeFilter value={filters.range} onChange={filters.setRange} anyTime={anyTime} />
      <FormField label="Search">
        <TextFilter
          filteringText={filters.search}
          filteringPlaceholder="Member name or number"
          filteringAriaLabel={searchLabel}
          onChange={({ detail }) => filters.setSearch(detail.filteringText)}
        />
      </FormField>
    </SpaceBetween>
  );
}
