import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { TableProps } from '@cloudscape-design/components/table';
import Table from '../../components/tables/table';
import type { DividendDeclarationView } from '../../api/dividends';
import { useDividendDeclarations } from '../../api/dividends';
import { resultsPagination, totalText } from '../../components/crud/results-pagination';
import { formatDateTime } from '../../format/dates';
import { formatNaira } from '../../format/money';
import { COMPUTE_DIVIDEND, periodText, savedDividendPath, splitText, statusType } from './declaration-format';
import { UploadDividendModal } from './upload-dividend-modal';

const COLUMNS: TableProps.ColumnDefinition<DividendDeclarationView>[] = [
  {
    id: 'period',
    header: 'Period',
    isRowHeader: true,
    cell: (row) => <Link to={savedDividendPath(row.id)}>{periodText(row)}</Link>,
  },
  { id: 'amount', header: 'Dividend amount', cell: (row) => formatNaira(row.amount) },
  { id: 'split', header: 'X / Y', cell: (row) => splitText(row) },
  { id: 'members', header: 'Members', cell: (row) => row.totals.members.toLocaleString('en-NG') },
  {
    id: 'status',
    header: 'Status',
    cell: (row) => (
      <StatusIndicator type={statusType(row.status)} wrapText={false}>
        {row.status_label}
      </StatusIndicator>
    ),
  },
  { id: 'created_by', header: 'Created by', cell: (row) => row.created_by },
  { id: 'created_at', header: 'Created', cell: (row) => formatDateTime(row.created_at) },
  { id: 'approved_by', header: 'Approved by', cell: (row) => row.approved_by ?? '—' },
];

/**
 * /dividend-calculator/saved: the cooperative's dividends, newest first, a page at a time; a
 * period opens the dividend (its members, Approve and Delete); Upload dividend saves a file's list as a Draft.
 */
export function SavedDividendsPage() {
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [uploading, setUploading] = useState(false);
  const { data, isPending, isFetching } = useDividendDeclarations(page);
  const meta = data?.meta;
  return (
    <ContentLayout
      header={
        <Header variant="h1" description="Dividends saved as drafts, approved or paid.">
          Saved dividends
        </Header>
      }
    >
      <Table
        variant="container"
        ariaLabels={{ tableLabel: 'Saved dividends' }}
        columnDefinitions={COLUMNS}
        items={data?.data ?? []}
        trackBy="id"
        wrapLines
        loading={isPending}
        loadingText="Loading the saved dividends"
        header={
          <Header
            counter={meta ? `(${totalText(meta)})` : undefined}
            actions={
              <SpaceBetween direction="horizontal" size="xs">
                <Button onClick={() => setUploading(true)}>Upload dividend</Button>
                <Button variant="primary" onClick={() => void navigate(COMPUTE_DIVIDEND)}>
                  Compute dividend
                </Button>
              </SpaceBetween>
            }
          >
            Dividends
          </Header>
        }
        empty={
          <Box textAlign="center" color="inherit" padding="m">
            <b>No saved dividends</b>
            <Box variant="p" color="inherit">
              Compute a dividend and save it as a draft.
            </Box>
          </Box>
        }
        pagination={resultsPagination(meta, isFetching, setPage)}
      />
      {uploading && <UploadDividendModal onClose={() => setUploading(false)} />}
    </ContentLayout>
  );
}
