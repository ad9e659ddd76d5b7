import { useState } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Cards from '@cloudscape-design/components/cards';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { MAX_TEMPLATE_BYTES, TEMPLATE_TYPES } from '@coopledger/shared/schemas/client';
import { z } from 'zod';
import { errorMessage } from '../../api/api-error';
import type { BirthdayTemplate } from '../../api/templates';
import { useDeleteTemplate, useTemplates, useUploadTemplate } from '../../api/templates';
import { notificationsStore } from '../../app/notifications/notifications-store';
import { ConfirmDeleteModal } from '../../components/crud/confirm-delete-modal';
import { FileField, chosenFiles } from '../../components/forms/file-field';
import type { ChosenFiles } from '../../components/forms/file-field';
import { useZodForm } from '../../forms/zod-form';
import { SetupPage } from './setup-page';

function fileProblem(file: File | undefined): string | undefined {
  if (!file) return 'Please select file';
  if (!(TEMPLATE_TYPES as readonly string[]).includes(file.type))
    return 'The template must be an image (JPEG, PNG, GIF or WebP)';
  if (file.size > MAX_TEMPLATE_BYTES) return 'The template must be at most 2 MB';
  return undefined;
}

const templateSchema = z.object({
  image: chosenFiles().superRefine((files, ctx) => {
    const problem = fileProblem(files[0]);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
});

/** /setup/birthday-cards: the images members' birthday cards are printed on. */
export function BirthdayTemplatesPage() {
  const { data: templates = [], isPending } = useTemplates();
  const upload = useUploadTemplate();
  const remove = useDeleteTemplate();
  const [deleting, setDeleting] = useState<BirthdayTemplate | null>(null);
  const { control, handleSubmit, reset } = useZodForm<{ image: ChosenFiles }>(templateSchema, {
    keepValues: true,
    defaultValues: { image: [] },
  });

  const submit = handleSubmit(({ image: [file] }) => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: (envelope) => {
        notificationsStore.notify('success', envelope.message);
        reset();
      },
    });
  });

  return (
    <SetupPage title="Birthday templates" description="The images members' birthday cards are printed on">
      <SpaceBetween size="l">
        <form
          aria-label="Template upload"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
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
              <FileField
                control={control}
                name="image"
                label="Template image"
                constraintText="JPEG, PNG, GIF or WebP, at most 2 MB"
                accept={TEMPLATE_TYPES.join(',')}
                texts={{ choose: 'Choose file', drop: 'Drop the image to upload', remove: 'Remove file' }}
                showFileThumbnail
              />
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
              {
                id: 'image',
                content: (item) => (
                  <img
                    src={item.image_url}
                    alt={item.name}
                    style={{ width: '100%', maxHeight: 180, objectFit: 'contain' }}
                  />
                ),
              },
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
