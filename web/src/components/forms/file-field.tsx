import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { Controller } from 'react-hook-form';
import FileUpload from '@cloudscape-design/components/file-upload';
import FormField from '@cloudscape-design/components/form-field';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ReactNode } from 'react';
import { z } from 'zod';

/** A file field's value: the chosen file, or none (Cloudscape's FileUpload holds a list). */
export type ChosenFiles = File[];

/** The schema of a file field: the list as chosen, checked by the caller's rules. */
export const chosenFiles = () => z.array(z.instanceof(File));

interface FileFieldProps<T extends FieldValues> {
  control: Control<T>;
  /** The form's field holding the chosen file (a list of at most one). */
  name: FieldPath<T>;
  label: string;
  constraintText?: string;
  accept: string;
  /** The words of the upload button, the drop zone and the remove button. */
  texts: { choose: string; drop: string; remove: string };
  showFileLastModified?: boolean;
  showFileThumbnail?: boolean;
  /** Above the upload button (the file already stored). */
  current?: ReactNode;
  /** Called after the form has the new choice (to clear a refusal about the last one). */
  onChosen?: () => void;
  testId?: string;
}

/**
 * One file, chosen or dropped, bound to react-hook-form with the field's message under it. Choosing
 * a file completes the field, so it is checked at once (the form's "on blur"); only the last file
 * dropped is kept.
 */
export function FileField<T extends FieldValues>({
  control,
  name,
  label,
  constraintText,
  accept,
  texts,
  showFileLastModified,
  showFileThumbnail,
  current,
  onChosen,
  testId,
}: FileFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const upload = (
          <FileUpload
            value={Array.isArray(field.value) ? (field.value as File[]) : []}
            accept={accept}
            onChange={({ detail }) => {
              field.onChange(detail.value.slice(-1));
              field.onBlur();
              onChosen?.();
            }}
            showFileSize
            showFileLastModified={showFileLastModified}
            showFileThumbnail={showFileThumbnail}
            i18nStrings={{
              uploadButtonText: () => texts.choose,
              dropzoneText: () => texts.drop,
              removeFileAriaLabel: () => texts.remove,
              limitShowFewer: 'Show fewer',
              limitShowMore: 'Show more',
              errorIconAriaLabel: 'Error',
            }}
          />
        );
        return (
          <FormField label={label} constraintText={constraintText} errorText={fieldState.error?.message}>
            {current === undefined ? (
              <div data-testid={testId}>{upload}</div>
            ) : (
              <SpaceBetween size="xs">
                {current}
                <div data-testid={testId}>{upload}</div>
              </SpaceBetween>
            )}
          </FormField>
        );
      }}
    />
  );
}
