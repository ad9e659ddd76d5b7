import { useState } from 'react';
import HelpPanel from '@cloudscape-design/components/help-panel';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Tabs from '@cloudscape-design/components/tabs';
import { useRequiredSession } from '../../session/use-session';
import { ActivityList } from './activity-list';
import { SendRegistrationEmail } from './send-registration-email';
import { SettingsForm } from './settings-form';

/** The settings drawer, tabs Settings and Activity (spec, "Header, sidebar and shell"). */
export function SettingsPanel({ open }: { open: boolean }) {
  const { role, activeCooperativeId } = useRequiredSession();
  const [tab, setTab] = useState('settings');
  return (
    <HelpPanel header={<h2>Settings</h2>}>
      <Tabs
        activeTabId={tab}
        onChange={({ detail }) => setTab(detail.activeTabId)}
        ariaLabel="Settings drawer"
        tabs={[
          {
            id: 'settings',
            label: 'Settings',
            content: (
              <SpaceBetween size="l">
                <SettingsForm />
                {role === 'cooperative-admin' && activeCooperativeId && (
                  <SendRegistrationEmail cooperativeId={activeCooperativeId} />
                )}
              </SpaceBetween>
            ),
          },
          { id: 'activity', label: 'Activity', content: <ActivityList active={open && tab === 'activity'} /> },
        ]}
      />
    </HelpPanel>
  );
}
