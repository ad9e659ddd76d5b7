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
export interface CrudConfig<R extends EntityRecord> extends Omit<EntityFormProps<R>, 'editing' | 'onDone' | 'children'> {
  title: string;
  columns: TableProps.ColumnDefinition<R>[];
  nameOf: (record: R) => string;
  canDelete?: (record: R) => boolean;
  canEdit?: (record: R) => boolean;
  rowActions?: (record: R) => ReactNode;
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
      <EntityTable<R>
        endpoint={config.endpoint}
        title={config.title}
        noun={config.noun}
        columns={config.columns}
        nameOf={config.nameOf}
        canDelete={config.canDelete}
        canEdit={config.canEdit}
        rowActions={config.rowActions}
        onEdit={setEditing}
        filters={filters}
        enabled={enabled}
      />
      <EntityForm<R> {...config} editing={editing} onDone={() => setEditing(null)} />
    </Grid>
  );
}
