import { useState } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { TableProps } from '@cloudscape-design/components/table';
import Table from '../../components/tables/table';
import { errorMessage } from '../../api/api-error';
import type { EshopProductSalesView, EshopSalesFiguresView, SalesGroup, SalesReport } from '../../api/eshop-reports';
import { downloadSalesReport, useSalesReport } from '../../api/eshop-reports';
import { useFileDownload } from '../../components/hooks/use-file-download';
import { formatDay } from '../../format/dates';
import { formatNaira } from '../../format/money';
import { monthLabel } from '../reports/analysis-format';
import { quantityText } from './product-format';
import { StorePeriodForm, StoreReportLayout, useStorePeriod } from './store-period';

type Row = EshopSalesFiguresView & { id: string; label: string; sku?: string };

/** The figures of a row: sold, returned, net, cost and margin. */
const FIGURE_COLUMNS: TableProps.ColumnDefinition<Row>[] = [
  { id: 'orders', header: 'Orders', cell: (r) => quantityText(r.orders) },
  { id: 'units', header: 'Units sold', cell: (r) => quantityText(r.units) },
  { id: 'sales', header: 'Sales', cell: (r) => formatNaira(r.sales) },
  { id: 'returned', header: 'Units returned', cell: (r) => quantityText(r.returned_units) },
  { id: 'returns', header: 'Returns', cell: (r) => formatNaira(r.returns) },
  { id: 'net', header: 'Net sales', cell: (r) => formatNaira(r.net_sales) },
  { id: 'cost', header: 'Cost', cell: (r) => formatNaira(r.net_cost) },
  { id: 'margin', header: 'Margin', cell: (r) => formatNaira(r.margin) },
];

const labelColumn = (header: string): TableProps.ColumnDefinition<Row> => ({
  id: 'label',
  header,
  isRowHeader: true,
  cell: (r) => (r.id === 'total' ? <b>{r.label}</b> : r.label),
});

const PRODUCT_COLUMNS = [
  labelColumn('Product'),
  { id: 'sku', header: 'SKU', cell: (r: Row) => r.sku ?? '' },
  ...FIGURE_COLUMNS,
];

const GROUPS = [
  { id: 'day', text: 'By day' },
  { id: 'month', text: 'By month' },
];

const total = (report: SalesReport): Row => ({ ...report.totals, id: 'total', label: 'Total' });
const productRow = (p: EshopProductSalesView): Row => ({ ...p, id: p.product_id, label: p.name });

function Report({ report, loading }: { report: SalesReport; loading: boolean }) {
  const byDay = report.group === 'day';
  const periodRows = report.periods.map((p): Row => ({
    ...p,
    id: p.period,
    label: byDay ? formatDay(p.period) : monthLabel(p.period),
  }));
  return (
    <SpaceBetween size="l">
      <Table<Row>
        variant="container"
        ariaLabels={{ tableLabel: 'Sales by product' }}
        header={<Header description="Each product sold or returned, most net sales first">Sales by product</Header>}
        columnDefinitions={PRODUCT_COLUMNS}
        items={report.products.length > 0 ? [...report.products.map(productRow), total(report)] : []}
        trackBy="id"
        loading={loading}
        loadingText="Loading"
        empty={<Box color="text-body-secondary">Nothing was sold in this period</Box>}
      />
      <Table<Row>
        variant="container"
        ariaLabels={{ tableLabel: byDay ? 'Sales by day' : 'Sales by month' }}
        header={
          <Header description={byDay ? 'The days with sales or returns' : 'Each month of the period'}>
            {byDay ? 'Sales by day' : 'Sales by month'}
          </Header>
        }
        columnDefinitions={[labelColumn(byDay ? 'Day' : 'Month'), ...FIGURE_COLUMNS]}
        items={periodRows.length > 0 ? [...periodRows, total(report)] : []}
        trackBy="id"
        loading={loading}
        loadingText="Loading"
        empty={<Box color="text-body-secondary">Nothing was sold in this period</Box>}
      />
    </SpaceBetween>
  );
}

/**
 * /sales: the store's sales of a period by product and by day or month (units, sales, returns, net
 * sales, cost and margin) with their totals, from the sales summaries; Download gives the same as .xlsx.
 */
export function EshopSalesReportPage() {
  const period = useStorePeriod();
  const [group, setGroup] = useState<SalesGroup>('day');
  const { data, isPending, isFetching, isError, error } = useSalesReport(period.applied, group);
  const { downloading, download } = useFileDownload(downloadSalesReport);
  return (
    <StoreReportLayout title="Sales" what="Sales by product" period={period.applied}>
      <SpaceBetween size="l">
        <Container>
          <StorePeriodForm
            value={period.draft}
            onChange={period.setDraft}
            onSearch={period.apply}
            searching={isFetching && !isPending}
            actions={
              <Button
                iconName="download"
                formAction="none"
                loading={downloading}
                onClick={() => download(period.applied, group)}
              >
                Download
              </Button>
            }
          >
            <FormField label="Group">
              <SegmentedControl
                label="Group the sales"
                selectedId={group}
                options={GROUPS}
                onChange={({ detail }) => setGroup(detail.selectedId as SalesGroup)}
              />
            </FormField>
          </StorePeriodForm>
        </Container>
        {isError && <Alert type="error">{errorMessage(error)}</Alert>}
        {data && <Report report={data} loading={isPending} />}
      </SpaceBetween>
    </StoreReportLayout>
  );
}
