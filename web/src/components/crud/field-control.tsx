import type { Control, UseFormSetValue } from 'react-hook-form';
import { Controller } from 'react-hook-form';
import DatePicker from '@cloudscape-design/components/date-picker';
import { calendarLabel } from '../forms/calendar-label';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import Textarea from '@cloudscape-design/components/textarea';
import type { FormValues } from '../../api/entities';
import type { FieldDef } from './field-defs';
import styles from './field-control.module.css';
import { STATUS_CHOICES } from './field-defs';

interface FieldControlProps {
  field: FieldDef;
  control: Control<FormValues>;
  setValue: UseFormSetValue<FormValues>;
}

/** One field of the scaffold's form: the control its kind calls for, with its message under it. */
export function FieldControl({ field: def, control, setValue }: FieldControlProps) {
  return (
    <Controller
      control={control}
      name={def.name}
      render={({ field, fieldState }) => {
        const common = { onBlur: field.onBlur, disabled: def.readOnly, ariaRequired: def.required };
        let input;
        if (def.kind === 'select' || def.kind === 'status') {
          const options = def.kind === 'status' ? STATUS_CHOICES : (def.options ?? []);
          input = (
            <Select
              {...common}
              ref={field.ref}
              selectedOption={options.find((option) => option.value === field.value) ?? null}
              options={[...options]}
              placeholder={def.placeholder ?? `Choose ${def.label.toLowerCase()}`}
              statusType={def.loading ? 'loading' : 'finished'}
              loadingText="Loading"
              empty="Nothing to choose"
              filteringType={options.length > 8 ? 'auto' : 'none'}
              onChange={({ detail }) => {
                const value = detail.selectedOption.value ?? '';
                field.onChange(value);
                for (const [name, derived] of Object.entries(def.derive?.(value) ?? {})) {
                  setValue(name, derived ?? '', { shouldValidate: true });
                }
              }}
            />
          );
        } else if (def.kind === 'date') {
          input = (
            <DatePicker
              {...common}
              ref={field.ref}
              value={field.value ?? ''}
              placeholder="YYYY/MM/DD"
              openCalendarAriaLabel={calendarLabel(def.label)}
              onChange={({ detail }) => field.onChange(detail.value)}
            />
          );
        } else if (def.kind === 'textarea') {
          input = (
            <Textarea
              {...common}
              ref={field.ref}
              value={field.value ?? ''}
              onChange={({ detail }) => field.onChange(detail.value)}
            />
          );
        } else {
          input = (
            <Input
              ref={field.ref}
              name={field.name}
              type={
                def.kind === 'number'
                  ? 'number'
                  : def.kind === 'password'
                    ? 'password'
                    : def.kind === 'email'
                      ? 'email'
                      : 'text'
              }
              value={field.value ?? ''}
              readOnly={def.readOnly}
              ariaRequired={def.required}
              placeholder={def.placeholder}
              autoComplete={def.kind === 'password' ? 'new-password' : 'off'}
              onBlur={field.onBlur}
              onChange={({ detail }) => field.onChange(detail.value)}
            />
          );
        }
        return (
          <FormField
            label={def.required ? <span className={styles.required}>{def.label}</span> : def.label}
            description={def.description}
            constraintText={def.constraintText}
            errorText={fieldState.error?.message}
          >
            {input}
          </FormField>
        );
      }}
    />
  );
}
