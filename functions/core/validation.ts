import type { z } from 'zod';
import { AppError } from './errors.ts';

/**
 * Validates input with a shared zod schema. The first issue's message (the spec's wording) becomes
 * the response message; every failing field is listed so a form can show each message beside its field.
 */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.') || '_';
    fields[field] ??= issue.message;
  }
  const first = result.error.issues[0];
  throw new AppError('VALIDATION', first?.message ?? 'The request is invalid', fields);
}
