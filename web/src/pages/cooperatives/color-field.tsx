import type { Control } from 'react-hook-form';
import { Controller } from 'react-hook-form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import type { CooperativeFormInput } from './cooperative-form-schema';
import styles from './cooperatives.module.css';

interface ColorFieldProps {
  control: Control<CooperativeFormInput>;
  name: 'primary_color' | 'secondary_color';
  label: string;
}

/** A hex value with the browser's colour picker beside it; both edit the same field. */
export function ColorField({ control, name, label }: ColorFieldProps) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormField label={label} errorText={fieldState.error?.message} constraintText="A hex value like #4276A4">
          <div className={styles.colorRow}>
            <input
              type="color"
              className={styles.colorPicker}
              aria-label={`${label} picker`}
              value={/^#[0-9a-fA-F]{6}$/.test(field.value) ? field.value : '#000000'}
              onChange={(event) => field.onChange(event.target.value.toUpperCase())}
              onBlur={field.onBlur}
            />
            <Input
              ref={field.ref}
              value={field.value}
              onChange={({ detail }) => field.onChange(detail.value)}
              onBlur={field.onBlur}
              ariaLabel={label}
            />
          </div>
        </FormField>
      )}
    />
  );
}
