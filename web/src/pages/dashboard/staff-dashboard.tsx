import { lazy, Suspense, useMemo, useState } from 'react';
import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Grid from '@cloudscape-design/components/grid';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { useCooperative } from '../../api/cooperatives';
import type { StaffDashboard as StaffDashboardData } from '../../api/dashboard';
import { useStaffDashboard } from '../../api/dashboard';
import { useFollow } from '../../app/navigation/use-follow';
import { formatNaira } from '../../format/money';
import type { Session } from '../../session/types';
import { useLoanActions } from '../loans/loan-actions';
import type { OrderDecisionTarget } from '../transactions/order-decision';
import { OrderDecision } from '../transactions/order-decision';
import { overviewSeries, overviewTotals } from './overview-series';
import { QuickDepositForm } from './quick-deposit-form';
import { RecentLoans, RecentOrders } from './recent-lists';

const TransactionsChart = lazy(() => import('./transactions-chart'));

interface Tile {
  title: string;
  href: string;
  count: keyof StaffDashboardData['dashboard'];
}

// Spec 000 section 2: the four tiles of the staff dashboard and where each leads.
const TILES: Tile[] = [
  { title: 'Pending Members', href: '/members/pending', count: 'pending' },
  { title: 'Withdrawals', href: '/finance-reporting/withdrawals', count: 'withdrawal' },
  { title: 'Deposits', href: '/finance-reporting/deposits', count: 'deposit' },
  { title: 'New Loan Requests', href: '/loans/applications', count: 'request' },
];

function Tiles({ counts }: { counts: StaffDashboardData['dashboard'] | undefined }) {
  const follow = useFollow();
  return (
    <Container>
      <ColumnLayout columns={4} variant="text-grid" minColumnWidth={160}>
        {TILES.map((tile) => (
          <div key={tile.title} data-testid={`tile-${tile.title}`}>
            <Box variant="awsui-key-label">
              <Link href={tile.href} onFollow={follow}>
                {tile.title}
              </Link>
            </Box>
            <Box variant="awsui-value-large">
              <span data-testid={`tile-count-${tile.title}`}>{counts ? counts[tile.count] : '…'}</span>
            </Box>
            <Box variant="small" display="block" color="text-body-secondary">
              {tile.title === 'Pending Members' ? 'Awaiting approval' : 'Pending'}
            </Box>
          </div>
        ))}
      </ColumnLayout>
    </Container>
  );
}

function TransactionsOverview({ data, loading }: { data: StaffDashboardData | undefined; loading: boolean }) {
  const series = useMemo(() => overviewSeries(data?.transaction_overview.overview), [data]);
  const totals = useMemo(() => overviewTotals(data?.transaction_overview.overview), [data]);
  const year = data?.transaction_overview.year ?? new Date().getFullYear();
  return (
    <Container
      header={
        <Header variant="h2" description={`Approved deposits and withdrawals by month, ${year}`}>
          Transactions Overview
        </Header>
      }
      fitHeight
    >
      <SpaceBetween size="m">
        {loading ? (
          <Box textAlign="center" padding="xxl">
            <Spinner size="large" />
          </Box>
        ) : (
          <Suspense
            fallback={
              <Box textAlign="center" padding="xxl">
                <Spinner size="large" />
              </Box>
            }
          >
            <TransactionsChart series={series} year={year} />
          </Suspense>
        )}
        <KeyValuePairs
          columns={2}
          items={[
            {
              label: `Deposits in ${year}`,
              value: <span data-testid="overview-deposits">{formatNaira(totals.deposits)}</span>,
            },
            {
              label: `Withdrawals in ${year}`,
              value: <span data-testid="overview-withdrawals">{formatNaira(totals.withdrawals)}</span>,
            },
          ]}
        />
      </SpaceBetween>
    </Container>
  );
}

/** The dashboard of cooperative staff (spec 000 section 2: Staff dashboard). */
export function StaffDashboard({ session }: { session: Session }) {
  const { data: cooperative } = useCooperative(session.activeCooperativeId);
  const { data, isPending } = useStaffDashboard(session.activeCooperativeId);
  const [target, setTarget] = useState<OrderDecisionTarget | null>(null);
  const loanActions = useLoanActions();
  const { user } = session;

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={`Signed in as ${user.firstname} ${user.lastname}. Here is what needs your attention today.`}
        >
          Welcome to {cooperative?.name ?? 'your cooperative'}
        </Header>
      }
    >
      <SpaceBetween size="l">
        <Tiles counts={data?.dashboard} />
        <Grid gridDefinition={[{ colspan: { default: 12, l: 8 } }, { colspan: { default: 12, l: 4 } }]}>
          <TransactionsOverview data={data} loading={isPending} />
          <QuickDepositForm />
        </Grid>
        <Grid
          gridDefinition={[
            { colspan: { default: 12, l: 6, xl: 4 } },
            { colspan: { default: 12, l: 6, xl: 4 } },
            { colspan: { default: 12, l: 6, xl: 4 } },
          ]}
        >
          <RecentOrders title="Recent Deposits" orders={data?.deposits} loading={isPending} onDecide={setTarget} />
          <RecentOrders
            title="Recent Withdrawals"
            orders={data?.withdrawals}
            loading={isPending}
            onDecide={setTarget}
          />
          <RecentLoans loans={data?.loan_applications} loading={isPending} onAction={loanActions.run} />
        </Grid>
      </SpaceBetween>
      <OrderDecision target={target} onClose={() => setTarget(null)} />
      {loanActions.dialogs}
    </ContentLayout>
  );
}
