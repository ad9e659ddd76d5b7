import type { FieldErrors, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import type { FormValues } from '../../api/entities';

/**
 * Checks the form with the server's own schema (so the messages are the spec's) but keeps the
 * values as typed: the shared schemas turn naira into kobo and text into numbers, and the API
 * wants the form's values, not their stored form.
 */
export function schemaResolver(schema: z.ZodType): Resolver<FormValues> {
  return (values) => {
    const result = schema.safeParse(withoutBlanks(values));
    if (result.success) return { values, errors: {} };
    const errors: FieldErrors<FormValues> = {};
    for (const issue of result.error.issues) {
      const name = String(issue.path[0] ?? '');
      if (name && !errors[name]) errors[name] = { type: issue.code, message: issue.message };
    }
    return { values: {}, errors };
  };
}

/**
 * A blank control means "not given": the shared schemas give a missing required field its message
 * and let a missing optional one pass, where an empty string would fail an optional choice.
 */
export function withoutBlanks(values: FormValues): FormValues {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== ''));
}
