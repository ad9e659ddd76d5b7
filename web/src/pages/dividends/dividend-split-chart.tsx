import Highcharts from '../../charts/highcharts';
import PieChart from '@cloudscape-design/chart-components/pie-chart';
import { wholePercent } from '@coopledger/shared/money';
import type { DividendDeclarationView } from '../../api/dividends';
import { figureNumber, formatNaira } from '../../format/money';

/**
 * How a dividend was split: the part shared by savings and the part shared by loan interest paid,
 * and, when the pool came from a revenue sharing, the statutory reserve and admin fee approved with
 * it. In its own module, so Highcharts loads after the report's figures; every slice is also in the
 * figures beside the chart, to the kobo.
 */
export function DividendSplitChart({ dividend }: { dividend: DividendDeclarationView }) {
  const slices = [
    { id: 'savings', name: 'Shared by savings', y: figureNumber(dividend.totals.savings_part) },
    { id: 'loan', name: 'Shared by loan interest', y: figureNumber(dividend.totals.loan_part) },
    ...(dividend.revenue_sharing
      ? [
          { id: 'reserve', name: 'Statutory reserve', y: figureNumber(dividend.revenue_sharing.statutory_reserve) },
          { id: 'fee', name: 'Admin fee', y: figureNumber(dividend.revenue_sharing.admin_fee) },
        ]
      : []),
  ].filter((slice) => slice.y > 0);
  return (
    <PieChart
      highcharts={Highcharts}
      ariaLabel="How the dividend is split"
      chartHeight={260}
      series={{ type: 'pie', name: 'Dividend', data: slices }}
      segmentDescription={({ segmentValue, totalValue }) =>
        `${formatNaira(segmentValue)}, ${wholePercent(segmentValue, totalValue)}%`
      }
      tooltip={{ details: ({ segmentValue }) => [{ key: 'Amount', value: formatNaira(segmentValue) }] }}
      noData={{ empty: 'Nothing was shared' }}
    />
  );
}
