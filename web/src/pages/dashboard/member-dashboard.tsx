import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Grid from '@cloudscape-design/components/grid';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { TableProps } from '@cloudscape-design/components/table';
import Table from '../../components/tables/table';
import type { MemberTransaction } from '../../api/dashboard';
import { useMemberDashboard } from '../../api/dashboard';
import type { MemberDividendView } from '../../api/dividends';
import { useMemberDividends } from '../../api/dividends';
import type { Loan, SuretyRequest } from '../../api/loans';
import { useFollow } from '../../app/navigation/use-follow';
import { formatDay } from '../../format/dates';
import { formatNaira } from '../../format/money';
import type { Session } from '../../session/types';
import { useLoanActions } from '../loans/loan-actions';
import { LoanStatusCell, SuretyStatusBadge } from '../loans/loan-status';
import { installmentText, useSuretyAnswers } from '../loans/surety-requests-table';
import { memberDividendPeriod, memberDividendStatus } from './member-dividend-format';
import { downloadStatement } from '../../api/statements';
import { StatementModal } from '../statements/statement-modal';

function Empty({ text }: { text: string }) {
  return (
    <Box textAlign="center" color="inherit" padding="s">
      {text}
    </Box>
  );
}

/** A figure still being read (as the staff dashboard's tiles show it). */
const LOADING = '…';

const HISTORY_COLUMNS: TableProps.ColumnDefinition<MemberTransaction>[] = [
  { id: 'type', header: 'Type', isRowHeader: true, cell: (t) => t.type.name },
  { id: 'reference', header: 'Reference', cell: (t) => t.reference_no },
  { id: 'amount', header: 'Amount', cell: (t) => formatNaira(t.amount) },
  { id: 'date', header: 'Date', cell: (t) => formatDay(t.transaction_date) },
];

const SURETY_COLUMNS: TableProps.ColumnDefinition<SuretyRequest>[] = [
  { id: 'member', header: 'Applicant', isRowHeader: true, cell: (s) => s.loan.member.name },
  { id: 'product', header: 'Product', cell: (s) => s.loan.product.name },
  { id: 'amount', header: 'Amount', cell: (s) => formatNaira(s.loan.loan_amount) },
  { id: 'terms', header: 'Repaid', cell: (s) => installmentText(s.loan) },
  { id: 'status', header: 'Status', cell: (s) => <SuretyStatusBadge status={s.status} /> },
];

const DIVIDEND_COLUMNS: TableProps.ColumnDefinition<MemberDividendView>[] = [
  { id: 'period', header: 'Period', isRowHeader: true, cell: (d) => memberDividendPeriod(d) },
  {
    id: 'status',
    header: 'Status',
    cell: (d) => {
      const status = memberDividendStatus(d);
      return <StatusIndicator type={status.type}>{status.text}</StatusIndicator>;
    },
  },
  { id: 'amount', header: 'Amount', cell: (d) => formatNaira(d.amount) },
];

function loanColumns(open: (loan: Loan) => void): TableProps.ColumnDefinition<Loan>[] {
  return [
    {
      id: 'product',
      header: 'Product',
      isRowHeader: true,
      cell: (l) => (
        <Button
          variant="inline-link"
          onClick={() => open(l)}
          ariaLabel={`Loan details of the ${l.product.name} of ${formatNaira(l.loan_amount)}`}
        >
          {l.product.name}
        </Button>
      ),
    },
    { id: 'amount', header: 'Amount', cell: (l) => formatNaira(l.loan_amount) },
    { id: 'balance', header: 'Balance', cell: (l) => formatNaira(l.loan_balance) },
    // Loans read 0 Pending, 1 Approved, 2 Rejected (spec 000 section 4).
    { id: 'status', header: 'Status', cell: (l) => <LoanStatusCell loan={l} /> },
  ];
}

/** The personal dashboard of members and executives (spec 000 section 2). */
export function MemberDashboard({ session }: { session: Session }) {
  const navigate = useNavigate();
  const follow = useFollow();
  const { user } = session;
  const { data, isPending } = useMemberDashboard(session.activeCooperativeId, user.coop_id);
  // A figure not yet read shows as loading, never as ₦0.
  const figure = (amount: number | string | undefined) => (isPending ? LOADING : formatNaira(amount));
  const dividends = useMemberDividends(session.activeCooperativeId, user.coop_id);
  const pending = data?.pending_surety ?? 0;
  const savings = data?.savings_overview;
  const loans = data?.loan_overview;
  const { run, dialogs } = useLoanActions();
  const [statement, setStatement] = useState(false);
  const loanColumnDefs = useMemo(() => loanColumns((loan) => run(loan, 'schedule')), [run]);
  // A surety answers their own pending requests right here, as on the surety requests page.
  const answers = useSuretyAnswers();
  const sureties = data?.sureties ?? [];
  const showAnswers = answers.anyAnswerable(sureties);
  const suretyColumnDefs = useMemo(
    () => (showAnswers ? [...SURETY_COLUMNS, answers.actionColumn] : SURETY_COLUMNS),
    [showAnswers, answers.actionColumn],
  );

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={
            <>
              You have{' '}
              <Link href="/member/loans/surety" onFollow={follow}>
                <span data-testid="pending-surety">{pending}</span> pending surety request{pending === 1 ? '' : 's'}
              </Link>
              .
            </>
          }
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <Button onClick={() => setStatement(true)}>Statement</Button>
              <Button onClick={() => void navigate('/member/my-profile')}>View Profile</Button>
            </SpaceBetween>
          }
        >
          Welcome, {user.firstname}
        </Header>
      }
    >
      <Grid
        gridDefinition={[
          { colspan: 12 },
          { colspan: { default: 12, l: 6 } },
          { colspan: { default: 12, l: 6 } },
          { colspan: 12 },
        ]}
      >
        <Table
          variant="container"
          ariaLabels={{ tableLabel: 'Surety Requests' }}
          header={
            <Header
              variant="h2"
              description="Loans where a member named you as surety"
              actions={
                <Link href="/member/loans/surety" onFollow={follow}>
                  View all
                </Link>
              }
            >
              Surety Requests
            </Header>
          }
          columnDefinitions={suretyColumnDefs}
          items={sureties}
          trackBy="id"
          loading={isPending}
          loadingText="Loading surety requests"
          empty={<Empty text="No member has asked you to stand surety." />}
        />
        <Table
          variant="container"
          ariaLabels={{ tableLabel: 'Savings history' }}
          header={
            <Header variant="h2" description="Your balance and latest transactions">
              Savings Overview
            </Header>
          }
          columnDefinitions={HISTORY_COLUMNS}
          items={savings?.histories ?? []}
          trackBy="id"
          loading={isPending}
          loadingText="Loading your savings"
          filter={
            <KeyValuePairs
              columns={2}
              items={[
                { label: 'Balance', value: <span data-testid="savings-balance">{figure(savings?.balance)}</span> },
                {
                  label: 'Last payment',
                  value: (
                    <span data-testid="last-payment">
                      {isPending
                        ? LOADING
                        : savings?.last_payment
                          ? `${formatNaira(savings.last_payment.amount)} on ${formatDay(savings.last_payment.date)}`
                          : 'None yet'}
                    </span>
                  ),
                },
              ]}
            />
          }
          empty={<Empty text="No savings transaction yet." />}
        />
        <Table
          variant="container"
          ariaLabels={{ tableLabel: 'Loans' }}
          header={
            <Header
              variant="h2"
              description="Your loans and what is left to repay"
              actions={
                <Link href="/member/loans" onFollow={follow}>
                  View all
                </Link>
              }
            >
              Loans Overview
            </Header>
          }
          columnDefinitions={loanColumnDefs}
          items={loans?.loans ?? []}
          trackBy="id"
          loading={isPending}
          loadingText="Loading your loans"
          filter={
            <KeyValuePairs
              columns={2}
              items={[
                { label: 'Total loan', value: <span data-testid="total-loan">{figure(loans?.total_loan)}</span> },
                {
                  label: 'Active loan',
                  value: <span data-testid="active-loan">{figure(loans?.active_loan)}</span>,
                },
              ]}
            />
          }
          empty={<Empty text="You have no loan." />}
        />
        <Table
          variant="container"
          ariaLabels={{ tableLabel: 'Dividends' }}
          header={
            <Header variant="h2" description="Your share of the dividends your cooperative approved">
              Dividends
            </Header>
          }
          columnDefinitions={DIVIDEND_COLUMNS}
          items={dividends.data?.dividends ?? []}
          trackBy="id"
          loading={dividends.isPending}
          loadingText="Loading your dividends"
          filter={
            <KeyValuePairs
              columns={2}
              items={[
                {
                  label: 'Total paid',
                  value: (
                    <span data-testid="dividends-paid">
                      {dividends.isPending ? LOADING : formatNaira(dividends.data?.total_paid)}
                    </span>
                  ),
                },
                {
                  label: 'Approved, not yet paid',
                  value: (
                    <span data-testid="dividends-unpaid">
                      {dividends.isPending ? LOADING : formatNaira(dividends.data?.total_unpaid)}
                    </span>
                  ),
                },
              ]}
            />
          }
          empty={<Empty text="No dividend has been approved for you yet." />}
        />
      </Grid>
      {dialogs}
      <StatementModal
        memberName={`${user.firstname} ${user.lastname}`}
        visible={statement}
        onDismiss={() => setStatement(false)}
        download={(request) => downloadStatement(request, user.coop_id)}
      />
      {answers.dialog}
    </ContentLayout>
  );
}
