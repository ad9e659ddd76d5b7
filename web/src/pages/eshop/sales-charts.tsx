import Highcharts from '../../charts/highcharts';
import CartesianChart from '@cloudscape-design/chart-components/cartesian-chart';
import type { EshopSalesFiguresView } from '../../api/eshop-reports';
import { figureNumber, formatNaira } from '../../format/money';
import { formatNairaTick } from '../dashboard/overview-series';

/**
 * The store's sales charts (the dashboard's by day and by month), in their own module so that
 * Highcharts loads after the figures; every figure drawn here is also in the table beside the chart.
 */
export interface SalesSeries {
  /** The x axis: a label per day or month. */
  categories: string[];
  figures: readonly EshopSalesFiguresView[];
}

const nairaPoint = ({ item }: { item: { series: { name: string }; y: number | null } }) => ({
  key: item.series.name,
  value: formatNaira(item.y),
});

export default function SalesChart({ series, label, axis }: { series: SalesSeries; label: string; axis: string }) {
  return (
    <CartesianChart
      highcharts={Highcharts}
      ariaLabel={label}
      chartHeight={260}
      series={[
        { type: 'column', id: 'net', name: 'Net sales', data: series.figures.map((f) => figureNumber(f.net_sales)) },
        { type: 'line', id: 'margin', name: 'Margin', data: series.figures.map((f) => figureNumber(f.margin)) },
      ]}
      xAxis={{ type: 'category', title: axis, categories: series.categories }}
      yAxis={{ title: 'Amount (\u20A6)', valueFormatter: formatNairaTick }}
      tooltip={{ point: nairaPoint }}
      noData={{ empty: 'No sales in this period' }}
    />
  );
}
