import type { ReactNode } from 'react';
import { useMemo, useState } from 'react';
import Box from '@cloudscape-design/components/box';
import Header from '@cloudscape-design/components/header';
import type { TableProps } from '@cloudscape-design/components/table';
import Table from '../../components/tables/table';
import type { DividendDeclarationView, DividendMemberView, DividendTotals } from '../../api/dividends';
import { useDividendMembers } from '../../api/dividends';
import { resultsPagination } from '../../components/crud/results-pagination';
import { formatNaira } from '../../format/money';

/** A member's line, or the totals line under them (on every page, as the reports do). */
export type DividendMemberRow = (DividendMemberView & { total?: false }) | (DividendTotals & { total: true });

/** The lines of a page with the dividend's totals under them; none when there are no lines. */
export function withTotals(lines: readonly DividendMemberView[], totals: DividendTotals): DividendMemberRow[] {
  return lines.length ? [...lines.map((line) => ({ ...line, total: false as const })), { ...totals, total: true }] : [];
}

function Figure({ row, children }: { row: DividendMemberRow; children: string }) {
  return row.total ? <Box fontWeight="bold">{children}</Box> : <>{children}</>;
}

const naira = (id: keyof DividendTotals & keyof DividendMemberView, header: string) => ({
  id,
  header,
  cell: (row: DividendMemberRow) => <Figure row={row}>{formatNaira(row[id])}</Figure>,
});

const COLUMNS: TableProps.ColumnDefinition<DividendMemberRow>[] = [
  {
    id: 'member_id',
    header: 'Member no.',
    isRowHeader: true,
    cell: (row) => (row.total ? <Box fontWeight="bold">Total</Box> : row.member_id),
  },
  {
    id: 'member_name',
    header: 'Name',
    cell: (row) => (row.total ? `${row.members} ${row.members === 1 ? 'member' : 'members'}` : row.member_name),
  },
  naira('savings_basis', 'Savings basis'),
  naira('loan_basis', 'Loan basis'),
  naira('savings_part', 'Savings part'),
  naira('loan_part', 'Loan part'),
  naira('amount', 'Dividend'),
];

interface DividendMembersTableProps {
  rows: DividendMemberRow[];
  header: ReactNode;
  loading?: boolean;
  pagination?: ReactNode;
}

/**
 * A dividend's member lines: the bases (average month-end savings, loan interest paid) and the
 * parts of the pool they earn, with the totals line.
 */
export function DividendMembersTable({ rows, header, loading = false, pagination }: DividendMembersTableProps) {
  return (
    <Table
      variant="container"
      ariaLabels={{ tableLabel: 'Dividend members' }}
      columnDefinitions={COLUMNS}
      items={rows}
      trackBy={(row) => (row.total ? 'total' : row.member_id)}
      wrapLines
      loading={loading}
      loadingText="Loading the members"
      header={header}
      pagination={pagination}
      empty={
        <Box textAlign="center" color="inherit" padding="m">
          <b>No members</b>
          <Box variant="p" color="inherit">
            No active member had savings or paid loan interest in the period.
          </Box>
        </Box>
      }
    />
  );
}

/** A saved dividend's members, a page at a time from the server, with its totals under every page. */
export function DeclarationMembers({ dividend, actions }: { dividend: DividendDeclarationView; actions?: ReactNode }) {
  const [page, setPage] = useState(1);
  const { data, isPending, isFetching } = useDividendMembers(dividend.id, page);
  const rows = useMemo(() => withTotals(data?.data ?? [], dividend.totals), [data, dividend.totals]);
  return (
    <DividendMembersTable
      rows={rows}
      loading={isPending}
      header={
        <Header counter={`(${dividend.totals.members})`} actions={actions}>
          Members
        </Header>
      }
      pagination={resultsPagination(data?.meta, isFetching, setPage)}
    />
  );
}
