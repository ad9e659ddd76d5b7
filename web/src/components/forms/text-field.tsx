import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { Controller } from 'react-hook-form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import type { InputProps } from '@cloudscape-design/components/input';

interface TextFieldProps<T extends FieldValues, TOut = T> {
  /** The form's control; its submitted values may be the schema's output (`useZodForm(schema)`). */
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  label: string;
  description?: string;
  type?: InputProps['type'];
  autoComplete?: string;
  disabled?: boolean;
  placeholder?: string;
  constraintText?: string;
  /** The input's accessible name when it differs from the label (a search box). */
  ariaLabel?: string;
}

/** A Cloudscape Input bound to react-hook-form, with the field's message under it. */
export function TextField<T extends FieldValues, TOut = T>({
  control,
  name,
  label,
  description,
  type,
  autoComplete,
  disabled,
  placeholder,
  constraintText,
  ariaLabel,
}: TextFieldProps<T, TOut>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormField
          label={label}
          description={description}
          errorText={fieldState.error?.message}
          constraintText={constraintText}
        >
          <Input
            ref={field.ref}
            name={field.name}
            type={type}
            value={typeof field.value === 'string' ? field.value : ''}
            onChange={({ detail }) => field.onChange(detail.value)}
            onBlur={field.onBlur}
            autoComplete={autoComplete}
            disabled={disabled}
            placeholder={placeholder}
            ariaLabel={ariaLabel}
          />
        </FormField>
      )}
    />
  );
}
