import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { Controller } from 'react-hook-form';
import FormField from '@cloudscape-design/components/form-field';
import Textarea from '@cloudscape-design/components/textarea';

interface TextareaFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  description?: string;
  rows?: number;
}

/** A Cloudscape Textarea bound to react-hook-form, with the field's message under it. */
export function TextareaField<T extends FieldValues>({
  control,
  name,
  label,
  description,
  rows = 3,
}: TextareaFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormField label={label} description={description} errorText={fieldState.error?.message}>
          <Textarea
            ref={field.ref}
            ariaLabel={label}
            value={typeof field.value === 'string' ? field.value : ''}
            rows={rows}
            invalid={fieldState.invalid}
            onChange={({ detail }) => field.onChange(detail.value)}
            onBlur={field.onBlur}
          />
        </FormField>
      )}
    />
  );
}
