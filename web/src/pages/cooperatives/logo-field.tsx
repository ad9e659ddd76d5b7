import type { Control } from 'react-hook-form';
import { Controller } from 'react-hook-form';
import FileUpload from '@cloudscape-design/components/file-upload';
import FormField from '@cloudscape-design/components/form-field';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { LOGO_TYPES } from '@coopledger/shared/schemas/cooperative';
import type { CooperativeFormInput } from './cooperative-form-schema';
import styles from './cooperatives.module.css';

interface LogoFieldProps {
  control: Control<CooperativeFormInput>;
  /** The logo already saved, shown until another file is chosen. */
  currentLogo: string | null;
  name: string;
}

export function LogoField({ control, currentLogo, name }: LogoFieldProps) {
  return (
    <Controller
      control={control}
      name="logo"
      render={({ field, fieldState }) => (
        <FormField
          label={
            <span>
              Logo <i>- optional</i>
            </span>
          }
          errorText={fieldState.error?.message}
          constraintText="JPEG, PNG, GIF or WebP, at most 2 MB"
        >
          <SpaceBetween size="xs">
            {currentLogo && !field.value && (
              <img className={styles.preview} src={currentLogo} alt={`Current logo of ${name || 'the cooperative'}`} />
            )}
            <FileUpload
              value={field.value ? [field.value] : []}
              onChange={({ detail }) => field.onChange(detail.value[0] ?? null)}
              accept={LOGO_TYPES.join(',')}
              showFileThumbnail
              showFileSize
              i18nStrings={{
                uploadButtonText: () => 'Choose logo',
                dropzoneText: () => 'Drop the logo here',
                removeFileAriaLabel: () => 'Remove the logo',
                limitShowFewer: 'Show fewer',
                limitShowMore: 'Show more',
                errorIconAriaLabel: 'Error',
              }}
            />
          </SpaceBetween>
        </FormField>
      )}
    />
  );
}
