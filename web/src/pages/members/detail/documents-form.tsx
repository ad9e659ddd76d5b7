import { useState } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FileUpload from '@cloudscape-design/components/file-upload';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { ApiError, errorMessage } from '../../../api/api-error';
import type { MemberDetail, MemberDocumentSlot } from '../../../api/members';
import { useUploadMemberDocuments } from '../../../api/members';
import { notificationsStore } from '../../../app/notifications/notifications-store';
import { DOCUMENT_LABELS, acceptOf, documentProblem, isPdfLink } from './profile-mapping';
import styles from './member-detail.module.css';

const SLOTS: readonly MemberDocumentSlot[] = ['avatar', 'signature', 'reg_form'];
const CONSTRAINTS: Record<MemberDocumentSlot, string> = {
  avatar: 'JPEG or PNG (jpeg, jpg, png), at most 2 MB',
  signature: 'JPEG or PNG (jpeg, jpg, png), at most 2 MB',
  reg_form: 'JPEG, PNG or PDF (jpeg, jpg, png, pdf), at most 2 MB',
};

type Chosen = Partial<Record<MemberDocumentSlot, File>>;
type Problems = Partial<Record<MemberDocumentSlot, string>>;

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

/** Avatar, signature and registration form: one file per slot, each checked before it is sent. */
export function DocumentsForm({ member }: { member: MemberDetail }) {
  const upload = useUploadMemberDocuments();
  const [chosen, setChosen] = useState<Chosen>({});
  const [problems, setProblems] = useState<Problems>({});
  const [failure, setFailure] = useState<string | null>(null);

  const choose = (slot: MemberDocumentSlot, file: File | undefined) => {
    setFailure(null);
    setChosen((current) => ({ ...current, [slot]: file }));
    setProblems((current) => ({ ...current, [slot]: file ? (documentProblem(slot, file) ?? undefined) : undefined }));
  };

  const clear = () => {
    setChosen({});
    setProblems({});
    setFailure(null);
  };

  const save = () => {
    const files = Object.fromEntries(Object.entries(chosen).filter(([, file]) => file)) as Chosen;
    if (Object.keys(files).length === 0) {
      setFailure('Please select a file to upload');
      return;
    }
    if (Object.values(problems).some(Boolean)) return;
    upload.mutate(
      { coopId: member.coop_id, files },
      {
        onSuccess: (envelope) => {
          notificationsStore.notify('success', envelope.message);
          clear();
        },
        onError: (error) => {
          if (error instanceof ApiError) setProblems((current) => ({ ...current, ...error.fieldErrors }));
          setFailure(errorMessage(error));
        },
      },
    );
  };

  return (
    <form onSubmit={(event) => event.preventDefault()} noValidate aria-label="Documents">
      <Form
        errorText={failure}
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button formAction="none" variant="link" onClick={clear}>
              Cancel
            </Button>
            <Button variant="primary" loading={upload.isPending} onClick={save}>
              Save
            </Button>
          </SpaceBetween>
        }
      >
        <Container header={<Header variant="h2">Documents</Header>}>
          <ColumnLayout columns={3}>
            {SLOTS.map((slot) => (
              <FormField key={slot} label={DOCUMENT_LABELS[slot]} errorText={problems[slot]} constraintText={CONSTRAINTS[slot]}>
                <SpaceBetween size="xs">
                  <Current slot={slot} url={member.documents[slot]} />
                  <div data-testid={`document-${slot}`}>
                    <FileUpload
                      value={chosen[slot] ? [chosen[slot]] : []}
                      onChange={({ detail }) => choose(slot, detail.value[0])}
                      accept={acceptOf(slot)}
                      showFileSize
                      i18nStrings={{
                        uploadButtonText: () => `Choose ${DOCUMENT_LABELS[slot].toLowerCase()}`,
                        dropzoneText: () => `Drop the ${DOCUMENT_LABELS[slot].toLowerCase()} here`,
                        removeFileAriaLabel: () => `Remove the ${DOCUMENT_LABELS[slot].toLowerCase()}`,
                        limitShowFewer: 'Show fewer',
                        limitShowMore: 'Show more',
                        errorIconAriaLabel: 'Error',
                      }}
                    />
                  </div>
                </SpaceBetween>
              </FormField>
            ))}
          </ColumnLayout>
        </Container>
      </Form>
    </form>
  );
}
