import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { LoanFormsTable } from './loan-forms-table';
import { UploadLoanForm } from './upload-loan-form';

/** /member/loans/upload: a member uploads their loan application form as one PDF. */
export function UploadLoanFormPage() {
  return (
    <ContentLayout
      header={
        <Header variant="h1" description="Upload your completed loan application form as one PDF file">
          Upload Loan Form
        </Header>
      }
    >
      <UploadLoanForm />
    </ContentLayout>
  );
}

/** /loans/application-forms: the cooperative's uploaded loan forms (id, member, file name), each downloadable. */
export function LoanFormArchivePage() {
  return (
    <ContentLayout header={<Header variant="h1">Uploaded Loan Applications</Header>}>
      <LoanFormsTable archive />
    </ContentLayout>
  );
}
