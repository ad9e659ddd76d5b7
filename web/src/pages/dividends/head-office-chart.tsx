import Highcharts from '../../charts/highcharts';
import CartesianChart from '@cloudscape-design/chart-components/cartesian-chart';
import { HEAD_OFFICE_MEASURES } from '@coopledger/shared/dividend-views';
import type { HeadOfficeSummaryView } from '../../api/dividends';
import { MEASURE_LABELS, percentText } from './head-office-format';

/**
 * Targets against performance: each measure's actual as a percentage of its target, beside the 100%
 * line. In its own module, so Highcharts loads after the summary's figures; every bar is also in the
 * table beside the chart. A measure without a target has no bar.
 */
export function HeadOfficeChart({ summary }: { summary: HeadOfficeSummaryView }) {
  const measures = HEAD_OFFICE_MEASURES.filter((m) => summary.percent[m] !== null);
  return (
    <CartesianChart
      highcharts={Highcharts}
      ariaLabel="Performance against targets"
      chartHeight={260}
      series={[
        {
          type: 'column',
          id: 'percent',
          name: 'Performance',
          data: measures.map((m) => summary.percent[m] ?? 0),
        },
        { type: 'y-threshold', id: 'target', name: 'Target (100%)', value: 100 },
      ]}
      xAxis={{ type: 'category', title: 'Measure', categories: measures.map((m) => MEASURE_LABELS[m]) }}
      yAxis={{ title: '% of target', min: 0, valueFormatter: (value) => percentText(value ?? 0) }}
      tooltip={{ point: ({ item }) => ({ key: item.series.name, value: percentText(item.y) }) }}
      noData={{ empty: 'Set the targets to compare the year against them' }}
    />
  );
}
