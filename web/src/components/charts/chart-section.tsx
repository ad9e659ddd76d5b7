import type { ReactNode } from 'react';
import { Suspense } from 'react';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Grid from '@cloudscape-design/components/grid';
import Header from '@cloudscape-design/components/header';
import Spinner from '@cloudscape-design/components/spinner';
import type { TableProps } from '@cloudscape-design/components/table';
import Table from '../tables/table';

/**
 * A chart with its numbers: the chart (lazily loaded, Highcharts being large) beside a compact table
 * of every figure it draws, readable without hovering (the analysis report, the store's dashboard).
 */
export interface FiguresProps<T> {
  label: string;
  columns: TableProps.ColumnDefinition<T>[];
  items: readonly T[];
  loading: boolean;
  trackBy: TableProps.TrackBy<T>;
  /** What an empty table says. */
  empty?: string;
}

/** The numbers a chart draws, readable without hovering. */
export function Figures<T>({
  label,
  columns,
  items,
  loading,
  trackBy,
  empty = 'Nothing in this period',
}: FiguresProps<T>) {
  return (
    <Table
      variant="embedded"
      contentDensity="compact"
      ariaLabels={{ tableLabel: label }}
      columnDefinitions={columns}
      items={[...items]}
      trackBy={trackBy}
      loading={loading}
      loadingText="Loading"
      empty={<Box color="text-body-secondary">{empty}</Box>}
    />
  );
}

export interface ChartSectionProps {
  title: string;
  description: string;
  chart: ReactNode;
  figures: ReactNode;
  /** Figures with many columns sit beside the chart only on wide screens. */
  wideFigures?: boolean;
}

export function ChartSection({ title, description, chart, figures, wideFigures }: ChartSectionProps) {
  const half = wideFigures ? { default: 12, m: 6 } : { default: 12, xs: 6 };
  return (
    <Container
      header={
        <Header variant="h2" description={description}>
          {title}
        </Header>
      }
    >
      <Grid gridDefinition={[{ colspan: half }, { colspan: half }]}>
        <Suspense fallback={<Spinner size="large" />}>{chart}</Suspense>
        {figures}
      </Grid>
    </Container>
  );
}
