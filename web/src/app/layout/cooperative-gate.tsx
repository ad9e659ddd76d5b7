import type { ReactNode } from 'react';
import { useState } from 'react';
import { useLocation } from 'react-router';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useCooperativeList } from '../../api/cooperatives';
import { useSwitchCooperative } from '../menus/use-switch-context';
import { useRequiredSession } from '../../session/use-session';

const CHOICES_PAGE_SIZE = 100;

/**
 * Chosen on the page by a super-admin who opened a cooperative's page (a report) from the platform
 * home: the page stays where it is, in the same menu, now scoped to the chosen cooperative.
 */
function ChooseCooperative({ title }: { title: string }) {
  const session = useRequiredSession();
  const { pathname } = useLocation();
  const list = useCooperativeList({ page: 1, perPage: CHOICES_PAGE_SIZE });
  const switchCooperative = useSwitchCooperative();
  const [chosen, setChosen] = useState<string | null>(null);
  const cooperatives = list.data?.data ?? [];
  const options = cooperatives.map((coop) => ({ value: coop.id, label: coop.name, description: coop.code }));
  const view = () => {
    const cooperative = cooperatives.find((coop) => coop.id === chosen);
    if (cooperative) switchCooperative(cooperative, pathname, session.role);
  };
  return (
    <Container header={<Header variant="h1">{title}</Header>}>
      <SpaceBetween size="m">
        <Alert type="info">This report belongs to one cooperative. Choose the cooperative to report on.</Alert>
        <FormField label="Cooperative" errorText={list.isError ? 'The cooperatives could not be loaded.' : undefined}>
          <Select
            selectedOption={options.find((option) => option.value === chosen) ?? null}
            onChange={({ detail }) => setChosen(detail.selectedOption.value ?? null)}
            options={options}
            placeholder="Choose a cooperative"
            statusType={list.isPending ? 'loading' : 'finished'}
            loadingText="Loading cooperatives"
            filteringType="auto"
            ariaLabel="Cooperative"
          />
        </FormField>
        <Button variant="primary" disabled={chosen === null} onClick={view}>
          View report
        </Button>
      </SpaceBetween>
    </Container>
  );
}

/**
 * A cooperative's page for a super-admin who has not chosen one: a choice on the page instead of
 * the page itself, so no request is sent until there is a cooperative to send it for.
 */
export function CooperativeGate({ title, children }: { title: string; children: ReactNode }) {
  const session = useRequiredSession();
  if (session.user.role_name === 'super-admin' && session.activeCooperativeId === null) {
    return <ChooseCooperative title={title} />;
  }
  return <>{children}</>;
}
