import type { NairaFigure } from '@coopledger/shared/money';
import { lazy, useState } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { TableProps } from '@cloudscape-design/components/table';
import Table from '../../components/tables/table';
import type { AnalysisReport } from '../../api/platform-reports';
import { useAnalysisReport } from '../../api/platform-reports';
import { DateRangeFilter } from '../../components/date-range/date-range-filter';
import type { DayRange } from '../../format/date-presets';
import { formatDay } from '../../format/dates';
import { addFigures, formatNaira } from '../../format/money';
import { ChartSection, Figures } from '../../components/charts/chart-section';
import { bucketLabel, lastTwelveMonths, monthLabel, percent, statusLabel } from './analysis-format';

// Highcharts is large; the charts load after the figures, which are readable without them.
const PortfolioChart = lazy(() => import('./analysis-charts').then((m) => ({ default: m.PortfolioChart })));
const FlowsChart = lazy(() => import('./analysis-charts').then((m) => ({ default: m.FlowsChart })));
const ProductsChart = lazy(() => import('./analysis-charts').then((m) => ({ default: m.ProductsChart })));
const StatusChart = lazy(() => import('./analysis-charts').then((m) => ({ default: m.StatusChart })));
const RiskChart = lazy(() => import('./analysis-charts').then((m) => ({ default: m.RiskChart })));

type Month = AnalysisReport['months'][number];
type ProductRow = AnalysisReport['loans_by_product'][number];
type StatusRow = AnalysisReport['loans_by_status'][number];
type RiskRow = AnalysisReport['portfolio_at_risk'][number];
type SaverRow = AnalysisReport['top_savers'][number];

const naira = <T,>(id: string, header: string, value: (row: T) => NairaFigure): TableProps.ColumnDefinition<T> => ({
  id,
  header,
  cell: (row) => formatNaira(value(row)),
});
const monthColumn: TableProps.ColumnDefinition<Month> = {
  id: 'month',
  header: 'Month',
  isRowHeader: true,
  cell: (m) => monthLabel(m.month),
};

const PORTFOLIO_COLUMNS = [
  monthColumn,
  naira<Month>('savings', 'Savings balance', (m) => m.savings_balance),
  naira<Month>('loans', 'Loan portfolio', (m) => m.loan_portfolio),
];
const FLOW_COLUMNS = [
  monthColumn,
  naira<Month>('deposits', 'Deposits', (m) => m.deposits),
  naira<Month>('withdrawals', 'Withdrawals', (m) => m.withdrawals),
  naira<Month>('disbursed', 'Disbursed', (m) => m.disbursed),
  naira<Month>('repaid', 'Repaid', (m) => m.repaid),
];
const PRODUCT_COLUMNS: TableProps.ColumnDefinition<ProductRow>[] = [
  { id: 'product', header: 'Product', isRowHeader: true, cell: (p) => p.product_name },
  { id: 'count', header: 'Loans', cell: (p) => p.count },
  naira<ProductRow>('amount', 'Amount lent', (p) => p.amount),
  naira<ProductRow>('outstanding', 'Outstanding', (p) => p.outstanding),
];
const STATUS_COLUMNS: TableProps.ColumnDefinition<StatusRow>[] = [
  { id: 'status', header: 'Status', isRowHeader: true, cell: (s) => statusLabel(s.status) },
  { id: 'count', header: 'Loans', cell: (s) => s.count },
  naira<StatusRow>('amount', 'Amount', (s) => s.amount),
];
const RISK_COLUMNS: TableProps.ColumnDefinition<RiskRow>[] = [
  { id: 'bucket', header: 'Days overdue', isRowHeader: true, cell: (b) => bucketLabel(b.bucket) },
  { id: 'loans', header: 'Loans', cell: (b) => b.loans },
  naira<RiskRow>('overdue', 'Overdue', (b) => b.overdue),
  naira<RiskRow>('outstanding', 'Outstanding', (b) => b.outstanding),
];
const SAVER_COLUMNS: TableProps.ColumnDefinition<SaverRow & { rank: number }>[] = [
  { id: 'rank', header: '#', cell: (s) => s.rank },
  { id: 'name', header: 'Member', isRowHeader: true, cell: (s) => s.name },
  { id: 'member', header: 'Member no.', cell: (s) => s.member_id },
  naira<SaverRow>('balance', 'Savings balance', (s) => s.balance),
];

const sumOf = (months: readonly Month[], field: 'deposits' | 'withdrawals' | 'disbursed' | 'repaid') =>
  addFigures(months.map((m) => m[field]));

function Summary({ report }: { report: AnalysisReport }) {
  const last = report.months.at(-1);
  return (
    <Container header={<Header variant="h2">At a glance</Header>}>
      <KeyValuePairs
        columns={4}
        items={[
          {
            label: `Savings balance${last ? `, ${monthLabel(last.month)}` : ''}`,
            value: formatNaira(last?.savings_balance),
          },
          {
            label: `Loan portfolio${last ? `, ${monthLabel(last.month)}` : ''}`,
            value: formatNaira(last?.loan_portfolio),
          },
          { label: 'Deposits in the period', value: formatNaira(sumOf(report.months, 'deposits')) },
          { label: 'Withdrawals in the period', value: formatNaira(sumOf(report.months, 'withdrawals')) },
          { label: 'Loans disbursed in the period', value: formatNaira(sumOf(report.months, 'disbursed')) },
          { label: 'Loans repaid in the period', value: formatNaira(sumOf(report.months, 'repaid')) },
          { label: 'Outstanding loans', value: formatNaira(report.portfolio.outstanding) },
          {
            label: 'Portfolio at risk',
            value: `${formatNaira(report.portfolio.at_risk)} (${percent(report.portfolio.par_percent)})`,
          },
        ]}
      />
    </Container>
  );
}

const EMPTY: AnalysisReport = {
  start_date: '',
  end_date: '',
  months: [],
  loans_by_product: [],
  loans_by_status: [],
  portfolio_at_risk: [],
  portfolio: { outstanding: 0, at_risk: 0, par_percent: 0 },
  top_savers: [],
};

/**
 * /reports/analysis-report: the cooperative's savings and loans over a period (by default the last
 * twelve months), each chart with its figures beside it.
 */
export function AnalysisReportPage() {
  const [draft, setDraft] = useState<DayRange>(() => lastTwelveMonths());
  const [applied, setApplied] = useState<DayRange>(draft);
  const { data, isPending, isFetching } = useAnalysisReport(applied);
  const report = data ?? EMPTY;
  const loading = isPending;

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={`Savings, loans and their risk, ${formatDay(applied.start_date)} to ${formatDay(applied.end_date)}.`}
        >
          Analysis report
        </Header>
      }
    >
      <SpaceBetween size="l">
        <Container>
          <form
            aria-label="Report period"
            onSubmit={(event) => {
              event.preventDefault();
              setApplied(draft);
            }}
          >
            <SpaceBetween direction="horizontal" size="s" alignItems="end">
              <DateRangeFilter value={draft} onChange={setDraft} />
              <Button variant="primary" formAction="submit" loading={isFetching && !isPending}>
                Search
              </Button>
            </SpaceBetween>
          </form>
        </Container>
        {data && <Summary report={data} />}
        <ChartSection
          title="Savings and loan portfolio"
          description="Members' savings balance and loans outstanding at the end of each month"
          chart={<PortfolioChart months={report.months} />}
          figures={
            <Figures
              label="Savings and loan portfolio by month"
              columns={PORTFOLIO_COLUMNS}
              items={report.months}
              loading={loading}
              trackBy="month"
            />
          }
        />
        <ChartSection
          title="Money in and out"
          description="Deposits and withdrawals of savings, loans disbursed and repaid, month by month"
          chart={<FlowsChart months={report.months} />}
          wideFigures
          figures={
            <Figures
              label="Deposits, withdrawals and loans by month"
              columns={FLOW_COLUMNS}
              items={report.months}
              loading={loading}
              trackBy="month"
            />
          }
        />
        <ChartSection
          title="Loans by product"
          description="Loans disbursed in the period by product"
          chart={<ProductsChart products={report.loans_by_product} />}
          figures={
            <Figures
              label="Loans by product"
              columns={PRODUCT_COLUMNS}
              items={report.loans_by_product}
              loading={loading}
              trackBy="product_id"
            />
          }
        />
        <ChartSection
          title="Loans by status"
          description="How many loans are in each status"
          chart={<StatusChart statuses={report.loans_by_status} />}
          figures={
            <Figures
              label="Loans by status"
              columns={STATUS_COLUMNS}
              items={report.loans_by_status}
              loading={loading}
              trackBy="status"
            />
          }
        />
        <ChartSection
          title="Portfolio at risk"
          description={`Running loans by how late their oldest unpaid installment is, at ${formatDay(applied.end_date)}`}
          chart={<RiskChart buckets={report.portfolio_at_risk} />}
          figures={
            <Figures
              label="Portfolio at risk by days overdue"
              columns={RISK_COLUMNS}
              items={report.portfolio_at_risk}
              loading={loading}
              trackBy="bucket"
            />
          }
        />
        <Table
          variant="container"
          ariaLabels={{ tableLabel: 'Top savers' }}
          header={
            <Header description={`Members with the largest savings balances at ${formatDay(applied.end_date)}`}>
              Top savers
            </Header>
          }
          columnDefinitions={SAVER_COLUMNS}
          items={report.top_savers.map((saver, index) => ({ ...saver, rank: index + 1 }))}
          trackBy="member_id"
          loading={loading}
          loadingText="Loading"
          empty={<Box color="text-body-secondary">No member has savings yet</Box>}
        />
      </SpaceBetween>
    </ContentLayout>
  );
}
