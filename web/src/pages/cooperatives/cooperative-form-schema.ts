import { z } from 'zod';
import { toNaira } from '@coopledger/shared/money';
import { hexColor } from '@coopledger/shared/schemas/common';
import {
  cooperativeSchema,
  LOGO_TYPE_MESSAGE,
  LOGO_TYPES,
  MAX_LOGO_BYTES,
} from '@coopledger/shared/schemas/cooperative';
import { ACTIVE_STATUS } from '@coopledger/shared/statuses';

/**
 * The server's cooperative schema (same messages on both sides), reshaped for the form: the colours
 * as two fields with pickers instead of JSON text, the status as a choice, and the logo as a File.
 * The opening date and the largest single amount are the server's fields as they are (blank keeps
 * the current value; a new cooperative opens on the day it is created, with the platform maximum).
 * The financial year's start month is a choice of the twelve months (January by default).
 */
export const cooperativeFormSchema = cooperativeSchema.omit({ colors: true, status: true }).extend({
  primary_color: hexColor,
  secondary_color: hexColor,
  status: z.enum([`${ACTIVE_STATUS.ACTIVE}`, `${ACTIVE_STATUS.INACTIVE}`]),
  logo: z
    .instanceof(File)
    .nullable()
    .refine((file) => !file || (LOGO_TYPES as readonly string[]).includes(file.type), LOGO_TYPE_MESSAGE)
    .refine((file) => !file || file.size <= MAX_LOGO_BYTES, 'The logo must be at most 2 MB'),
});

export type CooperativeFormInput = z.input<typeof cooperativeFormSchema>;
export type CooperativeFormOutput = z.output<typeof cooperativeFormSchema>;

export const COOPERATIVE_FORM_FIELDS = [
  'name',
  'code',
  'email',
  'phone',
  'address',
  'website',
  'primary_color',
  'secondary_color',
  'status',
  'opening_date',
  'max_amount',
  'exit_charge',
  'year_start_month',
  'logo',
] as const;

/** The multipart body of POST /cooperative and /cooperative/update. */
export function toCooperativeFormData(values: CooperativeFormOutput): FormData {
  const body = new FormData();
  body.set('name', values.name);
  body.set('code', values.code);
  body.set('email', values.email);
  body.set('phone', values.phone);
  body.set('address', values.address);
  body.set('website', values.website ?? '');
  body.set('colors', JSON.stringify({ primary_color: values.primary_color, secondary_color: values.secondary_color }));
  body.set('status', values.status);
  body.set('opening_date', values.opening_date ?? '');
  body.set('max_amount', values.max_amount === undefined ? '' : String(toNaira(values.max_amount)));
  body.set('exit_charge', values.exit_charge === undefined ? '' : String(toNaira(values.exit_charge)));
  body.set('year_start_month', values.year_start_month === undefined ? '' : String(values.year_start_month));
  if (values.logo) body.set('logo', values.logo);
  return body;
}
