import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import Table from '../../components/tables/table';
import { errorMessage } from '../../api/api-error';
import { maySetTargets, useHeadOfficeSummary } from '../../api/dividends';
import { formatDateTime, formatDay } from '../../format/dates';
import { useRequiredSession } from '../../session/use-session';
import { measureRows } from './head-office-format';
import { HeadOfficeTargetsModal } from './head-office-targets-modal';
import { HeadOfficeYearSelect, yearOf } from './head-office-year-select';

const HeadOfficeChart = lazy(() => import('./head-office-chart').then((m) => ({ default: m.HeadOfficeChart })));

/**
 * /dividend-calculator/head-office-summary (issue 21, "Head office summary"): a year's targets, set
 * by the cooperative's admin, against the books: savings mobilised, loans disbursed, new members and
 * surplus, each with its percentage of target and a chart (docs/decisions.md 2026-11-27 "Head office
 * summary"). `?year=` keeps the year in the address.
 */
export function HeadOfficeSummaryPage() {
  const session = useRequiredSession();
  const [params, setParams] = useSearchParams();
  const year = yearOf(params);
  const { data, isPending, isError, error, isFetching } = useHeadOfficeSummary(year);
  const [editing, setEditing] = useState(false);
  const canSet = maySetTargets(session.user.role_name);

  let body;
  if (isPending) body = <Spinner size="large" />;
  else if (isError) body = <Alert type="error">{errorMessage(error)}</Alert>;
  else
    body = (
      <SpaceBetween size="l">
        {data.targets === null && (
          <Alert type="info">
            No targets are set for {data.year}.{canSet ? ' Set them to see the year against them.' : ''}
          </Alert>
        )}
        <Container
          header={
            <Header
              variant="h2"
              description={
                data.from <= data.to
                  ? `${formatDay(data.from)} to ${formatDay(data.to)}`
                  : `${data.year} has not started yet`
              }
              actions={
                canSet && (
                  <Button onClick={() => setEditing(true)}>{data.targets ? 'Change targets' : 'Set targets'}</Button>
                )
              }
            >
              Targets against performance, {data.year}
            </Header>
          }
          footer={
            data.targets && (
              <Box variant="small" color="text-body-secondary">
                Targets set by {data.targets.updated_by} on {formatDateTime(data.targets.updated_at)}
              </Box>
            )
          }
        >
          <SpaceBetween size="l">
            <Table
              variant="embedded"
              ariaLabels={{ tableLabel: 'Targets against performance' }}
              loading={isFetching && !isPending}
              columnDefinitions={[
                { id: 'measure', header: 'Measure', cell: (row) => row.label, isRowHeader: true },
                { id: 'target', header: 'Target', cell: (row) => row.target },
                { id: 'actual', header: 'Actual', cell: (row) => row.actual },
                { id: 'percent', header: '% of target', cell: (row) => row.percent },
              ]}
              items={measureRows(data)}
              trackBy="measure"
            />
            <Suspense fallback={<Spinner size="large" />}>
              <HeadOfficeChart summary={data} />
            </Suspense>
          </SpaceBetween>
        </Container>
        <Box variant="small" color="text-body-secondary">
          Savings mobilised is what members&apos; savings accounts were credited in the year; loans disbursed what the
          loan accounts were debited; surplus the income less expenses of the year, as the income statement shows them;
          new members those whose date joined falls in the year.
        </Box>
        {editing && <HeadOfficeTargetsModal summary={data} onClose={() => setEditing(false)} />}
      </SpaceBetween>
    );

  return (
    <ContentLayout
      header={
        <Header variant="h1" description="The year's targets against the cooperative's books">
          Head office summary
        </Header>
      }
    >
      <SpaceBetween size="l">
        <Container>
          <HeadOfficeYearSelect year={year} onChange={(y) => setParams({ year: String(y) })} />
        </Container>
        {body}
      </SpaceBetween>
    </ContentLayout>
  );
}
