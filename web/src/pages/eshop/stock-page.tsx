import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { TableProps } from '@cloudscape-design/components/table';
import Table from '../../components/tables/table';
import Tabs from '@cloudscape-design/components/tabs';
import TextFilter from '@cloudscape-design/components/text-filter';
import type { ProductStatus } from '@coopledger/shared/statuses';
import { PRODUCT_STATUS } from '@coopledger/shared/statuses';
import { errorMessage } from '../../api/api-error';
import type { StockMovementKind, StockMovementView, StockView } from '../../api/eshop-stock';
import { useStockList, useStockMovements } from '../../api/eshop-stock';
import { resultsPagination, totalText } from '../../components/crud/results-pagination';
import { useDebouncedValue } from '../../components/hooks/use-debounced-value';
import { formatDay } from '../../format/dates';
import { formatNaira } from '../../format/money';
import { eshopOrderPath } from './order-steps';
import type { StockChangeKind } from './stock-modals';
import { ReceiveStockModal, StockChangeModal } from './stock-modals';
import {
  ALL_KINDS,
  ALL_PRODUCTS,
  MOVEMENT_KIND_CHOICES,
  MOVEMENT_KIND_LABELS,
  PRODUCT_STATUS_CHOICES,
  itemCount,
  movementDetail,
  signedQuantity,
} from './stock-format';
import { RECORDED_COLUMN } from './order-columns';

/** A form the stock page has open, and the product it was opened for (none from the page's buttons). */
type OpenForm = { form: 'receipt' | StockChangeKind; product: StockView | null } | null;

function stockColumns(open: (form: OpenForm) => void): TableProps.ColumnDefinition<StockView>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      isRowHeader: true,
      cell: (row) => (
        <SpaceBetween direction="horizontal" size="xs" alignItems="center">
          <span>{row.name}</span>
          {row.low_stock && <Badge color="red">Low stock</Badge>}
          {row.status === PRODUCT_STATUS.INACTIVE && <Badge color="grey">Inactive</Badge>}
        </SpaceBetween>
      ),
    },
    { id: 'sku', header: 'SKU', cell: (row) => row.sku },
    { id: 'on_hand', header: 'On hand', cell: (row) => itemCount(row.on_hand) },
    { id: 'reserved', header: 'Reserved', cell: (row) => itemCount(row.reserved) },
    {
      id: 'available',
      header: 'Available',
      cell: (row) => (
        <span title={`Low stock at ${itemCount(row.low_stock_quantity)} or fewer`}>{itemCount(row.available)}</span>
      ),
    },
    { id: 'value', header: 'Value', cell: (row) => formatNaira(row.value) },
    { id: 'average_cost', header: 'Average cost', cell: (row) => formatNaira(row.average_cost) },
    {
      id: 'actions',
      header: 'Action',
      cell: (row) => (
        <ButtonDropdown
          variant="icon"
          expandToViewport
          ariaLabel={`Actions for ${row.name}`}
          items={[
            { id: 'receipt', text: 'Receive stock' },
            { id: 'adjustment', text: 'Adjust count' },
            { id: 'damage', text: 'Write off damaged stock' },
          ]}
          onItemClick={({ detail }) => open({ form: detail.id as 'receipt' | StockChangeKind, product: row })}
        />
      ),
    },
  ];
}

/** The products with their stock: search, status and pages on the server. */
function StockTable({ open }: { open: (form: OpenForm) => void }) {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<ProductStatus | undefined>(undefined);
  const [page, setPage] = useState(1);
  const query = useDebouncedValue(search.trim());
  const stock = useStockList({ page, query: query || undefined, status });
  const columns = useMemo(() => stockColumns(open), [open]);
  const meta = stock.data?.meta;
  return (
    <Table<StockView>
      variant="container"
      ariaLabels={{ tableLabel: 'Stock' }}
      trackBy="product_id"
      wrapLines
      items={stock.data?.data ?? []}
      columnDefinitions={columns}
      loading={stock.isPending}
      loadingText="Loading the stock"
      header={
        <Header
          counter={meta ? `(${totalText(meta)})` : undefined}
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <Button onClick={() => open({ form: 'adjustment', product: null })}>Adjust count</Button>
              <Button variant="primary" iconName="add-plus" onClick={() => open({ form: 'receipt', product: null })}>
                Receive stock
              </Button>
            </SpaceBetween>
          }
        >
          Products
        </Header>
      }
      filter={
        <SpaceBetween direction="horizontal" size="l" alignItems="end">
          <FormField label="Search">
            <TextFilter
              filteringText={search}
              filteringPlaceholder="Product name or SKU"
              filteringAriaLabel="Search the stock by product name or SKU"
              onChange={({ detail }) => {
                setSearch(detail.filteringText);
                setPage(1);
              }}
            />
          </FormField>
          <FormField label="Status">
            <Select
              ariaLabel="Product status"
              selectedOption={
                PRODUCT_STATUS_CHOICES.find((choice) => choice.value === String(status ?? ALL_PRODUCTS.value)) ??
                ALL_PRODUCTS
              }
              options={PRODUCT_STATUS_CHOICES}
              onChange={({ detail }) => {
                const value = detail.selectedOption.value;
                setStatus(
                  value === undefined || value === ALL_PRODUCTS.value ? undefined : (Number(value) as ProductStatus),
                );
                setPage(1);
              }}
            />
          </FormField>
        </SpaceBetween>
      }
      empty={
        <Box textAlign="center" color="inherit" padding="m">
          <b>No products</b>
          <Box variant="p" color="inherit">
            {stock.isError
              ? errorMessage(stock.error)
              : query || status !== undefined
                ? 'No product matches these filters.'
                : 'The store has no products yet. Add them under Products.'}
          </Box>
        </Box>
      }
      pagination={resultsPagination(meta, stock.isFetching, setPage)}
    />
  );
}

const MOVEMENT_COLUMNS: TableProps.ColumnDefinition<StockMovementView>[] = [
  { id: 'date', header: 'Date', cell: (move) => formatDay(move.date) },
  { id: 'product', header: 'Product', isRowHeader: true, cell: (move) => move.product_name },
  { id: 'kind', header: 'Kind', cell: (move) => MOVEMENT_KIND_LABELS[move.kind] ?? move.kind },
  { id: 'quantity', header: 'Quantity', cell: (move) => signedQuantity(move.quantity) },
  { id: 'value', header: 'Value', cell: (move) => formatNaira(move.value) },
  {
    id: 'detail',
    header: 'Supplier / reason',
    cell: (move) =>
      move.order_id ? <Link to={eshopOrderPath(move.order_id)}>{movementDetail(move)}</Link> : movementDetail(move),
  },
  RECORDED_COLUMN,
];

/** Every movement of stock, newest first, or those of one kind. */
function MovementsTable() {
  const [kind, setKind] = useState<StockMovementKind | undefined>(undefined);
  const [page, setPage] = useState(1);
  const movements = useStockMovements({ page, kind });
  const meta = movements.data?.meta;
  return (
    <Table<StockMovementView>
      variant="container"
      ariaLabels={{ tableLabel: 'Stock movements' }}
      trackBy="id"
      wrapLines
      items={movements.data?.data ?? []}
      columnDefinitions={MOVEMENT_COLUMNS}
      loading={movements.isPending}
      loadingText="Loading the movements"
      header={<Header counter={meta ? `(${totalText(meta)})` : undefined}>Movements</Header>}
      filter={
        <FormField label="Kind">
          <Select
            ariaLabel="Kind of movement"
            selectedOption={
              MOVEMENT_KIND_CHOICES.find((choice) => choice.value === (kind ?? ALL_KINDS.value)) ?? ALL_KINDS
            }
            options={MOVEMENT_KIND_CHOICES}
            onChange={({ detail }) => {
              const value = detail.selectedOption.value;
              setKind(value === undefined || value === ALL_KINDS.value ? undefined : (value as StockMovementKind));
              setPage(1);
            }}
          />
        </FormField>
      }
      empty={
        <Box textAlign="center" color="inherit" padding="m">
          <b>No movements</b>
          <Box variant="p" color="inherit">
            {movements.isError
              ? errorMessage(movements.error)
              : kind
                ? 'No movement of this kind yet.'
                : 'No stock has been received yet.'}
          </Box>
        </Box>
      }
      pagination={resultsPagination(meta, movements.isFetching, setPage)}
    />
  );
}

/**
 * /e-shop/stock: the store's products with their stock (on hand, reserved by orders, available,
 * value at average cost, low stock), stock received and counts adjusted, and every movement.
 */
export function EshopStockPage() {
  const [tab, setTab] = useState('stock');
  const [openForm, setOpenForm] = useState<OpenForm>(null);
  const close = () => setOpenForm(null);
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description="What is on the shelves, what orders have reserved, and its value at average cost."
        >
          Stock
        </Header>
      }
    >
      <Tabs
        activeTabId={tab}
        onChange={({ detail }) => setTab(detail.activeTabId)}
        tabs={[
          { id: 'stock', label: 'Stock', content: <StockTable open={setOpenForm} /> },
          { id: 'movements', label: 'Movements', content: <MovementsTable /> },
        ]}
      />
      <ReceiveStockModal visible={openForm?.form === 'receipt'} product={openForm?.product ?? null} onClose={close} />
      {openForm && openForm.form !== 'receipt' && (
        <StockChangeModal key={openForm.form} visible kind={openForm.form} product={openForm.product} onClose={close} />
      )}
    </ContentLayout>
  );
}
