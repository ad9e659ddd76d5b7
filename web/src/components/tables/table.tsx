import type { TableProps } from '@cloudscape-design/components/table';
import CloudscapeTable from '@cloudscape-design/components/table';

/** The id of a table's column of row actions (buttons, a menu). */
export const ACTIONS_COLUMN_ID = 'actions';

/**
 * Where a table keeps its last column in view: when it is the row's actions and the table is wider
 * than its container, the other columns scroll under it and the buttons are never cut off at the
 * right edge. Cloudscape lets sticky columns go on screens too narrow to hold them.
 */
export function stickyColumnsOf<T>(props: Pick<TableProps<T>, 'columnDefinitions' | 'stickyColumns'>) {
  if (props.stickyColumns) return props.stickyColumns;
  return props.columnDefinitions.at(-1)?.id === ACTIONS_COLUMN_ID ? { first: 0, last: 1 } : undefined;
}

/** Cloudscape's Table, with a last column of row actions kept in view (see stickyColumnsOf). */
export default function Table<T>(props: TableProps<T>) {
  return <CloudscapeTable {...props} stickyColumns={stickyColumnsOf(props)} />;
}
