import { useState } from 'react';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FileUpload from '@cloudscape-design/components/file-upload';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { ApiError, errorMessage } from '../../api/api-error';
import { NO_FILE_MESSAGE, loanFormProblem, useUploadLoanForm } from '../../api/loan-forms';
import { notificationsStore } from '../../app/notifications/notifications-store';
import { LoanFormsTable } from './loan-forms-table';

/**
 * Upload Loan Form (spec 000 sections 2 and 5): one PDF, chosen or dropped; none gives 'Please
 * select a file to import'. Below it, the forms already uploaded, each downloadable. Without
 * `memberId` it is the signed-in member's own; staff pass the member (member detail, Loans tab).
 */
export function UploadLoanForm({ memberId }: { memberId?: string }) {
  const upload = useUploadLoanForm();
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);

  const choose = (chosen: File[]) => {
    const file = chosen.at(-1);
    setFiles(file ? [file] : []);
    setProblem(file ? loanFormProblem(file) : null);
  };

  const submit = () => {
    const [file] = files;
    const found = file ? loanFormProblem(file) : NO_FILE_MESSAGE;
    if (found || !file) {
      setProblem(found ?? NO_FILE_MESSAGE);
      return;
    }
    upload.mutate(
      { file, memberId },
      {
        onSuccess: (envelope) => {
          notificationsStore.notify('success', envelope.message);
          setFiles([]);
          setProblem(null);
        },
        onError: (error) => setProblem(error instanceof ApiError ? (error.fieldErrors.file ?? error.message) : errorMessage(error)),
      },
    );
  };

  return (
    <SpaceBetween size="l">
      <form onSubmit={(event) => event.preventDefault()} noValidate aria-label="Upload loan form">
        <Form
          actions={
            <Button variant="primary" iconName="upload" loading={upload.isPending} onClick={submit}>
              Upload
            </Button>
          }
        >
          <Container header={<Header variant="h2" description="The completed and signed loan application form, scanned as one PDF">Loan form</Header>}>
            <FormField label="Loan form (PDF)" constraintText="One PDF file, at most 5 MB" errorText={problem}>
              <div data-testid="loan-form-file">
                <FileUpload
                  value={files}
                  onChange={({ detail }) => choose(detail.value)}
                  accept=".pdf,application/pdf"
                  showFileSize
                  showFileLastModified
                  i18nStrings={{
                    uploadButtonText: () => 'Choose PDF',
                    dropzoneText: () => 'Drop the PDF here',
                    removeFileAriaLabel: () => 'Remove the file',
                    limitShowFewer: 'Show fewer',
                    limitShowMore: 'Show more',
                    errorIconAriaLabel: 'Error',
                  }}
                />
              </div>
            </FormField>
          </Container>
        </Form>
      </form>
      <LoanFormsTable memberId={memberId} />
    </SpaceBetween>
  );
}
