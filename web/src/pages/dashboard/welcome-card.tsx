import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import { useCooperative } from '../../api/cooperatives';
import { CONTEXT_DISPLAY_NAMES } from '../../session/role-context';
import type { Session } from '../../session/types';

/** Greeting for everyone working inside a cooperative. */
export function WelcomeCard({ session }: { session: Session }) {
  const { data: cooperative, isLoading } = useCooperative(session.activeCooperativeId);
  const { user } = session;

  return (
    <ContentLayout header={<Header variant="h1">Welcome, {user.firstname}</Header>}>
      <Container header={<Header variant="h2">Your account</Header>}>
        <KeyValuePairs
          columns={3}
          items={[
            { label: 'Name', value: `${user.firstname} ${user.lastname}` },
            { label: 'Role', value: CONTEXT_DISPLAY_NAMES[session.role] },
            { label: 'Cooperative', value: cooperative?.name ?? (isLoading ? 'Loading…' : '-') },
          ]}
        />
      </Container>
    </ContentLayout>
  );
}
