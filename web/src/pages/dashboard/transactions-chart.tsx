import Highcharts from '../../charts/highcharts';
import CartesianChart from '@cloudscape-design/chart-components/cartesian-chart';
import { formatNaira } from '../../format/money';
import type { OverviewSeries } from './overview-series';
import { formatNairaTick } from './overview-series';

/**
 * The Transactions Overview bars: deposits and withdrawals approved in each month of the year, on a
 * naira axis. Its own module so that Highcharts loads after the rest of the dashboard.
 */
export default function TransactionsChart({ series, year }: { series: OverviewSeries; year: number }) {
  return (
    <CartesianChart
      highcharts={Highcharts}
      ariaLabel={`Transactions Overview ${year}`}
      ariaDescription={`Deposits and withdrawals approved in each month of ${year}, in naira.`}
      chartHeight={260}
      series={[
        { type: 'column', id: 'deposits', name: 'Deposits', data: series.deposits },
        { type: 'column', id: 'withdrawals', name: 'Withdrawals', data: series.withdrawals },
      ]}
      xAxis={{ type: 'category', title: String(year), categories: series.categories }}
      yAxis={{ title: 'Amount (\u20A6)', min: 0, valueFormatter: formatNairaTick }}
      tooltip={{ point: ({ item }) => ({ key: item.series.name, value: formatNaira(item.y) }) }}
      noData={{ empty: 'No approved transactions this year' }}
    />
  );
}
