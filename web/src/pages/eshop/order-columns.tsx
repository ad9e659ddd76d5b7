import { Link } from 'react-router';
import Box from '@cloudscape-design/components/box';
import type { TableProps } from '@cloudscape-design/components/table';
import type { EshopOrder } from '../../api/eshop-orders';
import { formatDateTime } from '../../format/dates';
import { eshopOrderPath } from './order-steps';

/** A cell of two lines: the value, and a smaller detail under it. */
export function TwoLineCell({ value, detail }: { value: string; detail: string }) {
  return (
    <div>
      <div>{value}</div>
      <Box variant="small" color="text-body-secondary">
        {detail}
      </Box>
    </div>
  );
}

/** A member as the store's lists show one: the name, and the member number under it. */
export const MemberCell = ({ name, memberId }: { name: string; memberId: string }) => (
  <TwoLineCell value={name} detail={memberId} />
);

/** Who recorded a stock change, and when (the stock movements and the damages). */
export const RECORDED_COLUMN: TableProps.ColumnDefinition<{ created_by: string; created_at: string }> = {
  id: 'recorded',
  header: 'Recorded',
  cell: (row) => <TwoLineCell value={row.created_by} detail={formatDateTime(row.created_at)} />,
};

/** The order number, opening the order's page: the row header of every list of orders. */
export const ORDER_NO_COLUMN: TableProps.ColumnDefinition<EshopOrder> = {
  id: 'order_no',
  header: 'Order no.',
  isRowHeader: true,
  cell: (order) => <Link to={eshopOrderPath(order.id)}>{order.order_no}</Link>,
};

export const ORDER_MEMBER_COLUMN: TableProps.ColumnDefinition<EshopOrder> = {
  id: 'member',
  header: 'Member',
  cell: (order) => <MemberCell name={order.member_name} memberId={order.member_id} />,
};
