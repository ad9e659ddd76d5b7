import { useState } from 'react';
import Tabs from '@cloudscape-design/components/tabs';
import type { TabsProps } from '@cloudscape-design/components/tabs';
import type { EntityRecord } from '../../api/entities';
import type { CrudConfig } from './crud-section';
import { tableProps } from './crud-section';
import { EntityForm } from './entity-form';
import type { EntityTableProps } from './entity-table';
import { EntityTable } from './entity-table';

interface TabbedCrudProps<R extends EntityRecord> {
  config: CrudConfig<R>;
  listLabel: string;
  formLabel: string;
  /**
   * False for someone who only reads the entity: no form tab, and no edit or delete in the list
   * (true by default).
   */
  writable?: boolean;
  /** More of the list's settings: filters and the controls that set them, the empty text, header buttons. */
  listProps?: Pick<EntityTableProps<R>, 'filters' | 'filterControls' | 'emptyText' | 'headerActions'>;
  /** Tabs after the list and the form (another entity the screen also shows). */
  moreTabs?: TabsProps.Tab[];
}

const LIST = 'list';
const FORM = 'form';

/** The scaffold for entities whose form is too wide to sit beside the list: a list tab and a form tab. */
export function TabbedCrud<R extends EntityRecord>({
  config,
  listLabel,
  formLabel,
  writable = true,
  listProps,
  moreTabs = [],
}: TabbedCrudProps<R>) {
  const [editing, setEditing] = useState<R | null>(null);
  const [tab, setTab] = useState<string>(LIST);
  const list = tableProps(config);
  const tabs: TabsProps.Tab[] = [
    {
      id: LIST,
      label: listLabel,
      content: writable ? (
        <EntityTable<R>
          {...list}
          {...listProps}
          onEdit={(record) => {
            setEditing(record);
            setTab(FORM);
          }}
        />
      ) : (
        <EntityTable<R> {...list} {...listProps} canDelete={undefined} canEdit={undefined} rowActions={undefined} />
      ),
    },
  ];
  if (writable)
    tabs.push({
      id: FORM,
      label: editing ? `Edit ${config.noun}` : formLabel,
      content: (
        <EntityForm<R>
          {...config}
          editing={editing}
          onDone={() => {
            setEditing(null);
            setTab(LIST);
          }}
        />
      ),
    });
  tabs.push(...moreTabs);
  return (
    <Tabs
      ariaLabel={config.title}
      activeTabId={tabs.some((t) => t.id === tab) ? tab : LIST}
      onChange={({ detail }) => {
        // The form tab chosen by its label is for a new record; Edit opens it with the row.
        if (detail.activeTabId === FORM) setEditing(null);
        setTab(detail.activeTabId);
      }}
      tabs={tabs}
    />
  );
}
