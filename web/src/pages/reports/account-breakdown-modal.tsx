import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Link from '@cloudscape-design/components/link';
import Modal from '@cloudscape-design/components/modal';
import type { TableProps } from '@cloudscape-design/components/table';
import Table from '../../components/tables/table';
import type { AccountStatement } from '@coopledger/shared/report-views';
import { errorMessage } from '../../api/api-error';
import { useAccountStatement } from '../../api/reports';
import type { DayRange } from '../../format/date-presets';
import { ledgerStatementHref } from './ledger-link';
import { Amount, EmptyReport, PeriodHeader, yearText } from './report-table';

/** Spec section 9: the breakdown modal closes, then the ledger statement opens 300 ms later. */
const NAVIGATE_DELAY_MS = 300;

export interface BreakdownTarget {
  subcategoryId: string;
  name: string;
}

type AccountRow = AccountStatement['results'][number];

interface AccountBreakdownModalProps {
  target: BreakdownTarget | null;
  /** The period of the statement the row belongs to. */
  range: DayRange;
  onClose: () => void;
}

/**
 * The Account Statement of one sub-category (income statement and balance sheet rows): its
 * accounts with this and last year's figures. An account opens its ledger statement for the period.
 */
export function AccountBreakdownModal({ target, range, onClose }: AccountBreakdownModalProps) {
  const navigate = useNavigate();
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const statement = useAccountStatement(target?.subcategoryId ?? null, range);
  const data = statement.data;

  const open = (code: string) => {
    onClose();
    const href = ledgerStatementHref(code, range);
    timer.current = window.setTimeout(() => void navigate(href), NAVIGATE_DELAY_MS);
  };

  const columns: TableProps.ColumnDefinition<AccountRow>[] = [
    { id: 'code', header: 'Code', isRowHeader: true, cell: (a) => a.code },
    {
      id: 'name',
      header: 'Account',
      cell: (a) => (
        <Link
          href={ledgerStatementHref(a.code, range)}
          ariaLabel={`Ledger statement of ${a.code} ${a.name}`}
          onFollow={(event) => {
            event.preventDefault();
            open(a.code);
          }}
        >
          {a.name}
        </Link>
      ),
    },
    {
      id: 'previous',
      header: <PeriodHeader title="Previous year" period={data ? yearText(data.year.previous_year) : undefined} />,
      cell: (a) => <Amount value={a.previousYearBalance} />,
    },
    {
      id: 'current',
      header: <PeriodHeader title="Current year" period={data ? yearText(data.year.current_year) : undefined} />,
      cell: (a) => <Amount value={a.currentYearBalance} />,
    },
  ];

  return (
    <Modal
      visible={target !== null}
      onDismiss={onClose}
      size="large"
      header="Account Statement"
      footer={
        <Box float="right">
          <Button variant="link" onClick={onClose}>
            Close
          </Button>
        </Box>
      }
    >
      <Table<AccountRow>
        variant="embedded"
        ariaLabels={{ tableLabel: 'Account Statement' }}
        header={
          <Box variant="h3" padding={{ bottom: 's' }}>
            {target?.name}
            {data ? (
              <Box variant="small" display="block">
                {data.basis === 'balance' ? 'Balances at the end of each period' : 'Movements in each period'}
              </Box>
            ) : null}
          </Box>
        }
        columnDefinitions={columns}
        items={data?.results ?? []}
        trackBy="code"
        loading={statement.isPending && target !== null}
        loadingText="Loading accounts"
        empty={
          <EmptyReport title="No data available">
            {statement.isError ? errorMessage(statement.error) : 'This sub-category has no accounts.'}
          </EmptyReport>
        }
      />
    </Modal>
  );
}
