import { useMemo, useState } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { ActiveIndicator } from '../../components/crud/columns';
import type { TableProps } from '@cloudscape-design/components/table';
import Table from '../../components/tables/table';
import type { SavingsPlan } from '../../api/savings';
import { useMemberPlans } from '../../api/savings';
import { formatDay } from '../../format/dates';
import { formatNaira } from '../../format/money';
import { useSession } from '../../session/use-session';
import { ChangeAmountModal } from './change-amount-modal';
import type { OrderKind } from './order-modal';
import { OrderModal } from './order-modal';
import { PlanFormModal } from './plan-form-modal';
import type { PlanAction } from './savings-helpers';
import { availableBalance, PLAN_ACTION_LABELS, planActions } from './savings-helpers';
import { ScheduleModal } from './schedule-modal';
import { SAVINGS_PLAN_STATUS } from '@coopledger/shared/statuses';

type Dialog =
  | { kind: 'plan' }
  | { kind: 'change' }
  | { kind: 'order'; order: OrderKind; plan: SavingsPlan }
  | { kind: 'schedule'; plan: SavingsPlan }
  | null;

/**
 * A member's savings plans with their balances and the actions on them: the Savings tab of the
 * member detail page and the member's own /member/savings. What a row offers follows the role
 * the app acts as (a cooperative-member cannot withdraw here; the server refuses it too).
 */
export function MemberSavingsPanel({ memberId }: { memberId: string }) {
  const role = useSession()?.role;
  const plans = useMemberPlans(memberId);
  const [dialog, setDialog] = useState<Dialog>(null);
  const items = useMemo(() => plans.data?.data ?? [], [plans.data]);
  const activePlans = useMemo(() => items.filter((plan) => plan.status === SAVINGS_PLAN_STATUS.ACTIVE), [items]);
  const close = () => setDialog(null);

  const columns = useMemo<TableProps.ColumnDefinition<SavingsPlan>[]>(() => {
    const act = (plan: SavingsPlan, action: PlanAction) => {
      if (action === 'schedule') setDialog({ kind: 'schedule', plan });
      else setDialog({ kind: 'order', order: action === 'deposit' ? 'deposit' : 'withdrawal', plan });
    };
    return [
      { id: 'product', header: 'Product', isRowHeader: true, cell: (plan) => plan.product_name },
      { id: 'start', header: 'Start Date', cell: (plan) => formatDay(plan.start_date) },
      { id: 'end', header: 'End Date', cell: (plan) => formatDay(plan.end_date) },
      { id: 'balance', header: 'Ledger Bal.', cell: (plan) => formatNaira(plan.balance) },
      { id: 'available', header: 'Available Bal.', cell: (plan) => formatNaira(availableBalance(plan)) },
      {
        id: 'status',
        header: 'Status',
        minWidth: 190,
        cell: (plan) => (
          <SpaceBetween direction="horizontal" size="xs" alignItems="center">
            <ActiveIndicator status={plan.status} />
            <ButtonDropdown
              variant="icon"
              expandToViewport
              ariaLabel={`Actions for ${plan.product_name} from ${formatDay(plan.start_date)}`}
              disabled={plan.status !== SAVINGS_PLAN_STATUS.ACTIVE}
              items={planActions(plan, role).map((action) => ({ id: action, text: PLAN_ACTION_LABELS[action] }))}
              onItemClick={({ detail }) => act(plan, detail.id as PlanAction)}
            />
          </SpaceBetween>
        ),
      },
    ];
  }, [role]);

  return (
    <>
      <Table<SavingsPlan>
        variant="container"
        ariaLabels={{ tableLabel: 'Savings accounts' }}
        trackBy="id"
        items={items}
        columnDefinitions={columns}
        loading={plans.isPending}
        loadingText="Loading savings accounts"
        header={
          <Header
            counter={plans.data ? `(${plans.data.meta.total})` : undefined}
            actions={
              <SpaceBetween direction="horizontal" size="xs">
                <Button disabled={activePlans.length === 0} onClick={() => setDialog({ kind: 'change' })}>
                  Change Savings Amount
                </Button>
                <Button variant="primary" onClick={() => setDialog({ kind: 'plan' })}>
                  Add New Plan
                </Button>
              </SpaceBetween>
            }
          >
            Savings accounts
          </Header>
        }
        empty={
          <Box textAlign="center" color="inherit" padding="m">
            <b>No savings accounts</b>
            <Box variant="p" color="inherit">
              {plans.isError
                ? 'The savings accounts could not be loaded.'
                : 'No savings plan has been opened yet. Use Add New Plan to open one.'}
            </Box>
          </Box>
        }
      />
      <PlanFormModal memberId={memberId} visible={dialog?.kind === 'plan'} onDismiss={close} />
      <ChangeAmountModal
        memberId={memberId}
        plans={activePlans}
        visible={dialog?.kind === 'change'}
        onDismiss={close}
      />
      <OrderModal
        memberId={memberId}
        kind={dialog?.kind === 'order' ? dialog.order : 'deposit'}
        visible={dialog?.kind === 'order'}
        onDismiss={close}
        savingsId={dialog?.kind === 'order' ? dialog.plan.id : undefined}
      />
      <ScheduleModal plan={dialog?.kind === 'schedule' ? dialog.plan : null} onDismiss={close} />
    </>
  );
}
