import type { FormValues } from '../../api/entities';
import { ACTIVE_STATUS, ACTIVE_STATUS_LABELS } from '@coopledger/shared/statuses';

export interface Choice {
  value: string;
  label: string;
  /** Shown but not offered (an inactive category a record may still be in). */
  disabled?: boolean;
}

export type FieldKind = 'text' | 'number' | 'date' | 'textarea' | 'select' | 'status' | 'password' | 'email';

/** One field of a setup form; the scaffold renders it with the matching Cloudscape control. */
export interface FieldDef {
  name: string;
  label: string;
  kind?: FieldKind;
  options?: readonly Choice[];
  /** Options still loading (a select filled from the API). */
  loading?: boolean;
  readOnly?: boolean;
  /** Marked as required (an asterisk, and aria-required on the control) before the form is sent. */
  required?: boolean;
  /** Shown only when creating (passwords) or only when editing. */
  only?: 'create' | 'edit';
  placeholder?: string;
  description?: string;
  /** Under the control: the bound or rule the value follows. */
  constraintText?: string;
  /** The value of a new record. */
  initial?: string;
  /** Other fields a choice fills in (a charge fills its amount). */
  derive?: (value: string) => Partial<FormValues>;
}

/** Active, Inactive: the choices of an active status (the value is its number as text). */
export const STATUS_CHOICES: readonly Choice[] = [ACTIVE_STATUS.ACTIVE, ACTIVE_STATUS.INACTIVE].map((status) => ({
  value: String(status),
  label: ACTIVE_STATUS_LABELS[status],
}));

export const choicesOf = <T>(
  items: readonly T[],
  value: (item: T) => string | number,
  label: (item: T) => string,
): Choice[] => items.map((item) => ({ value: String(value(item)), label: label(item) }));

function fieldOf(record: object, name: string): unknown {
  return (record as Record<string, unknown>)[name];
}

/** Form values of a record (or of a new one): every field as the text its control shows. */
export function valuesFrom(fields: readonly FieldDef[], record: object | null): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    const value = record ? fieldOf(record, field.name) : undefined;
    const fallback = field.initial ?? (field.kind === 'status' ? String(ACTIVE_STATUS.ACTIVE) : '');
    values[field.name] =
      (typeof value === 'string' || typeof value === 'number') && field.kind !== 'password' ? String(value) : fallback;
  }
  return values;
}
