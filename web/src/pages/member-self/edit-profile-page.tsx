import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { EditProfileTabs } from '../members/detail/edit-profile-tabs';
import { OwnMemberGate } from './own-member-gate';

/** The member edits their own profile: Personal Info, Work Info, Next of Kin, Emergency Contact, Documents. */
export function EditProfilePage() {
  return (
    <ContentLayout header={<Header variant="h1">Edit Profile</Header>}>
      <OwnMemberGate>{(member) => <EditProfileTabs member={member} self />}</OwnMemberGate>
    </ContentLayout>
  );
}
