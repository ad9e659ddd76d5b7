import { z } from 'zod';
import { email, password, requiredText } from './common.ts';
import { flag, idRef } from './fields.ts';

/** System users (spec 001 section 5, platform user). The password is required only when creating. */
const base = {
  coop_id: requiredText('Please enter a COOP ID', 40).pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9._-]{3,40}$/, 'The COOP ID may only contain letters, digits, dots, dashes and underscores'),
  ),
  firstname: requiredText('First name is required', 80),
  lastname: requiredText('Last name is required', 80),
  email: email(),
  role_id: idRef('Please elect the user role'),
  status: flag('Select status').optional(),
};

export const systemUserSchema = z
  .object({ ...base, password: password(), confirm_password: z.string('Passwords must match') })
  .refine((v) => v.password === v.confirm_password, { message: 'Passwords must match', path: ['confirm_password'] });
export type SystemUserInput = z.infer<typeof systemUserSchema>;

const optionalPassword = z
  .union([
    z.literal(''),
    z.null(),
    z.string().min(6, 'Password must be at least 6 characters').max(20, 'Password must be at most 20 characters'),
  ])
  .optional()
  .transform((v) => (v ? v : undefined));

export const systemUserUpdateSchema = z
  .object({ ...base, password: optionalPassword, confirm_password: z.string().nullish() })
  .refine((v) => v.password === undefined || v.password === v.confirm_password, {
    message: 'Passwords must match',
    path: ['confirm_password'],
  });
export type SystemUserUpdateInput = z.infer<typeof systemUserUpdateSchema>;
