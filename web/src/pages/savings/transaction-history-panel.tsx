import { useState } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { TableProps } from '@cloudscape-design/components/table';
import Table from '../../components/tables/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import { errorMessage } from '../../api/api-error';
import type { MemberTransaction } from '../../api/savings';
import { downloadTransactionHistory, useTransactionHistory } from '../../api/savings';
import { notificationsStore } from '../../app/notifications/notifications-store';
import { DateRangeFilter } from '../../components/date-range/date-range-filter';
import { useDebouncedValue } from '../../components/hooks/use-debounced-value';
import type { DayRange } from '../../format/date-presets';
import { presetRange } from '../../format/date-presets';
import { formatDateTime } from '../../format/dates';
import { formatNaira } from '../../format/money';
import { resultsPagination, totalText } from '../../components/crud/results-pagination';

const COLUMNS: TableProps.ColumnDefinition<MemberTransaction>[] = [
  { id: 'reference', header: 'Ref. No', isRowHeader: true, cell: (t) => t.reference_no },
  { id: 'type', header: 'Type', cell: (t) => t.type.name },
  { id: 'description', header: 'Description', cell: (t) => t.description },
  { id: 'amount', header: 'Amount', cell: (t) => formatNaira(t.amount) },
  { id: 'date', header: 'Date', cell: (t) => formatDateTime(t.transaction_date) },
];

/**
 * The period a member first sees: the current year, so a member opening their history finds this
 * year's savings and not a nearly empty month.
 */
export const DEFAULT_HISTORY_PRESET = 'current-year';

/**
 * A member's posted transactions over a period, searchable by reference, type, description or
 * product, and downloadable as .xlsx with the same period and search.
 */
export function TransactionHistoryPanel({ memberId }: { memberId: string }) {
  const [range, setRange] = useState<DayRange>(() => presetRange(DEFAULT_HISTORY_PRESET));
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(1);
  const [downloading, setDownloading] = useState(false);
  const query = useDebouncedValue(filter.trim());
  const history = useTransactionHistory({ memberId, ...range, query: query || undefined, page });
  const meta = history.data?.meta;

  const download = async () => {
    setDownloading(true);
    try {
      await downloadTransactionHistory({ memberId, ...range, query: query || undefined });
    } catch (error) {
      notificationsStore.notify('error', errorMessage(error));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Table<MemberTransaction>
      variant="container"
      ariaLabels={{ tableLabel: 'Transactions' }}
      trackBy="id"
      items={history.data?.data ?? []}
      columnDefinitions={COLUMNS}
      wrapLines
      loading={history.isPending}
      loadingText="Loading transactions"
      header={
        <Header
          counter={meta ? `(${totalText(meta)})` : undefined}
          actions={
            <Button
              iconName="download"
              loading={downloading}
              disabled={!meta || meta.total === 0}
              onClick={() => void download()}
            >
              Download
            </Button>
          }
        >
          Transactions
        </Header>
      }
      filter={
        <SpaceBetween direction="horizontal" size="m" alignItems="end">
          <DateRangeFilter
            value={range}
            onChange={(next) => {
              setRange(next);
              setPage(1);
            }}
          />
          <TextFilter
            filteringText={filter}
            filteringPlaceholder="Search transactions"
            filteringAriaLabel="Search transactions"
            countText={meta && query ? `${meta.total} match${meta.total === 1 ? '' : 'es'}` : undefined}
            onChange={({ detail }) => {
              setFilter(detail.filteringText);
              setPage(1);
            }}
          />
        </SpaceBetween>
      }
      empty={
        <Box textAlign="center" color="inherit" padding="m">
          <b>No transactions</b>
          <Box variant="p" color="inherit">
            {history.isError
              ? errorMessage(history.error)
              : query
                ? 'No transaction in this period matches this search.'
                : 'There is no transaction in this period.'}
          </Box>
        </Box>
      }
      pagination={resultsPagination(meta, history.isFetching, setPage)}
    />
  );
}
