import { useState } from 'react';
import Box from '@cloudscape-design/components/box';
import Modal from '@cloudscape-design/components/modal';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '../../components/tables/table';
import type { SavingsPlan, ScheduleItem } from '../../api/savings';
import { useTargetSchedule } from '../../api/savings';
import { formatDay } from '../../format/dates';
import { formatNaira } from '../../format/money';
import { resultsPagination } from '../../components/crud/results-pagination';
import { scheduleStatusName } from './savings-helpers';
import { SCHEDULE_ITEM_STATUS } from '@coopledger/shared/statuses';

interface ScheduleModalProps {
  /** The target plan whose schedule is shown; null closes the modal. */
  plan: SavingsPlan | null;
  onDismiss: () => void;
}

/** Payment Schedule of a target plan: S/N, Amount, Payment Date, Status (0 Not Paid, 1 Paid). */
export function ScheduleModal({ plan, onDismiss }: ScheduleModalProps) {
  const [page, setPage] = useState(1);
  const schedule = useTargetSchedule(plan?.id ?? null, page);
  const meta = schedule.data?.meta;
  const close = () => {
    setPage(1);
    onDismiss();
  };
  return (
    <Modal
      visible={plan !== null}
      onDismiss={close}
      header={plan ? `Payment Schedule: ${plan.product_name}` : 'Payment Schedule'}
      size="large"
    >
      <Table<ScheduleItem>
        variant="embedded"
        ariaLabels={{ tableLabel: 'Payment schedule' }}
        trackBy="id"
        items={schedule.data?.data ?? []}
        loading={plan !== null && schedule.isPending}
        loadingText="Loading payment schedule"
        columnDefinitions={[
          { id: 'serial', header: 'S/N', cell: (item) => item.serial },
          { id: 'amount', header: 'Amount', cell: (item) => formatNaira(item.amount) },
          { id: 'date', header: 'Payment Date', cell: (item) => formatDay(item.payment_date) },
          {
            id: 'status',
            header: 'Status',
            cell: (item) => (
              <StatusIndicator type={item.status === SCHEDULE_ITEM_STATUS.PAID ? 'success' : 'pending'}>
                {scheduleStatusName(item.status)}
              </StatusIndicator>
            ),
          },
        ]}
        empty={
          <Box textAlign="center" color="inherit" padding="m">
            This plan has no payment schedule.
          </Box>
        }
        pagination={resultsPagination(meta, false, setPage)}
      />
    </Modal>
  );
}
