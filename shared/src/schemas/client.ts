import { z } from 'zod';
import { email, optionalText, requiredText } from './common.ts';

/** The platform's own profile (Client Setup): the organisation running CoopLedger. */
export const clientProfileSchema = z.object({
  name: requiredText('Please enter the name', 150),
  email: email(),
  phone: requiredText('Please enter a phone number', 20).pipe(
    z.string().regex(/^\+?[0-9 ()-]{7,20}$/, 'Please enter a valid phone number'),
  ),
  address: requiredText('Please enter a location', 255),
  website: optionalText(255).pipe(z.string().url('Please enter a valid website address').optional()),
});
export type ClientProfileInput = z.infer<typeof clientProfileSchema>;

/** Birthday templates: images only, at most 2 MB. */
export const TEMPLATE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export const MAX_TEMPLATE_BYTES = 2 * 1024 * 1024;
