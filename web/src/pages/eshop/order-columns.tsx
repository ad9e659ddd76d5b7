import { Link } from 'react-router';
import Box from '@cloudscape-design/components/box';
import type { TableProps } from '@cloudscape-design/components/table';
import type { EshopOrder } from '../../api/eshop-orders';
import { eshopOrderPath } from './order-steps';

/** A member as the store's lists show one: the name, and the member number under it. */
export function MemberCell({ name, memberId }: { name: string; memberId: string }) {
  return (
    <div>
      <div>{name}</div>
      <Box variant="small" color="text-body-secondary">
        {memberId}
      </Box>
    </div>
  );
}

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
