import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { ActiveIndicator } from '../../components/crud/columns';
import { ROLE_DISPLAY_NAMES, isRole } from '@coopledger/shared/roles';
import { useOwnUser } from '../../api/auth';
import { formatDateTime } from '../../format/dates';
import { useRequiredSession } from '../../session/use-session';
import { ChangePasswordForm } from './change-password-form';
import { NotificationPreferencesForm } from './notification-preferences';

/** /profile for staff: their own details and a password change. */
export function ProfilePage() {
  const session = useRequiredSession();
  const { data } = useOwnUser(session.user.coop_id);
  const user = data ?? session.user;
  return (
    <ContentLayout header={<Header variant="h1">Profile</Header>}>
      <SpaceBetween size="l">
        <Container header={<Header variant="h2">Your details</Header>}>
          <KeyValuePairs
            columns={3}
            items={[
              { label: 'Name', value: `${user.firstname} ${user.lastname}` },
              { label: 'Login ID', value: user.coop_id },
              { label: 'Email', value: user.email },
              { label: 'Role', value: isRole(user.role_name) ? ROLE_DISPLAY_NAMES[user.role_name] : user.role_name },
              {
                label: 'Status',
                value: <ActiveIndicator status={user.status} />,
              },
              { label: 'Member since', value: formatDateTime(user.created_at) },
            ]}
          />
        </Container>
        <NotificationPreferencesForm />
        <ChangePasswordForm />
      </SpaceBetween>
    </ContentLayout>
  );
}
