import type { ReactNode } from 'react';
import { useMemo, useState } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { TableProps } from '@cloudscape-design/components/table';
import Table from '../tables/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import type { Query } from '../../api/client';
import type { EntityEndpoint, EntityRecord } from '../../api/entities';
import { useDeleteEntity, useEntityList } from '../../api/entities';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { ConfirmDeleteModal } from './confirm-delete-modal';
import { resultsPagination, totalText } from './results-pagination';

export interface EntityTableProps<R extends EntityRecord> {
  endpoint: EntityEndpoint;
  /** The table's header, e.g. 'Departments'. */
  title: string;
  noun: string;
  columns: TableProps.ColumnDefinition<R>[];
  /** How a row is named in its buttons' labels and the delete dialog. */
  nameOf: (record: R) => string;
  onEdit?: (record: R) => void;
  /** Whether a row may be deleted or edited (built-in records may not). */
  canDelete?: (record: R) => boolean;
  canEdit?: (record: R) => boolean;
  /** More buttons of a row (approve, deny...). */
  rowActions?: (record: R) => ReactNode;
  filters?: Query;
  /** Controls beside the search box that set `filters` (a category, a status). */
  filterControls?: ReactNode;
  enabled?: boolean;
  searchable?: boolean;
  /** Shown when the list is empty and nothing is being searched. */
  emptyText?: string;
  /** Buttons in the table's header; a function is given the search the list shows (an export of the list). */
  headerActions?: ReactNode | ((search: string | undefined) => ReactNode);
  /** Wrap long cells instead of scrolling the table sideways. */
  wrapLines?: boolean;
  /** The width the Action column needs (wider for text buttons). */
  actionsMinWidth?: number;
}

/** The list half of a setup screen: server-side search and pages, edit and delete per row. */
export function EntityTable<R extends EntityRecord>(props: EntityTableProps<R>) {
  const {
    endpoint,
    title,
    noun,
    nameOf,
    onEdit,
    canDelete,
    canEdit,
    rowActions,
    filters,
    enabled,
    searchable = true,
  } = props;
  // Other filters start the list again at its first page, as a new search does.
  const filtersKey = JSON.stringify(filters ?? {});
  const [paging, setPaging] = useState({ filtersKey, page: 1 });
  const page = paging.filtersKey === filtersKey ? paging.page : 1;
  const setPage = (next: number) => setPaging({ filtersKey, page: next });
  const [filter, setFilter] = useState('');
  const query = useDebouncedValue(filter.trim());
  const { data, isPending, isFetching } = useEntityList<R>(endpoint, {
    page,
    query: query || undefined,
    filters,
    enabled,
  });
  const remove = useDeleteEntity(endpoint);
  const [deleting, setDeleting] = useState<R | null>(null);
  const meta = data?.meta;
  const items = data?.data ?? [];

  const columns = useMemo<TableProps.ColumnDefinition<R>[]>(() => {
    if (!onEdit && !canDelete && !rowActions) return props.columns;
    const actions: TableProps.ColumnDefinition<R> = {
      id: 'actions',
      header: 'Action',
      minWidth: props.actionsMinWidth ?? 110,
      cell: (row) => (
        <SpaceBetween size="xs" direction="horizontal">
          {rowActions?.(row)}
          {onEdit && (canEdit?.(row) ?? true) && (
            <Button variant="icon" iconName="edit" ariaLabel={`Edit ${nameOf(row)}`} onClick={() => onEdit(row)} />
          )}
          {(canDelete?.(row) ?? true) && (
            <Button
              variant="icon"
              iconName="remove"
              ariaLabel={`Delete ${nameOf(row)}`}
              onClick={() => setDeleting(row)}
            />
          )}
        </SpaceBetween>
      ),
    };
    return [...props.columns, actions];
  }, [props.columns, props.actionsMinWidth, onEdit, canDelete, canEdit, rowActions, nameOf]);

  const search = searchable ? (
    <TextFilter
      filteringText={filter}
      filteringPlaceholder={`Find ${title.toLowerCase()}`}
      filteringAriaLabel={`Find ${title.toLowerCase()}`}
      countText={meta && query ? `${totalText(meta)} match${meta.total === 1 ? '' : 'es'}` : undefined}
      onChange={({ detail }) => {
        setFilter(detail.filteringText);
        setPage(1);
      }}
    />
  ) : null;

  return (
    <>
      <Table
        variant="container"
        ariaLabels={{ tableLabel: title }}
        columnDefinitions={columns}
        items={enabled === false ? [] : items}
        trackBy="id"
        wrapLines={props.wrapLines}
        loading={enabled !== false && isPending}
        loadingText={`Loading ${title.toLowerCase()}`}
        header={
          <Header
            counter={meta && enabled !== false ? `(${totalText(meta)})` : undefined}
            actions={
              typeof props.headerActions === 'function' ? props.headerActions(query || undefined) : props.headerActions
            }
          >
            {title}
          </Header>
        }
        filter={
          props.filterControls ? (
            <SpaceBetween direction="horizontal" size="l" alignItems="end">
              {search}
              {props.filterControls}
            </SpaceBetween>
          ) : (
            (search ?? undefined)
          )
        }
        empty={
          <Box textAlign="center" color="inherit" padding="m">
            <b>No {title.toLowerCase()}</b>
            <Box variant="p" color="inherit">
              {query ? `No ${noun} matches this search.` : (props.emptyText ?? `No ${noun} has been added yet.`)}
            </Box>
          </Box>
        }
        pagination={resultsPagination(meta, isFetching, setPage)}
      />
      <ConfirmDeleteModal
        subject={deleting ? nameOf(deleting) : null}
        noun={noun}
        pending={remove.isPending}
        onConfirm={() => remove.mutateAsync(deleting?.id ?? '')}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
