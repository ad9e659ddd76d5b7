import type { ReactNode } from 'react';
import { useMemo } from 'react';
import Box from '@cloudscape-design/components/box';
import Link from '@cloudscape-design/components/link';
import type { TableProps } from '@cloudscape-design/components/table';
import Table from '../../components/tables/table';
import type { NairaFigure } from '@coopledger/shared/money';
import type { StatementRow } from './report-rows';
import { Amount, BalanceCheck, PeriodHeader, Strong, useExpandableRows, expandToggleLabels } from './report-table';

export interface StatementPeriods {
  previousTitle: string;
  previous?: string;
  currentTitle: string;
  current?: string;
}

interface StatementTableProps {
  label: string;
  rows: StatementRow[];
  periods: StatementPeriods;
  /** Opens the Account Statement of a sub-category row. */
  onOpen: (row: StatementRow) => void;
  loading: boolean;
  loadingText: string;
  header: ReactNode;
  filter: ReactNode;
  empty: ReactNode;
}

function columnsFor(
  periods: StatementPeriods,
  onOpen: (row: StatementRow) => void,
): TableProps.ColumnDefinition<StatementRow>[] {
  const amount = (row: StatementRow, value: NairaFigure) =>
    row.kind === 'check' ? (
      <Box textAlign="right">
        <BalanceCheck difference={value} />
      </Box>
    ) : (
      <Amount value={value} strong={row.kind !== 'item'} />
    );
  return [
    {
      id: 'item',
      header: 'Item',
      isRowHeader: true,
      minWidth: 260,
      cell: (row) => {
        if (row.kind !== 'item') return <Strong>{row.label}</Strong>;
        const subcategoryId = row.subcategoryId;
        if (subcategoryId === null) return row.label;
        return (
          <Link
            ariaLabel={`Account statement of ${row.label}`}
            onFollow={(event) => {
              event.preventDefault();
              onOpen(row);
            }}
          >
            {row.label}
          </Link>
        );
      },
    },
    {
      id: 'previous',
      header: <PeriodHeader title={periods.previousTitle} period={periods.previous} />,
      cell: (row) => amount(row, row.previous),
    },
    {
      id: 'current',
      header: <PeriodHeader title={periods.currentTitle} period={periods.current} />,
      cell: (row) => amount(row, row.current),
    },
  ];
}

/**
 * A two-year statement (income statement, balance sheet): groups that expand into their
 * sub-categories, totals in bold; a sub-category opens its accounts.
 */
export function StatementTable({
  label,
  rows,
  periods,
  onOpen,
  loading,
  loadingText,
  header,
  filter,
  empty,
}: StatementTableProps) {
  const expandableRows = useExpandableRows(rows);
  const columns = useMemo(() => columnsFor(periods, onOpen), [periods, onOpen]);
  return (
    <Table<StatementRow>
      variant="container"
      ariaLabels={{ tableLabel: label, ...expandToggleLabels<StatementRow>((row) => row.label) }}
      columnDefinitions={columns}
      items={rows}
      trackBy="id"
      expandableRows={expandableRows}
      wrapLines
      loading={loading}
      loadingText={loadingText}
      header={header}
      filter={filter}
      empty={empty}
    />
  );
}
