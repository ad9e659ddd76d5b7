import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { Controller } from 'react-hook-form';
import FormField from '@cloudscape-design/components/form-field';
import Select from '@cloudscape-design/components/select';

export interface SelectChoice {
  value: string;
  label: string;
  description?: string;
}

interface SelectFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  description?: string;
  options: readonly SelectChoice[];
  /** 'Select <label>' unless given. */
  placeholder?: string;
  loading?: boolean;
  empty?: string;
  /** After the form has the new value, for fields that fill others from the choice. */
  onChosen?: (value: string) => void;
}

/**
 * A Cloudscape Select of fixed choices bound to react-hook-form (the value is the choice's value), with the field's
 * message under it.
 */
export function SelectField<T extends FieldValues>({
  control,
  name,
  label,
  description,
  options,
  placeholder,
  loading,
  empty,
  onChosen,
}: SelectFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormField label={label} description={description} errorText={fieldState.error?.message}>
          <Select
            ariaLabel={label}
            selectedOption={options.find((option) => option.value === field.value) ?? null}
            options={[...options]}
            placeholder={placeholder ?? `Select ${label.toLowerCase()}`}
            statusType={loading ? 'loading' : 'finished'}
            loadingText="Loading"
            empty={empty ?? 'Nothing to choose'}
            invalid={fieldState.invalid}
            onChange={({ detail }) => {
              const value = detail.selectedOption.value ?? '';
              field.onChange(value);
              onChosen?.(value);
            }}
            onBlur={field.onBlur}
          />
        </FormField>
      )}
    />
  );
}
