import { isCalendarDate } from '@coopledger/shared/dates';
import type { ReactNode } from 'react';
import type { NairaFigure } from '@coopledger/shared/money';
import { figureKobo, nairaFigure } from '@coopledger/shared/money';
import { useMemo, useState } from 'react';
import Box from '@cloudscape-design/components/box';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { TableProps } from '@cloudscape-design/components/table';
import { formatDay } from '../../format/dates';
import { formatNaira } from '../../format/money';
import { groupRowsOf } from './report-rows';

interface TreeRow<R> {
  id: string;
  children: R[];
}

/** Expandable group rows that open all expanded; the reader may fold a group away. */
export function useExpandableRows<R extends TreeRow<R>>(rows: readonly R[]): TableProps.ExpandableRows<R> {
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const expandedItems = useMemo(() => groupRowsOf(rows).filter((row) => !collapsed.has(row.id)), [rows, collapsed]);
  return {
    getItemChildren: (row) => row.children,
    isItemExpandable: (row) => row.children.length > 0,
    expandedItems,
    onExpandableItemToggle: ({ detail }) =>
      setCollapsed((previous) => {
        const next = new Set(previous);
        if (detail.expanded) next.delete(detail.item.id);
        else next.add(detail.item.id);
        return next;
      }),
  };
}

/** The names of the expand/collapse toggles of expandable rows, which are otherwise icons with no name. */
export function expandToggleLabels<R>(
  nameOf: (row: R) => string,
): Pick<TableProps.AriaLabels<R>, 'expandButtonLabel' | 'collapseButtonLabel'> {
  return {
    expandButtonLabel: (row) => `Show the lines of ${nameOf(row)}`,
    collapseButtonLabel: (row) => `Hide the lines of ${nameOf(row)}`,
  };
}

/** An amount in its column, right-aligned so the figures line up; bold on group and total rows. */
export function Amount({
  value,
  strong = false,
  blankZero = false,
}: {
  value: NairaFigure | null | undefined;
  strong?: boolean;
  blankZero?: boolean;
}) {
  const text =
    value === null || value === undefined || (blankZero && figureKobo(value) === 0n) ? '' : formatNaira(value);
  return (
    <Box textAlign="right" fontWeight={strong ? 'bold' : 'normal'}>
      {text}
    </Box>
  );
}

export function Strong({ children }: { children: ReactNode }) {
  return <Box fontWeight="bold">{children}</Box>;
}

/** A column header with the period under it: 'Current year' / '01 Jan 2026 – 10 Feb 2026'. */
export function PeriodHeader({ title, period }: { title: string; period?: string }) {
  return (
    <Box textAlign="right" fontWeight="bold">
      {title}
      {period ? (
        <Box variant="small" display="block" textAlign="right">
          {period}
        </Box>
      ) : null}
    </Box>
  );
}

/** '01 Jan 2026 – 10 Feb 2026' */
export const periodText = (start: string, end: string) => `${formatDay(start)} \u2013 ${formatDay(end)}`;

/** A year label as the API gives it: a calendar day is shown as a day, anything else as it is. */
export const yearText = (value: string) => (isCalendarDate(value) ? formatDay(value) : value);

export function EmptyReport({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Box textAlign="center" color="inherit" padding="m">
      <b>{title}</b>
      {children ? (
        <Box variant="p" color="inherit">
          {children}
        </Box>
      ) : null}
    </Box>
  );
}

/** Balanced in green, or the difference between the two sides in red. */
export function BalanceCheck({ difference, label = 'Balanced' }: { difference: NairaFigure; label?: string }) {
  const kobo = figureKobo(difference) ?? 0n;
  if (kobo === 0n) return <StatusIndicator type="success">{label}</StatusIndicator>;
  return (
    <StatusIndicator type="error">
      Out of balance by {formatNaira(nairaFigure(kobo < 0n ? -kobo : kobo))}
    </StatusIndicator>
  );
}
