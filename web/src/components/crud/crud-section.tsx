import type { ReactNode } from 'react';
import { useState } from 'react';
import Grid from '@cloudscape-design/components/grid';
import type { TableProps } from '@cloudscape-design/components/table';
import type { Query } from '../../api/client';
import type { EntityRecord } from '../../api/entities';
import type { EntityFormProps } from './entity-form';
import { EntityForm } from './entity-form';
import { EntityTable } from './entity-table';

/** What a setup screen declares about its entity; the scaffold does the rest. */
export interface CrudConfig<R extends EntityRecord> extends Omit<
  EntityFormProps<R>,
  'editing' | 'onDone' | 'children'
> {
  title: string;
  columns: TableProps.ColumnDefinition<R>[];
  nameOf: (record: R) => string;
  canDelete?: (record: R) => boolean;
  canEdit?: (record: R) => boolean;
  rowActions?: (record: R) => ReactNode;
}

/** The list's part of a screen's config, shared by the side-by-side and the tabbed layouts. */
export function tableProps<R extends EntityRecord>(config: CrudConfig<R>) {
  const { endpoint, title, noun, columns, nameOf, canDelete, canEdit, rowActions } = config;
  return { endpoint, title, noun, columns, nameOf, canDelete, canEdit, rowActions };
}

interface CrudSectionProps<R extends EntityRecord> {
  config: CrudConfig<R>;
  /** Narrows the list (a chosen category) and, when given, must be known before it loads. */
  filters?: Query;
  enabled?: boolean;
}

/** A setup screen's body: the list on the left, the add/edit form beside it. */
export function CrudSection<R extends EntityRecord>({ config, filters, enabled }: CrudSectionProps<R>) {
  const [editing, setEditing] = useState<R | null>(null);
  return (
    <Grid gridDefinition={[{ colspan: { default: 12, xs: 7 } }, { colspan: { default: 12, xs: 5 } }]}>
      <EntityTable<R> {...tableProps(config)} onEdit={setEditing} filters={filters} enabled={enabled} />
      <EntityForm<R> {...config} editing={editing} onDone={() => setEditing(null)} />
    </Grid>
  );
}
