import { Link } from 'react-router';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { MemberInfo, MemberSideCard, WithSideCard } from '../members/detail/member-summary';
import { NotificationPreferencesForm } from '../profile/notification-preferences';
import { OwnMemberGate } from './own-member-gate';

/** The member's own profile: side summary, activity, Work Info and Next of Kin (spec: View profile). */
export function MyProfilePage() {
  return (
    <ContentLayout header={<Header variant="h1">My Profile</Header>}>
      <OwnMemberGate>
        {(member) => (
          <WithSideCard
            side={
              <MemberSideCard
                member={member}
                actions={
                  <SpaceBetween direction="horizontal" size="m">
                    <Link to="/member/edit-profile">Edit profile</Link>
                    <Link to="/member/change-password">Change password</Link>
                  </SpaceBetween>
                }
              />
            }
          >
            <SpaceBetween size="l">
              <MemberInfo member={member} />
              <NotificationPreferencesForm />
            </SpaceBetween>
          </WithSideCard>
        )}
      </OwnMemberGate>
    </ContentLayout>
  );
}
