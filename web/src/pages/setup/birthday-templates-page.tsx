import { useState } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Cards from '@cloudscape-design/components/cards';
import Container from '@cloudscape-design/components/container';
import FileUpload from '@cloudscape-design/components/file-upload';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { MAX_TEMPLATE_BYTES, TEMPLATE_TYPES } from '@coopledger/shared/schemas/client';
import { errorMessage } from '../../api/api-error';
import type { BirthdayTemplate } from '../../api/templates';
import { useDeleteTemplate, useTemplates, useUploadTemplate } from '../../api/templates';
import { notificationsStore } from '../../app/notifications/notifications-store';
import { ConfirmDeleteModal } from '../../components/crud/confirm-delete-modal';
import { SetupPage } from './setup-page';

function fileProblem(file: File | undefined): string | undefined {
  if (!file) return 'Please select file';
  if (!(TEMPLATE_TYPES as readonly string[]).includes(file.type)) return 'The template must be an image (JPEG, PNG, GIF or WebP)';
  if (file.size > MAX_TEMPLATE_BYTES) return 'The template must be at most 2 MB';
  return undefined;
}

/** /setup/birthday-cards: the images members' birthday cards are printed on. */
export function BirthdayTemplatesPage() {
  const { data: templates = [], isPending } = useTemplates();
  const upload = useUploadTemplate();
  const remove = useDeleteTemplate();
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<string>();
  const [deleting, setDeleting] = useState<BirthdayTemplate | null>(null);

  const submit = () => {
    const problemNow = fileProblem(files[0]);
    setProblem(problemNow);
    if (problemNow || !files[0]) return;
    upload.mutate(files[0], {
      onSuccess: (envelope) => {
        notificationsStore.notify('success', envelope.message);
        setFiles([]);
      },
    });
  };

  return (
    <SetupPage title="Birthday templates" description="The images members' birthday cards are printed on">
      <SpaceBetween size="l">
        <form
          aria-label="Template upload"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Form
            errorText={upload.error ? errorMessage(upload.error) : undefined}
            actions={
              <Button variant="primary" formAction="submit" loading={upload.isPending}>
                Upload template
              </Button>
            }
          >
            <Container header={<Header variant="h2">New template</Header>}>
              <FormField label="Template image" errorText={problem} constraintText="JPEG, PNG, GIF or WebP, at most 2 MB">
                <FileUpload
                  value={files}
                  accept={TEMPLATE_TYPES.join(',')}
                  onChange={({ detail }) => {
                    setFiles(detail.value);
                    setProblem(detail.value.length ? fileProblem(detail.value[0]) : undefined);
                  }}
                  i18nStrings={{
                    uploadButtonText: () => 'Choose file',
                    dropzoneText: () => 'Drop the image to upload',
                    removeFileAriaLabel: () => 'Remove file',
                    limitShowFewer: 'Show fewer files',
                    limitShowMore: 'Show more files',
                    errorIconAriaLabel: 'Error',
                  }}
                  showFileSize
                  showFileThumbnail
                />
              </FormField>
            </Container>
          </Form>
        </form>
        <Cards
          ariaLabels={{ itemSelectionLabel: () => '', selectionGroupLabel: 'Templates' }}
          items={templates}
          loading={isPending}
          loadingText="Loading templates"
          trackBy="id"
          header={<Header counter={`(${templates.length})`}>Templates</Header>}
          cardDefinition={{
            header: (item) => item.name,
            sections: [
              { id: 'image', content: (item) => <img src={item.image_url} alt={item.name} style={{ width: '100%', maxHeight: 180, objectFit: 'contain' }} /> },
              {
                id: 'delete',
                content: (item) => (
                  <Button iconName="remove" onClick={() => setDeleting(item)} ariaLabel={`Delete ${item.name}`}>
                    Delete
                  </Button>
                ),
              },
            ],
          }}
          cardsPerRow={[{ cards: 1 }, { minWidth: 500, cards: 3 }, { minWidth: 900, cards: 4 }]}
          empty={
            <Box textAlign="center" color="inherit" padding="m">
              <b>No templates</b>
              <Box variant="p" color="inherit">
                Upload an image to make the first birthday card template.
              </Box>
            </Box>
          }
        />
      </SpaceBetween>
      <ConfirmDeleteModal
        subject={deleting?.name ?? null}
        noun="template"
        pending={remove.isPending}
        onConfirm={() => remove.mutateAsync(deleting?.id ?? '')}
        onClose={() => setDeleting(null)}
      />
    </SetupPage>
  );
}
