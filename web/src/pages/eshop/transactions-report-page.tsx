import { useState } from 'react';
import { Link } from 'react-router';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Select from '@cloudscape-design/components/select';
import type { TableProps } from '@cloudscape-design/components/table';
import Table from '../../components/tables/table';
import { ESHOP_TRANSACTION_KINDS, ESHOP_TRANSACTION_KIND_LABELS } from '@coopledger/shared/eshop-report-views';
import { ESHOP_PAYMENT_METHOD_LABELS } from '@coopledger/shared/schemas/eshop';
import { errorMessage } from '../../api/api-error';
import type { EshopTransactionKind, StoreTransaction } from '../../api/eshop-reports';
import { downloadStoreTransactions, useStoreTransactions } from '../../api/eshop-reports';
import { resultsPagination } from '../../components/crud/results-pagination';
import { useFileDownload } from '../../components/hooks/use-file-download';
import { formatDay } from '../../format/dates';
import { formatNaira } from '../../format/money';
import { eshopOrderPath } from './order-steps';
import { quantityText } from './product-format';
import { StorePeriodForm, StoreReportLayout, useStorePeriod } from './store-period';

const ALL_KINDS = { value: 'all', label: 'All kinds' };
const KIND_CHOICES = [
  ALL_KINDS,
  ...ESHOP_TRANSACTION_KINDS.map((kind) => ({ value: kind, label: ESHOP_TRANSACTION_KIND_LABELS[kind] })),
];

const payment = (method: string | null) =>
  method === null ? '' : (ESHOP_PAYMENT_METHOD_LABELS[method as keyof typeof ESHOP_PAYMENT_METHOD_LABELS] ?? method);

/** A signed count of items: +7 in, -2 out; a sale's or return's items as they are. */
const quantity = (t: StoreTransaction) =>
  t.order_no === null && t.quantity > 0 ? `+${quantityText(t.quantity)}` : quantityText(t.quantity);

const COLUMNS: TableProps.ColumnDefinition<StoreTransaction>[] = [
  { id: 'date', header: 'Date', cell: (t) => formatDay(t.date) },
  { id: 'kind', header: 'Kind', cell: (t) => ESHOP_TRANSACTION_KIND_LABELS[t.kind] },
  {
    id: 'order',
    header: 'Order no.',
    isRowHeader: true,
    cell: (t) => (t.order_id && t.order_no ? <Link to={eshopOrderPath(t.order_id)}>{t.order_no}</Link> : ''),
  },
  {
    id: 'member',
    header: 'Member',
    cell: (t) =>
      t.member_name ? (
        <div>
          <div>{t.member_name}</div>
          <Box variant="small" color="text-body-secondary">
            {t.member_id}
          </Box>
        </div>
      ) : (
        ''
      ),
  },
  { id: 'payment', header: 'Payment', cell: (t) => payment(t.payment_method) },
  { id: 'product', header: 'Product', cell: (t) => t.product_name ?? '' },
  { id: 'quantity', header: 'Items', cell: quantity },
  { id: 'amount', header: 'Amount', cell: (t) => (t.amount === null ? '' : formatNaira(t.amount)) },
  { id: 'cost', header: 'Cost / value', cell: (t) => formatNaira(t.cost) },
  { id: 'detail', header: 'Supplier or reason', cell: (t) => t.detail ?? '' },
];

/**
 * /e-shop/reports/transactions: the store's sales (deliveries), returns, stock receipts, count
 * adjustments and damages of a period, newest first, a page at a time; Download gives the whole
 * period as .xlsx.
 */
export function EshopTransactionsReportPage() {
  const period = useStorePeriod();
  const [kind, setKind] = useState<EshopTransactionKind | undefined>(undefined);
  const [shown, setShown] = useState<{ kind?: EshopTransactionKind; page: number }>({ page: 1 });
  const found = useStoreTransactions({ range: period.applied, kind: shown.kind, page: shown.page });
  const { downloading, download } = useFileDownload(downloadStoreTransactions);
  const meta = found.data?.meta;
  return (
    <StoreReportLayout
      title="Transactions"
      what="The store's sales, returns and stock movements"
      period={period.applied}
    >
      <Table<StoreTransaction>
        variant="container"
        ariaLabels={{ tableLabel: 'Store transactions' }}
        trackBy="id"
        wrapLines
        items={found.data?.data ?? []}
        columnDefinitions={COLUMNS}
        loading={found.isPending}
        loadingText="Loading the transactions"
        header={<Header description="Newest first">Transactions</Header>}
        filter={
          <StorePeriodForm
            value={period.draft}
            onChange={period.setDraft}
            onSearch={() => {
              period.apply();
              setShown({ kind, page: 1 });
            }}
            searching={found.isFetching && !found.isPending}
            actions={
              <Button
                iconName="download"
                formAction="none"
                loading={downloading}
                onClick={() => download(period.applied, shown.kind)}
              >
                Download
              </Button>
            }
          >
            <FormField label="Kind">
              <Select
                ariaLabel="Kind of transaction"
                selectedOption={KIND_CHOICES.find((c) => c.value === (kind ?? ALL_KINDS.value)) ?? ALL_KINDS}
                options={KIND_CHOICES}
                onChange={({ detail }) => {
                  const value = detail.selectedOption.value;
                  setKind(value === ALL_KINDS.value ? undefined : (value as EshopTransactionKind));
                }}
              />
            </FormField>
          </StorePeriodForm>
        }
        empty={
          <Box textAlign="center" color="inherit" padding="m">
            <b>No transactions</b>
            <Box variant="p" color="inherit">
              {found.isError ? errorMessage(found.error) : 'Nothing was sold, returned or moved in this period.'}
            </Box>
          </Box>
        }
        pagination={resultsPagination(meta, found.isFetching, (page) => setShown({ ...shown, page }))}
      />
    </StoreReportLayout>
  );
}
