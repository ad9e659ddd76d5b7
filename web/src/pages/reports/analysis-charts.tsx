import Highcharts from '../../charts/highcharts';
import CartesianChart from '@cloudscape-design/chart-components/cartesian-chart';
import PieChart from '@cloudscape-design/chart-components/pie-chart';
import type { AnalysisReport } from '../../api/platform-reports';
import { wholePercent } from '@coopledger/shared/money';
import { figureNumber, formatNaira } from '../../format/money';
import { formatNairaTick } from '../dashboard/overview-series';
import { bucketLabel, monthLabel, statusLabel } from './analysis-format';

/**
 * The charts of the analysis report, in their own module so that Highcharts loads after the page
 * and its tables. Every figure drawn here is also in the table beside the chart, to the kobo; the
 * charts draw them as numbers.
 */
type Months = AnalysisReport['months'];

const HEIGHT = 260;
const nairaPoint = ({ item }: { item: { series: { name: string }; y: number | null } }) => ({
  key: item.series.name,
  value: formatNaira(item.y),
});

export function PortfolioChart({ months }: { months: Months }) {
  return (
    <CartesianChart
      highcharts={Highcharts}
      ariaLabel="Savings balance and loan portfolio by month"
      chartHeight={HEIGHT}
      series={[
        {
          type: 'line',
          id: 'savings',
          name: 'Savings balance',
          data: months.map((m) => figureNumber(m.savings_balance)),
        },
        { type: 'line', id: 'loans', name: 'Loan portfolio', data: months.map((m) => figureNumber(m.loan_portfolio)) },
      ]}
      xAxis={{ type: 'category', title: 'Month', categories: months.map((m) => monthLabel(m.month)) }}
      yAxis={{ title: 'Balance (\u20A6)', min: 0, valueFormatter: formatNairaTick }}
      tooltip={{ point: nairaPoint }}
      noData={{ empty: 'No savings or loans in this period' }}
    />
  );
}

export function FlowsChart({ months }: { months: Months }) {
  return (
    <CartesianChart
      highcharts={Highcharts}
      ariaLabel="Deposits, withdrawals, loans disbursed and repaid by month"
      chartHeight={HEIGHT}
      series={[
        { type: 'column', id: 'deposits', name: 'Deposits', data: months.map((m) => figureNumber(m.deposits)) },
        {
          type: 'column',
          id: 'withdrawals',
          name: 'Withdrawals',
          data: months.map((m) => figureNumber(m.withdrawals)),
        },
        { type: 'column', id: 'disbursed', name: 'Disbursed', data: months.map((m) => figureNumber(m.disbursed)) },
        { type: 'column', id: 'repaid', name: 'Repaid', data: months.map((m) => figureNumber(m.repaid)) },
      ]}
      xAxis={{ type: 'category', title: 'Month', categories: months.map((m) => monthLabel(m.month)) }}
      yAxis={{ title: 'Amount (\u20A6)', min: 0, valueFormatter: formatNairaTick }}
      tooltip={{ point: nairaPoint }}
      noData={{ empty: 'No money moved in this period' }}
    />
  );
}

export function ProductsChart({ products }: { products: AnalysisReport['loans_by_product'] }) {
  return (
    <PieChart
      highcharts={Highcharts}
      ariaLabel="Loans by product"
      chartHeight={HEIGHT}
      series={{
        type: 'pie',
        name: 'Amount lent',
        data: products.map((p) => ({ id: p.product_id, name: p.product_name, y: figureNumber(p.amount) })),
      }}
      segmentDescription={({ segmentValue, totalValue }) =>
        `${formatNaira(segmentValue)}, ${wholePercent(segmentValue, totalValue)}%`
      }
      tooltip={{ details: ({ segmentValue }) => [{ key: 'Amount lent', value: formatNaira(segmentValue) }] }}
      noData={{ empty: 'No loans in this period' }}
    />
  );
}

export function StatusChart({ statuses }: { statuses: AnalysisReport['loans_by_status'] }) {
  const total = statuses.reduce((sum, s) => sum + s.count, 0);
  return (
    <PieChart
      highcharts={Highcharts}
      ariaLabel="Loans by status"
      chartHeight={HEIGHT}
      series={{
        type: 'donut',
        name: 'Loans',
        data: statuses.map((s) => ({ id: s.status, name: statusLabel(s.status), y: s.count })),
      }}
      innerAreaTitle={String(total)}
      innerAreaDescription="loans"
      segmentDescription={({ segmentValue }) => `${segmentValue} loan${segmentValue === 1 ? '' : 's'}`}
      tooltip={{ details: ({ segmentValue }) => [{ key: 'Loans', value: segmentValue }] }}
      noData={{ empty: 'No loans in this period' }}
    />
  );
}

export function RiskChart({ buckets }: { buckets: AnalysisReport['portfolio_at_risk'] }) {
  return (
    <CartesianChart
      highcharts={Highcharts}
      ariaLabel="Portfolio at risk by days overdue"
      chartHeight={HEIGHT}
      series={[
        { type: 'column', id: 'overdue', name: 'Overdue', data: buckets.map((b) => figureNumber(b.overdue)) },
        {
          type: 'column',
          id: 'outstanding',
          name: 'Outstanding',
          data: buckets.map((b) => figureNumber(b.outstanding)),
        },
      ]}
      xAxis={{ type: 'category', title: 'Days overdue', categories: buckets.map((b) => bucketLabel(b.bucket)) }}
      yAxis={{ title: 'Amount (\u20A6)', min: 0, valueFormatter: formatNairaTick }}
      tooltip={{ point: nairaPoint }}
      noData={{ empty: 'No loan is overdue' }}
    />
  );
}
