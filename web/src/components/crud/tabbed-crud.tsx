import { useState } from 'react';
import Tabs from '@cloudscape-design/components/tabs';
import type { EntityRecord } from '../../api/entities';
import type { CrudConfig } from './crud-section';
import { tableProps } from './crud-section';
import { EntityForm } from './entity-form';
import { EntityTable } from './entity-table';

interface TabbedCrudProps<R extends EntityRecord> {
  config: CrudConfig<R>;
  listLabel: string;
  formLabel: string;
}

/** The scaffold for entities whose form is too wide to sit beside the list: a list tab and a form tab. */
export function TabbedCrud<R extends EntityRecord>({ config, listLabel, formLabel }: TabbedCrudProps<R>) {
  const [editing, setEditing] = useState<R | null>(null);
  const [tab, setTab] = useState<'list' | 'form'>('list');
  return (
    <Tabs
      ariaLabel={config.title}
      activeTabId={tab}
      onChange={({ detail }) => {
        if (detail.activeTabId === 'form') setEditing(null);
        setTab(detail.activeTabId === 'form' ? 'form' : 'list');
      }}
      tabs={[
        {
          id: 'list',
          label: listLabel,
          content: (
            <EntityTable<R>
              {...tableProps(config)}
              onEdit={(record) => {
                setEditing(record);
                setTab('form');
              }}
            />
          ),
        },
        {
          id: 'form',
          label: editing ? `Edit ${config.noun}` : formLabel,
          content: (
            <EntityForm<R>
              {...config}
              editing={editing}
              onDone={() => {
                setEditing(null);
                setTab('list');
              }}
            />
          ),
        },
      ]}
    />
  );
}
