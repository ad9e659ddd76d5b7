import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { orderStatusLabel, orderStatusType } from './order-steps';

/** An order's status as the lists and the order's page show it. */
export function EshopOrderStatusIndicator({ status }: { status: number }) {
  return (
    <StatusIndicator type={orderStatusType(status)} wrapText={false}>
      {orderStatusLabel(status)}
    </StatusIndicator>
  );
}
