import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { z } from 'zod';
import { ApiError, errorMessage } from '../../../api/api-error';
import type { MemberDetail, MemberDocumentSlot } from '../../../api/members';
import { useUploadMemberDocuments } from '../../../api/members';
import { notificationsStore } from '../../../app/notifications/notifications-store';
import { applyFieldErrors } from '../../../components/forms/apply-field-errors';
import { FileField, chosenFiles } from '../../../components/forms/file-field';
import type { ChosenFiles } from '../../../components/forms/file-field';
import { useZodForm } from '../../../forms/zod-form';
import { DOCUMENT_LABELS, acceptOf, documentProblem, isPdfLink } from './profile-mapping';
import styles from './member-detail.module.css';

const SLOTS: readonly MemberDocumentSlot[] = ['avatar', 'signature', 'reg_form'];
const CONSTRAINTS: Record<MemberDocumentSlot, string> = {
  avatar: 'JPEG or PNG (jpeg, jpg, png), at most 2 MB',
  signature: 'JPEG or PNG (jpeg, jpg, png), at most 2 MB',
  reg_form: 'JPEG, PNG or PDF (jpeg, jpg, png, pdf), at most 2 MB',
};
const NOTHING_CHOSEN = 'Please select a file to upload';

type DocumentsValues = Record<MemberDocumentSlot, ChosenFiles>;
const EMPTY: DocumentsValues = { avatar: [], signature: [], reg_form: [] };

/** Each slot is optional; a file chosen is checked with the server's own messages. */
const slotFiles = (slot: MemberDocumentSlot) =>
  chosenFiles().superRefine((files, ctx) => {
    const problem = files[0] ? documentProblem(slot, files[0]) : null;
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
const documentsSchema = z.object({
  avatar: slotFiles('avatar'),
  signature: slotFiles('signature'),
  reg_form: slotFiles('reg_form'),
});

function Current({ slot, url }: { slot: MemberDocumentSlot; url: string | null }) {
  if (!url) return <Box color="text-body-secondary">No {DOCUMENT_LABELS[slot].toLowerCase()} uploaded yet</Box>;
  if (isPdfLink(url)) {
    return (
      <Link href={url} external>
        Open the current {DOCUMENT_LABELS[slot].toLowerCase()}
      </Link>
    );
  }
  return <img className={styles.preview} src={url} alt={`Current ${DOCUMENT_LABELS[slot].toLowerCase()}`} />;
}

/** Avatar, signature and registration form: one file per slot, each checked when it is chosen. */
export function DocumentsForm({ member }: { member: MemberDetail }) {
  const upload = useUploadMemberDocuments();
  const { control, handleSubmit, reset, setError, clearErrors, formState } = useZodForm<DocumentsValues>(
    documentsSchema,
    { keepValues: true, defaultValues: EMPTY },
  );

  const save = handleSubmit((values) => {
    const files = Object.fromEntries(
      SLOTS.flatMap((slot) => (values[slot][0] ? [[slot, values[slot][0]]] : [])),
    ) as Partial<Record<MemberDocumentSlot, File>>;
    if (Object.keys(files).length === 0) {
      setError('root', { type: 'missing', message: NOTHING_CHOSEN });
      return;
    }
    upload.mutate(
      { coopId: member.coop_id, files },
      {
        onSuccess: (envelope) => {
          notificationsStore.notify('success', envelope.message);
          reset(EMPTY);
        },
        onError: (error) => {
          if (error instanceof ApiError) applyFieldErrors(error, setError, SLOTS);
          setError('root', { type: 'server', message: errorMessage(error) });
        },
      },
    );
  });

  return (
    <form onSubmit={(event) => event.preventDefault()} noValidate aria-label="Documents">
      <Form
        errorText={formState.errors.root?.message}
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button formAction="none" variant="link" onClick={() => reset(EMPTY)}>
              Cancel
            </Button>
            <Button variant="primary" loading={upload.isPending} onClick={() => void save()}>
              Save
            </Button>
          </SpaceBetween>
        }
      >
        <Container header={<Header variant="h2">Documents</Header>}>
          <ColumnLayout columns={3}>
            {SLOTS.map((slot) => {
              const noun = DOCUMENT_LABELS[slot].toLowerCase();
              return (
                <FileField
                  key={slot}
                  control={control}
                  name={slot}
                  label={DOCUMENT_LABELS[slot]}
                  constraintText={CONSTRAINTS[slot]}
                  accept={acceptOf(slot)}
                  texts={{ choose: `Choose ${noun}`, drop: `Drop the ${noun} here`, remove: `Remove the ${noun}` }}
                  current={<Current slot={slot} url={member.documents[slot]} />}
                  onChosen={() => clearErrors('root')}
                  testId={`document-${slot}`}
                />
              );
            })}
          </ColumnLayout>
        </Container>
      </Form>
    </form>
  );
}
