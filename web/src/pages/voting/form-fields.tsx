import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { Controller } from 'react-hook-form';
import FormField from '@cloudscape-design/components/form-field';
import Select from '@cloudscape-design/components/select';
import Textarea from '@cloudscape-design/components/textarea';
import { STATUS_CHOICES } from '../../components/crud/field-defs';

interface FieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  description?: string;
}

/** Active (1) or Inactive (0), as the election, position and contestant forms choose it. */
export function StatusField<T extends FieldValues>({ control, name, label, description }: FieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormField label={label} description={description} errorText={fieldState.error?.message}>
          <Select
            ariaLabel={label}
            selectedOption={STATUS_CHOICES.find((choice) => choice.value === field.value) ?? null}
            options={STATUS_CHOICES}
            placeholder="Select status"
            invalid={fieldState.invalid}
            onChange={({ detail }) => field.onChange(detail.selectedOption.value ?? '')}
            onBlur={field.onBlur}
          />
        </FormField>
      )}
    />
  );
}

export function TextareaField<T extends FieldValues>({ control, name, label, description, rows = 3 }: FieldProps<T> & { rows?: number }) {
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
