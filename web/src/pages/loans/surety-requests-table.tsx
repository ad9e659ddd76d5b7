import { useMemo, useState } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { TableProps } from '@cloudscape-design/components/table';
import Table from '../../components/tables/table';
import { errorMessage } from '../../api/api-error';
import type { SuretyRequest } from '../../api/loans';
import { useAnswerSurety, useSuretyRequests } from '../../api/loans';
import { notificationsStore } from '../../app/notifications/notifications-store';
import { formatNaira } from '../../format/money';
import { useSession } from '../../session/use-session';
import { resultsPagination, totalText } from '../../components/crud/results-pagination';
import { SuretyStatusBadge } from './loan-status';
import { SURETY_STATUS } from '@coopledger/shared/statuses';

interface Answer {
  request: SuretyRequest;
  approve: boolean;
}

/** Approve or deny, or a dash: only the named surety answers, and only while it is pending. */
const answerable = (request: SuretyRequest, signedIn: string | undefined) =>
  request.status === SURETY_STATUS.PENDING && signedIn !== undefined && request.member_id === signedIn;

/**
 * Approve and Deny on the signed-in member's own pending surety requests, each through a
 * confirmation; a refusal shows the server's message. Used by the surety requests table and the
 * member dashboard's Surety Requests card.
 */
export function useSuretyAnswers() {
  const signedIn = useSession()?.user.coop_id;
  const answer = useAnswerSurety();
  const [answering, setAnswering] = useState<Answer | null>(null);

  const actionColumn = useMemo<TableProps.ColumnDefinition<SuretyRequest>>(
    () => ({
      id: 'actions',
      header: 'Action',
      minWidth: 150,
      cell: (r) =>
        answerable(r, signedIn) ? (
          <SpaceBetween direction="horizontal" size="xs">
            <Button
              variant="inline-link"
              ariaLabel={`Approve the request of ${r.loan.member.name}`}
              onClick={() => setAnswering({ request: r, approve: true })}
            >
              Approve
            </Button>
            <Button
              variant="inline-link"
              ariaLabel={`Deny the request of ${r.loan.member.name}`}
              onClick={() => setAnswering({ request: r, approve: false })}
            >
              Deny
            </Button>
          </SpaceBetween>
        ) : (
          '-'
        ),
    }),
    [signedIn],
  );

  const dismiss = () => {
    answer.reset();
    setAnswering(null);
  };
  const confirm = () => {
    if (!answering) return;
    answer.mutate(
      { suretyId: answering.request.id, approve: answering.approve },
      {
        onSuccess: (envelope) => {
          notificationsStore.notify('success', envelope.message);
          setAnswering(null);
        },
      },
    );
  };

  const dialog = (
    <Modal
      visible={answering !== null}
      onDismiss={dismiss}
      closeAriaLabel="Close"
      header={answering?.approve ? 'Approve surety request' : 'Deny surety request'}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={dismiss}>
              Cancel
            </Button>
            <Button variant="primary" loading={answer.isPending} onClick={confirm}>
              {answering?.approve ? 'Approve' : 'Deny'}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      {answering && (
        <SpaceBetween size="s">
          <Box>
            {answering.approve
              ? `Stand surety for the ${answering.request.loan.product.name} of ${formatNaira(answering.request.loan.loan_amount)} that ${answering.request.loan.member.name} applied for?`
              : `Refuse to stand surety for the ${answering.request.loan.product.name} of ${formatNaira(answering.request.loan.loan_amount)} that ${answering.request.loan.member.name} applied for?`}
          </Box>
          <Box color="text-body-secondary" data-testid="surety-terms">
            {repaymentTerms(answering.request.loan)}
          </Box>
          {answer.error && <Alert type="error">{errorMessage(answer.error)}</Alert>}
        </SpaceBetween>
      )}
    </Modal>
  );

  /** Whether any of `requests` is the signed-in member's to answer (the Action column shows only then). */
  const anyAnswerable = (requests: readonly SuretyRequest[]) =>
    requests.some((request) => request.member_id === signedIn);
  return { actionColumn, dialog, anyAnswerable };
}

/**
 * The requests to one member to stand surety (spec 000 sections 2 and 4): applicant, product,
 * amount and status. Approve and Deny show only on a pending request to the signed-in member.
 */
export function SuretyRequestsTable({
  memberId,
  own = false,
}: {
  memberId: string;
  /** The signed-in member's own requests. */ own?: boolean;
}) {
  const title = 'Surety requests';
  const [page, setPage] = useState(1);
  const requests = useSuretyRequests(memberId, page);
  const { actionColumn, dialog, anyAnswerable } = useSuretyAnswers();
  const meta = requests.data?.meta;
  const showActions = anyAnswerable(requests.data?.data ?? []);

  const columns = useMemo<TableProps.ColumnDefinition<SuretyRequest>[]>(() => {
    const list: TableProps.ColumnDefinition<SuretyRequest>[] = [
      { id: 'applicant', header: 'Applicant', isRowHeader: true, cell: (r) => r.loan.member.name },
      { id: 'product', header: 'Product', cell: (r) => r.loan.product.name },
      { id: 'amount', header: 'Amount', cell: (r) => formatNaira(r.loan.loan_amount) },
      { id: 'terms', header: 'Repaid', cell: (r) => installmentText(r.loan) },
      { id: 'total', header: 'Total repayable', cell: (r) => formatNaira(r.loan.total_amount) },
      { id: 'status', header: 'Status', cell: (r) => <SuretyStatusBadge status={r.status} /> },
    ];
    return showActions ? [...list, actionColumn] : list;
  }, [showActions, actionColumn]);

  return (
    <>
      <Table<SuretyRequest>
        variant="container"
        ariaLabels={{ tableLabel: title }}
        trackBy="id"
        wrapLines
        items={requests.data?.data ?? []}
        columnDefinitions={columns}
        loading={requests.isPending}
        loadingText="Loading surety requests"
        header={
          <Header
            counter={meta ? `(${totalText(meta)})` : undefined}
            description={own ? undefined : 'Loans where a member named this member as surety'}
          >
            {title}
          </Header>
        }
        empty={
          <Box textAlign="center" color="inherit" padding="m">
            <b>No surety requests yet</b>
            <Box variant="p" color="inherit">
              {requests.isError
                ? errorMessage(requests.error)
                : own
                  ? 'No member has asked you to stand surety.'
                  : 'No member has asked this member to stand surety.'}
            </Box>
          </Box>
        }
        pagination={resultsPagination(meta, requests.isFetching, setPage)}
      />
      {dialog}
    </>
  );
}

type GuaranteedLoan = SuretyRequest['loan'];

/** How a guaranteed loan is repaid, in one phrase: "12 month(s) at ₦26,654.64". */
export const installmentText = (loan: GuaranteedLoan) =>
  `${loan.tenure} ${loan.tenure_type.toLowerCase()} at ${formatNaira(loan.installment)}`;

/** The one figure a surety backs (the amount asked for), with how it is repaid and what that comes to. */
export const repaymentTerms = (loan: GuaranteedLoan) =>
  `It is repaid over ${loan.tenure} ${loan.tenure_type.toLowerCase()}, ${formatNaira(loan.installment)} an installment, ` +
  `${formatNaira(loan.total_amount)} with interest in all.`;
