import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import Box from '@cloudscape-design/components/box';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import type { SelectProps } from '@cloudscape-design/components/select';
import Select from '@cloudscape-design/components/select';
import type { TableProps } from '@cloudscape-design/components/table';
import Table from '../../components/tables/table';
import type { LedgerStatement } from '@coopledger/shared/report-views';
import { errorMessage } from '../../api/api-error';
import type { LedgerStatementParams } from '../../api/reports';
import { useGlAccounts } from '../../api/accounting';
import { REPORT_ROUTES, useLedgerStatement } from '../../api/reports';
import type { DayRange } from '../../format/date-presets';
import { formatDay } from '../../format/dates';
import { formatNaira } from '../../format/money';
import { defaultReportRange, ReportFilters, useReportDownload } from './report-period';
import type { LedgerRow } from './report-rows';
import { ledgerRows } from './report-rows';
import { Amount, EmptyReport, periodText, Strong } from './report-table';

const NO_ROWS: LedgerRow[] = [];

function columnsFor(statement: LedgerStatement | undefined): TableProps.ColumnDefinition<LedgerRow>[] {
  const boundary = (row: LedgerRow) => row.kind !== 'line';
  return [
    {
      id: 'reference',
      header: 'Ref number',
      isRowHeader: true,
      cell: (row) =>
        row.kind === 'line' ? (
          row.line.transaction_code
        ) : (
          <Strong>{row.kind === 'opening' ? 'Opening balance' : 'Closing balance'}</Strong>
        ),
    },
    {
      id: 'date',
      header: 'Date',
      cell: (row) => {
        if (row.kind === 'line') return formatDay(row.line.transaction_date);
        if (!statement) return '';
        return formatDay(row.kind === 'opening' ? statement.start_date : statement.end_date);
      },
    },
    { id: 'description', header: 'Description', cell: (row) => (row.kind === 'line' ? row.line.description : '') },
    {
      id: 'debit',
      header: <Box textAlign="right">Debit</Box>,
      cell: (row) => (
        <Amount
          value={row.kind === 'line' ? (row.line.debit_credit === 'D' ? row.line.transaction_amount : null) : row.debit}
          strong={boundary(row)}
        />
      ),
    },
    {
      id: 'credit',
      header: <Box textAlign="right">Credit</Box>,
      cell: (row) => (
        <Amount
          value={
            row.kind === 'line' ? (row.line.debit_credit === 'C' ? row.line.transaction_amount : null) : row.credit
          }
          strong={boundary(row)}
        />
      ),
    },
    {
      id: 'balance',
      header: <Box textAlign="right">Balance</Box>,
      cell: (row) => <Amount value={row.kind === 'line' ? row.line.balance : row.balance} strong={boundary(row)} />,
    },
  ];
}

/** The statement the address asks for: ?code= (required), &start= and &end= (default this year to today). */
function statementParams(search: URLSearchParams): { code: string; range: DayRange } {
  const fallback = defaultReportRange();
  return {
    code: search.get('code') ?? '',
    range: { start_date: search.get('start') || fallback.start_date, end_date: search.get('end') || fallback.end_date },
  };
}

function GlAccountSelect({ value, onChange }: { value: string; onChange: (code: string) => void }) {
  const accounts = useGlAccounts({ activeOnly: false });
  const options = useMemo<SelectProps.Option[]>(
    () => (accounts.data ?? []).map((account) => ({ value: account.code, label: `${account.code} - ${account.name}` })),
    [accounts.data],
  );
  const selected = value ? (options.find((option) => option.value === value) ?? { value, label: value }) : null;
  return (
    <FormField label="GL account">
      <div style={{ minWidth: 320 }}>
        <Select
          selectedOption={selected}
          options={options}
          filteringType="auto"
          filteringPlaceholder="Find an account by code or name"
          placeholder="Choose a GL account"
          ariaLabel="GL account"
          statusType={accounts.isPending ? 'loading' : accounts.isError ? 'error' : 'finished'}
          loadingText="Loading accounts"
          errorText="The accounts could not be loaded"
          empty="No GL accounts"
          onChange={({ detail }) => onChange(detail.selectedOption.value ?? '')}
        />
      </div>
    </FormField>
  );
}

/**
 * Ledger statement (spec document 1, section 2): one GL account's postings in a period with the
 * opening balance, the running balance and the closing balance. The account and period live in
 * the address, so the trial balance and the account breakdown can link to a statement, and it
 * loads at once when they name an account.
 */
export function LedgerStatementPage() {
  const [search] = useSearchParams();
  // A new address (a link from another report) starts the boxes again from what it names.
  return <LedgerStatementView key={search.toString()} />;
}

function LedgerStatementView() {
  const [search, setSearch] = useSearchParams();
  const applied = useMemo(() => statementParams(search), [search]);
  const [code, setCode] = useState(applied.code);
  const params: LedgerStatementParams | null = applied.code ? { ledger_code: applied.code, ...applied.range } : null;
  const statement = useLedgerStatement(params);
  const { downloading, download } = useReportDownload(REPORT_ROUTES.ledgerStatement);
  const data = statement.data;
  const rows = useMemo(() => (data ? ledgerRows(data) : NO_ROWS), [data]);
  const columns = useMemo(() => columnsFor(data), [data]);

  const onSearch = (range: DayRange) => {
    if (!code) return;
    if (
      code === applied.code &&
      range.start_date === applied.range.start_date &&
      range.end_date === applied.range.end_date
    ) {
      void statement.refetch();
      return;
    }
    setSearch({ code, start: range.start_date, end: range.end_date });
  };

  const emptyText = () => {
    if (statement.isError) return errorMessage(statement.error);
    if (!params) return 'Choose a GL account and press Search.';
    if (data) return `Nothing was posted to this account in the period. Balance: ${formatNaira(data.final_balance)}.`;
    return undefined;
  };

  return (
    <ContentLayout
      header={
        <Header variant="h1" description="The postings of one GL account with its running balance.">
          Ledger Statement
        </Header>
      }
    >
      <Table<LedgerRow>
        variant="container"
        ariaLabels={{ tableLabel: 'Ledger statement' }}
        columnDefinitions={columns}
        items={rows}
        trackBy="id"
        wrapLines
        loading={params !== null && statement.isPending}
        loadingText="Loading the ledger statement"
        header={
          <Header
            variant="h2"
            counter={data ? `(${data.results.length})` : undefined}
            description={
              data
                ? `${periodText(data.start_date, data.end_date)} \u00b7 Balance on the ${data.account.type === 'D' ? 'debit' : 'credit'} side`
                : undefined
            }
          >
            {data ? `${data.account.code} - ${data.account.name}` : 'Postings'}
          </Header>
        }
        filter={
          <ReportFilters
            initial={applied.range}
            onSearch={onSearch}
            onDownload={(range) => download({ ledger_code: code, ...range })}
            searching={statement.isFetching}
            downloading={downloading}
            blocked={!code}
          >
            <GlAccountSelect value={code} onChange={setCode} />
          </ReportFilters>
        }
        empty={<EmptyReport title="No data available">{emptyText()}</EmptyReport>}
      />
    </ContentLayout>
  );
}
