import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { MemberPasswordForm } from '../members/detail/member-password-form';
import { OwnMemberGate } from './own-member-gate';

/** The member sets a new password for their own sign-in. */
export function MemberChangePasswordPage() {
  return (
    <ContentLayout header={<Header variant="h1">Change Password</Header>}>
      <OwnMemberGate>{(member) => <MemberPasswordForm coopId={member.coop_id} />}</OwnMemberGate>
    </ContentLayout>
  );
}
