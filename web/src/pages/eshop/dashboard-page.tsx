import type { NairaFigure } from '@coopledger/shared/money';
import type { ReactNode } from 'react';
import { lazy, useMemo } from 'react';
import { Link } from 'react-router';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { TableProps } from '@cloudscape-design/components/table';
import Table from '../../components/tables/table';
import { ESHOP_ORDER_STATUS_LABELS } from '@coopledger/shared/statuses';
import { errorMessage } from '../../api/api-error';
import type {
  EshopProductSalesView,
  EshopSalesDayView,
  EshopSalesFiguresView,
  EshopSalesMonthView,
  StoreDashboard,
} from '../../api/eshop-reports';
import { useStoreDashboard } from '../../api/eshop-reports';
import { ChartSection, Figures } from '../../components/charts/chart-section';
import { formatDay } from '../../format/dates';
import { formatNaira } from '../../format/money';
import { monthLabel } from '../reports/analysis-format';
import { quantityText } from './product-format';
import { StorePeriodForm, StoreReportLayout, useStorePeriod } from './store-period';

// Highcharts is large; the charts load after the figures, which are readable without them.
const SalesChart = lazy(() => import('./sales-charts'));

const naira = <T,>(id: string, header: string, value: (row: T) => NairaFigure): TableProps.ColumnDefinition<T> => ({
  id,
  header,
  cell: (row) => formatNaira(value(row)),
});

/** The figures every sales table shows after its first column. */
function figureColumns<T extends EshopSalesFiguresView>(): TableProps.ColumnDefinition<T>[] {
  return [
    { id: 'orders', header: 'Orders', cell: (r) => quantityText(r.orders) },
    naira<T>('sales', 'Sales', (r) => r.sales),
    naira<T>('returns', 'Returns', (r) => r.returns),
    naira<T>('net', 'Net sales', (r) => r.net_sales),
    naira<T>('margin', 'Margin', (r) => r.margin),
  ];
}

const DAY_COLUMNS: TableProps.ColumnDefinition<EshopSalesDayView>[] = [
  { id: 'date', header: 'Day', isRowHeader: true, cell: (d) => formatDay(d.date) },
  ...figureColumns<EshopSalesDayView>(),
];
const MONTH_COLUMNS: TableProps.ColumnDefinition<EshopSalesMonthView>[] = [
  { id: 'month', header: 'Month', isRowHeader: true, cell: (m) => monthLabel(m.month) },
  ...figureColumns<EshopSalesMonthView>(),
];
const PRODUCT_COLUMNS: TableProps.ColumnDefinition<EshopProductSalesView & { rank: number }>[] = [
  { id: 'rank', header: '#', cell: (p) => p.rank },
  { id: 'name', header: 'Product', isRowHeader: true, cell: (p) => p.name },
  { id: 'sku', header: 'SKU', cell: (p) => p.sku },
  { id: 'units', header: 'Units sold', cell: (p) => quantityText(p.units - p.returned_units) },
  naira<EshopProductSalesView>('net', 'Net sales', (p) => p.net_sales),
  naira<EshopProductSalesView>('margin', 'Margin', (p) => p.margin),
];
type LowStock = StoreDashboard['low_stock'][number];
const LOW_STOCK_COLUMNS: TableProps.ColumnDefinition<LowStock>[] = [
  { id: 'name', header: 'Product', isRowHeader: true, cell: (p) => p.name },
  { id: 'sku', header: 'SKU', cell: (p) => p.sku },
  { id: 'on_hand', header: 'On hand', cell: (p) => quantityText(p.on_hand) },
  { id: 'available', header: 'Available', cell: (p) => quantityText(p.available) },
  { id: 'low', header: 'Low stock warning', cell: (p) => quantityText(p.low_stock_quantity) },
];

/** A figure of the dashboard's cards: its label, the value and a line saying what it is. */
function Card({ label, value, testId, note }: { label: string; value: string; testId: string; note: ReactNode }) {
  return (
    <Container>
      <Box variant="awsui-key-label">{label}</Box>
      <Box fontSize="heading-xl" fontWeight="bold" data-testid={testId}>
        {value}
      </Box>
      <Box variant="small" color="text-body-secondary">
        {note}
      </Box>
    </Container>
  );
}

function Cards({ dashboard }: { dashboard: StoreDashboard }) {
  const { totals } = dashboard;
  return (
    <ColumnLayout columns={4} minColumnWidth={180}>
      <Card
        label="Net sales"
        value={formatNaira(totals.net_sales)}
        testId="eshop-net-sales"
        note={`${formatNaira(totals.sales)} sold in ${quantityText(totals.orders)} orders, less ${formatNaira(totals.returns)} returned`}
      />
      <Card
        label="Margin"
        value={formatNaira(totals.margin)}
        testId="eshop-margin"
        note={`Net sales less their cost of ${formatNaira(totals.net_cost)}`}
      />
      <Card
        label="Stock value"
        value={formatNaira(dashboard.stock_value)}
        testId="eshop-stock-value"
        note={
          <>
            {quantityText(dashboard.products)} products at cost now: <Link to="/e-shop/stock">Stock</Link>
          </>
        }
      />
      <Card
        label="Receivables by payroll"
        value={formatNaira(dashboard.receivables_by_payroll)}
        testId="eshop-receivables"
        note="What members owe the store through payroll deduction, now"
      />
    </ColumnLayout>
  );
}

function OrdersByStatus({ dashboard }: { dashboard: StoreDashboard }) {
  return (
    <Container
      header={
        <Header variant="h2" description="How many orders are in each status now; a count opens those orders">
          Orders by status
        </Header>
      }
    >
      <ColumnLayout columns={4} variant="text-grid" minColumnWidth={120}>
        {dashboard.orders_by_status.map(({ status, count }) => (
          <div key={status}>
            <Box variant="awsui-key-label">{ESHOP_ORDER_STATUS_LABELS[status]}</Box>
            <Box fontSize="heading-xl" fontWeight="bold" data-testid={`eshop-orders-${status}`}>
              <Link to={`/e-shop/orders?status=${status}`} aria-label={`${count} ${ESHOP_ORDER_STATUS_LABELS[status]}`}>
                {quantityText(count)}
              </Link>
            </Box>
          </div>
        ))}
      </ColumnLayout>
    </Container>
  );
}

const hasSales = (f: EshopSalesFiguresView) => f.orders > 0 || f.returned_orders > 0;

function Dashboard({ dashboard, loading }: { dashboard: StoreDashboard; loading: boolean }) {
  const days = useMemo(
    () => ({ categories: dashboard.sales_by_day.map((d) => formatDay(d.date)), figures: dashboard.sales_by_day }),
    [dashboard.sales_by_day],
  );
  const months = useMemo(
    () => ({ categories: dashboard.sales_by_month.map((m) => monthLabel(m.month)), figures: dashboard.sales_by_month }),
    [dashboard.sales_by_month],
  );
  const lastMonth = dashboard.sales_by_month.at(-1)?.month;
  return (
    <SpaceBetween size="l">
      <Cards dashboard={dashboard} />
      <OrdersByStatus dashboard={dashboard} />
      <ChartSection
        title="Sales by day"
        description="Net sales (sales less returns) and margin each day of the period; the table lists the days with sales or returns"
        chart={<SalesChart series={days} label="Net sales and margin by day" axis="Day" />}
        wideFigures
        figures={
          <Figures
            label="Sales by day"
            columns={DAY_COLUMNS}
            items={dashboard.sales_by_day.filter(hasSales)}
            loading={loading}
            trackBy="date"
            empty="No sales in this period"
          />
        }
      />
      <ChartSection
        title="Sales by month"
        description={`The 12 months to ${lastMonth ? monthLabel(lastMonth) : 'the end of the period'}`}
        chart={<SalesChart series={months} label="Net sales and margin by month" axis="Month" />}
        wideFigures
        figures={
          <Figures
            label="Sales by month"
            columns={MONTH_COLUMNS}
            items={dashboard.sales_by_month}
            loading={loading}
            trackBy="month"
          />
        }
      />
      <Table
        variant="container"
        ariaLabels={{ tableLabel: 'Top products' }}
        header={<Header description="The products with the most net sales in the period">Top products</Header>}
        columnDefinitions={PRODUCT_COLUMNS}
        items={dashboard.top_products.map((p, i) => ({ ...p, rank: i + 1 }))}
        trackBy="product_id"
        loading={loading}
        loadingText="Loading"
        empty={<Box color="text-body-secondary">No product was sold in this period</Box>}
      />
      <Table
        variant="container"
        ariaLabels={{ tableLabel: 'Low stock' }}
        header={
          <Header
            description="Active products whose available stock is at or below their low stock warning"
            actions={<Link to="/e-shop/stock">Open Stock</Link>}
          >
            Low stock
          </Header>
        }
        columnDefinitions={LOW_STOCK_COLUMNS}
        items={dashboard.low_stock}
        trackBy="product_id"
        loading={loading}
        loadingText="Loading"
        empty={<Box color="text-body-secondary">No product is running low</Box>}
      />
    </SpaceBetween>
  );
}

/**
 * /e-shop/dashboard: the store's sales over a period (the last 30 days to begin with), from the
 * sales summaries kept with each delivery and return, with its stock, orders by status and what
 * members owe through payroll. Each chart has its figures in a table beside it.
 */
export function EshopDashboardPage() {
  const period = useStorePeriod();
  const { data, isPending, isFetching, isError, error } = useStoreDashboard(period.applied);
  return (
    <StoreReportLayout title="E-shop dashboard" what="The store's sales, stock and orders" period={period.applied}>
      <SpaceBetween size="l">
        <Container>
          <StorePeriodForm
            value={period.draft}
            onChange={period.setDraft}
            onSearch={period.apply}
            searching={isFetching && !isPending}
          />
        </Container>
        {isError && <Alert type="error">{errorMessage(error)}</Alert>}
        {data && <Dashboard dashboard={data} loading={isPending} />}
      </SpaceBetween>
    </StoreReportLayout>
  );
}
