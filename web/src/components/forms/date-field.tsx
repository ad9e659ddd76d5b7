import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { Controller } from 'react-hook-form';
import type { DatePickerProps } from '@cloudscape-design/components/date-picker';
import DatePicker from '@cloudscape-design/components/date-picker';
import { calendarLabel } from './calendar-label';
import FormField from '@cloudscape-design/components/form-field';

interface DateFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  description?: string;
  constraintText?: string;
  /** Shown but not changed: the value is not the user's to choose. */
  readOnly?: boolean;
  /** The days the calendar offers (typing another is left to the form's rules). */
  isDateEnabled?: DatePickerProps['isDateEnabled'];
}

/** A Cloudscape DatePicker (YYYY-MM-DD) bound to react-hook-form, with the field's message under it. */
export function DateField<T extends FieldValues>({
  control,
  name,
  label,
  description,
  constraintText,
  readOnly,
  isDateEnabled,
}: DateFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormField
          label={label}
          description={description}
          constraintText={constraintText}
          errorText={fieldState.error?.message}
        >
          <DatePicker
            ref={field.ref}
            ariaLabel={label}
            placeholder="YYYY/MM/DD"
            value={typeof field.value === 'string' ? field.value : ''}
            readOnly={readOnly}
            isDateEnabled={isDateEnabled}
            openCalendarAriaLabel={calendarLabel(label)}
            onChange={({ detail }) => field.onChange(detail.value)}
            onBlur={field.onBlur}
          />
        </FormField>
      )}
    />
  );
}
