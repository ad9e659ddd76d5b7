import Highcharts from '../../charts/highcharts';
import CartesianChart from '@cloudscape-design/chart-components/cartesian-chart';
import type { PositionResult } from '../../api/voting';
import { percent } from '../reports/analysis-format';

/**
 * A position's votes as bars, in its own module so that Highcharts loads after the results table,
 * which carries the same figures (the chart library of the analysis report).
 */
export function ResultsChart({ result }: { result: PositionResult }) {
  const contestants = result.contestants;
  return (
    <CartesianChart
      highcharts={Highcharts}
      ariaLabel={`Votes for ${result.name}`}
      chartHeight={Math.max(120, contestants.length * 48)}
      inverted
      series={[{ type: 'column', id: 'votes', name: 'Votes', data: contestants.map((c) => c.votes) }]}
      xAxis={{ type: 'category', title: 'Contestant', categories: contestants.map((c) => c.full_name) }}
      yAxis={{ title: 'Votes', min: 0, tickInterval: 1 }}
      tooltip={{
        point: ({ item }) => ({
          key: 'Votes',
          value: `${item.y ?? 0} (${percent(contestants[item.x]?.percent ?? 0)})`,
        }),
      }}
      // One series: a legend would only repeat the axis title.
      legend={{ enabled: false }}
      noData={{ empty: 'No contestants for this position' }}
    />
  );
}
