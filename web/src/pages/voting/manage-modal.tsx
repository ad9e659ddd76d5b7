import type { ReactNode } from 'react';
import { useState } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Tabs from '@cloudscape-design/components/tabs';

interface ManageModalProps<T> {
  header: string;
  /** The list tab's label (Positions, Contestants). */
  label: string;
  onClose: () => void;
  /** The list tab; `edit` opens the form on a row. */
  list: (edit: (row: T) => void) => ReactNode;
  /** The form tab: an Add New form, or an Edit form of `editing`; `done` goes back to the list. */
  form: (editing: T | null, done: () => void) => ReactNode;
}

/**
 * Manage Positions and Manage Contestants (spec 001): a list tab and an Add New/Edit form tab in one
 * modal. Choosing a row's edit opens the form on it; leaving the form tab forgets the row.
 */
export function ManageModal<T>({ header, label, onClose, list, form }: ManageModalProps<T>) {
  const [tab, setTab] = useState<'list' | 'form'>('list');
  const [editing, setEditing] = useState<T | null>(null);
  const done = () => {
    setEditing(null);
    setTab('list');
  };
  const edit = (row: T) => {
    setEditing(row);
    setTab('form');
  };
  return (
    <Modal
      visible
      size="large"
      onDismiss={onClose}
      closeAriaLabel="Close"
      header={header}
      footer={
        <Box float="right">
          <Button onClick={onClose}>Close</Button>
        </Box>
      }
    >
      <Tabs
        ariaLabel={label}
        activeTabId={tab}
        onChange={({ detail }) => {
          setEditing(null);
          setTab(detail.activeTabId === 'form' ? 'form' : 'list');
        }}
        tabs={[
          { id: 'list', label, content: list(edit) },
          { id: 'form', label: editing ? 'Edit' : 'Add New', content: form(editing, done) },
        ]}
      />
    </Modal>
  );
}

/** A row's edit and delete icons, named after the row for screen readers. */
export function RowActions({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <SpaceBetween size="xs" direction="horizontal">
      <Button variant="icon" iconName="edit" ariaLabel={`Edit ${name}`} onClick={onEdit} />
      <Button variant="icon" iconName="remove" ariaLabel={`Delete ${name}`} onClick={onDelete} />
    </SpaceBetween>
  );
}

/** A list's empty state: what is missing and what to do about it. */
export function EmptyList({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box textAlign="center" color="inherit" padding="m">
      <b>{title}</b>
      <Box variant="p" color="inherit">
        {children}
      </Box>
    </Box>
  );
}
