import { lazy, Suspense } from 'react';
import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Spinner from '@cloudscape-design/components/spinner';
import type { TableProps } from '@cloudscape-design/components/table';
import Table from '../../components/tables/table';
import type { ContestantResult, PositionResult } from '../../api/voting';
import { percent } from '../reports/analysis-format';
import { votesLabel } from './voting-helpers';

// Highcharts is large; the chart loads after the table, which already shows every figure.
const ResultsChart = lazy(() => import('./results-chart').then((m) => ({ default: m.ResultsChart })));

const COLUMNS: TableProps.ColumnDefinition<ContestantResult>[] = [
  { id: 'name', header: 'Contestant', isRowHeader: true, cell: (c) => c.full_name },
  { id: 'coop_id', header: 'Member number', cell: (c) => c.coop_id },
  { id: 'votes', header: 'Votes', cell: (c) => c.votes },
  { id: 'percent', header: 'Percent', cell: (c) => percent(c.percent) },
];

/** One position's results: the contestants with their votes and share, as a table and as bars. */
export function PositionResults({ result }: { result: PositionResult }) {
  return (
    <Container
      header={
        <Header variant="h2" counter={`(${votesLabel(result.votes)})`}>
          {result.name}
        </Header>
      }
    >
      <ColumnLayout columns={2}>
        <Table
          variant="embedded"
          ariaLabels={{ tableLabel: `Results for ${result.name}` }}
          columnDefinitions={COLUMNS}
          items={result.contestants}
          trackBy="id"
          empty={
            <Box textAlign="center" color="inherit" padding="s">
              No contestants stood for this position.
            </Box>
          }
        />
        {result.contestants.length > 0 && (
          <Suspense fallback={<Spinner />}>
            <ResultsChart result={result} />
          </Suspense>
        )}
      </ColumnLayout>
    </Container>
  );
}
