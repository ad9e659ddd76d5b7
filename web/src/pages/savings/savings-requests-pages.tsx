import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { RequestsTable } from './requests-table';

/** /member/savings/requests: the signed-in member's own change requests and their outcome. */
export function MemberSavingsRequestsPage() {
  return (
    <ContentLayout header={<Header variant="h1">Savings Requests</Header>}>
      <RequestsTable scope="member" />
    </ContentLayout>
  );
}

/** /savings/change-requests: the cooperative's change requests, approved or denied by staff. */
export function SavingsChangeRequestsPage() {
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description="Members' requests to change a savings contribution. Approving one changes the plan's amount."
        >
          Savings Change Requests
        </Header>
      }
    >
      <RequestsTable scope="cooperative" />
    </ContentLayout>
  );
}
