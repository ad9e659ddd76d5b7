import { useMemo, useState } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import type { TableProps } from '@cloudscape-design/components/table';
import Table from '../../components/tables/table';
import { errorMessage } from '../../api/api-error';
import type { ChangeRequest, RequestScope } from '../../api/savings';
import { useChangeRequests, useDecideRequest } from '../../api/savings';
import { notificationsStore } from '../../app/notifications/notifications-store';
import { formatNaira } from '../../format/money';
import { resultsPagination, totalText } from '../../components/crud/results-pagination';
import { requesterName, requestStatusName } from './savings-helpers';
import { CHANGE_REQUEST_STATUS } from '@coopledger/shared/statuses';
import type { ChangeRequestStatus } from '@coopledger/shared/statuses';

type Row = ChangeRequest & { serial: number };

const STATUS_TYPES: Record<ChangeRequestStatus, StatusIndicatorProps.Type> = {
  [CHANGE_REQUEST_STATUS.PENDING]: 'pending',
  [CHANGE_REQUEST_STATUS.APPROVED]: 'success',
  [CHANGE_REQUEST_STATUS.DENIED]: 'error',
};

interface Decision {
  request: ChangeRequest;
  approve: boolean;
}

/**
 * Savings change requests. A member (scope 'member') sees their own, without the Member column
 * and without decisions; staff ('cooperative') see the cooperative's and approve or deny a pending
 * one through a confirmation; an approval changes the plan's contribution.
 */
export function RequestsTable({ scope }: { scope: RequestScope }) {
  const [page, setPage] = useState(1);
  const requests = useChangeRequests(scope, page);
  const decide = useDecideRequest();
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const meta = requests.data?.meta;
  const staff = scope === 'cooperative';

  const rows = useMemo<Row[]>(() => {
    const offset = meta ? (meta.current_page - 1) * meta.per_page : 0;
    return (requests.data?.data ?? []).map((request, index) => ({ ...request, serial: offset + index + 1 }));
  }, [requests.data, meta]);

  const columns = useMemo<TableProps.ColumnDefinition<Row>[]>(() => {
    const list: TableProps.ColumnDefinition<Row>[] = [{ id: 'serial', header: 'S/N', cell: (row) => row.serial }];
    if (staff)
      list.push({
        id: 'member',
        header: 'Member',
        isRowHeader: true,
        cell: (row) => `${requesterName(row)} (${row.coop_id})`,
      });
    list.push(
      { id: 'product', header: 'Product', cell: (row) => row.product_name },
      { id: 'old', header: 'Old Amount', cell: (row) => formatNaira(row.old_amount) },
      { id: 'new', header: 'New Amount', cell: (row) => formatNaira(row.new_amount) },
      {
        id: 'status',
        header: 'Status',
        cell: (row) => (
          <StatusIndicator type={STATUS_TYPES[row.status] ?? 'info'}>{requestStatusName(row)}</StatusIndicator>
        ),
      },
    );
    if (staff) {
      list.push({
        id: 'actions',
        header: 'Action',
        minWidth: 150,
        cell: (row) =>
          row.status === CHANGE_REQUEST_STATUS.PENDING ? (
            <SpaceBetween direction="horizontal" size="xs">
              <Button variant="inline-link" onClick={() => setDeciding({ request: row, approve: true })}>
                Approve
              </Button>
              <Button variant="inline-link" onClick={() => setDeciding({ request: row, approve: false })}>
                Deny
              </Button>
            </SpaceBetween>
          ) : (
            '-'
          ),
      });
    }
    return list;
  }, [staff]);

  const dismiss = () => {
    decide.reset();
    setDeciding(null);
  };
  const confirm = () => {
    if (!deciding) return;
    decide.mutate(deciding, {
      onSuccess: (envelope) => {
        notificationsStore.notify('success', envelope.message);
        setDeciding(null);
      },
    });
  };

  return (
    <>
      <Table<Row>
        variant="container"
        ariaLabels={{ tableLabel: 'Savings requests' }}
        trackBy="id"
        wrapLines
        items={rows}
        columnDefinitions={columns}
        loading={requests.isPending}
        loadingText="Loading savings requests"
        header={<Header counter={meta ? `(${totalText(meta)})` : undefined}>Savings requests</Header>}
        empty={
          <Box textAlign="center" color="inherit" padding="m">
            <b>No savings requests</b>
            <Box variant="p" color="inherit">
              {requests.isError
                ? errorMessage(requests.error)
                : staff
                  ? 'No member has asked to change a savings amount.'
                  : 'You have not asked to change a savings amount.'}
            </Box>
          </Box>
        }
        pagination={resultsPagination(meta, requests.isFetching, setPage)}
      />
      {staff && (
        <Modal
          visible={deciding !== null}
          onDismiss={dismiss}
          header={deciding?.approve ? 'Approve savings change request' : 'Deny savings change request'}
          footer={
            <Box float="right">
              <SpaceBetween direction="horizontal" size="xs">
                <Button variant="link" onClick={dismiss}>
                  Cancel
                </Button>
                <Button variant="primary" loading={decide.isPending} onClick={confirm}>
                  {deciding?.approve ? 'Approve' : 'Deny'}
                </Button>
              </SpaceBetween>
            </Box>
          }
        >
          {deciding && (
            <SpaceBetween size="s">
              <Box>
                {deciding.approve
                  ? `Approve the request of ${requesterName(deciding.request)} to change their ${deciding.request.product_name} contribution from ${formatNaira(deciding.request.old_amount)} to ${formatNaira(deciding.request.new_amount)}?`
                  : `Deny the request of ${requesterName(deciding.request)} to change their ${deciding.request.product_name} contribution to ${formatNaira(deciding.request.new_amount)}?`}
              </Box>
              {decide.error && <Box color="text-status-error">{errorMessage(decide.error)}</Box>}
            </SpaceBetween>
          )}
        </Modal>
      )}
    </>
  );
}
