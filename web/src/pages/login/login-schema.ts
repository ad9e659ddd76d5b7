import { z } from 'zod';
import { loginSchema as loginRequestSchema } from '@coopledger/shared/schemas/auth';

/** The server's sign-in schema (same messages on both sides) plus the form-only Remember me. */
export const loginSchema = loginRequestSchema.extend({ remember: z.boolean() });

export type LoginValues = z.infer<typeof loginSchema>;
