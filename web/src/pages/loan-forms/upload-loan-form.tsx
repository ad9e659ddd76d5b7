import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { z } from 'zod';
import { ApiError, errorMessage } from '../../api/api-error';
import { loanFormProblem, useUploadLoanForm } from '../../api/loan-forms';
import { notificationsStore } from '../../app/notifications/notifications-store';
import { FileField, chosenFiles } from '../../components/forms/file-field';
import type { ChosenFiles } from '../../components/forms/file-field';
import { useZodForm } from '../../forms/zod-form';
import { LoanFormsTable } from './loan-forms-table';

interface LoanFormValues {
  file: ChosenFiles;
}

const loanFormSchema = z.object({
  file: chosenFiles().superRefine((files, ctx) => {
    const problem = loanFormProblem(files.at(-1));
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
});

/**
 * Upload Loan Form (spec 000 sections 2 and 5): one PDF, chosen or dropped; none gives 'Please
 * select a file to import'. Below it, the forms already uploaded, each downloadable. Without
 * `memberId` it is the signed-in member's own; staff pass the member (member detail, Loans tab).
 */
export function UploadLoanForm({ memberId }: { memberId?: string }) {
  const upload = useUploadLoanForm();
  const { control, handleSubmit, reset, setError } = useZodForm<LoanFormValues>(loanFormSchema, {
    keepValues: true,
    defaultValues: { file: [] },
  });

  const submit = handleSubmit(({ file: [file] }) => {
    if (!file) return;
    upload.mutate(
      { file, memberId },
      {
        onSuccess: (envelope) => {
          notificationsStore.notify('success', envelope.message);
          reset();
        },
        onError: (error) =>
          setError('file', {
            type: 'server',
            message: error instanceof ApiError ? (error.fieldErrors.file ?? error.message) : errorMessage(error),
          }),
      },
    );
  });

  return (
    <SpaceBetween size="l">
      <form onSubmit={(event) => event.preventDefault()} noValidate aria-label="Upload loan form">
        <Form
          actions={
            <Button variant="primary" iconName="upload" loading={upload.isPending} onClick={() => void submit()}>
              Upload
            </Button>
          }
        >
          <Container
            header={
              <Header variant="h2" description="The completed and signed loan application form, scanned as one PDF">
                Loan form
              </Header>
            }
          >
            <FileField
              control={control}
              name="file"
              label="Loan form (PDF)"
              constraintText="One PDF file, at most 5 MB"
              accept=".pdf,application/pdf"
              texts={{ choose: 'Choose PDF', drop: 'Drop the PDF here', remove: 'Remove the file' }}
              showFileLastModified
              testId="loan-form-file"
            />
          </Container>
        </Form>
      </form>
      <LoanFormsTable memberId={memberId} />
    </SpaceBetween>
  );
}
