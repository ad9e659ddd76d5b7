import { useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Tabs from '@cloudscape-design/components/tabs';
import type { Cooperative } from '../../api/cooperatives';
import { CooperativeForm } from './cooperative-form';
import { CooperativeList } from './cooperative-list';

const FORM_HASH = '#form';

/** /setup/cooperatives: tabs Cooperative List and Cooperative Form; #form opens the form. */
export function CooperativesPage() {
  const { hash } = useLocation();
  const navigate = useNavigate();
  const [editing, setEditing] = useState<Cooperative | null>(null);
  const tab = hash === FORM_HASH ? 'form' : 'list';
  const showTab = useCallback(
    (next: 'form' | 'list') => void navigate({ hash: next === 'form' ? FORM_HASH : '' }),
    [navigate],
  );

  const edit = useCallback(
    (cooperative: Cooperative) => {
      setEditing(cooperative);
      showTab('form');
    },
    [showTab],
  );

  return (
    <ContentLayout
      header={
        <Header variant="h1" description="Every cooperative on the platform, with its colours and logo">
          Manage Cooperatives
        </Header>
      }
    >
      <Tabs
        activeTabId={tab}
        onChange={({ detail }) => {
          if (detail.activeTabId === 'form') setEditing(null);
          showTab(detail.activeTabId === 'form' ? 'form' : 'list');
        }}
        ariaLabel="Cooperatives"
        tabs={[
          {
            id: 'list',
            label: 'Cooperative List',
            content: (
              <CooperativeList
                onEdit={edit}
                onAdd={() => {
                  setEditing(null);
                  showTab('form');
                }}
              />
            ),
          },
          {
            id: 'form',
            label: 'Cooperative Form',
            content: (
              <CooperativeForm
                editing={editing}
                onDone={() => {
                  setEditing(null);
                  showTab('list');
                }}
              />
            ),
          },
        ]}
      />
    </ContentLayout>
  );
}
