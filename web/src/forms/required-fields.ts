import { z } from 'zod';

/**
 * The fields a form's schema needs a value for: those of its object whose own rule refuses a missing
 * value (a blank field is sent as missing, see zod-form.ts `blankIsMissing`). A schema that is not an
 * object names none.
 */
export function requiredFields(schema: z.ZodType): Set<string> {
  if (!(schema instanceof z.ZodObject)) return new Set();
  const shape = schema.shape as Record<string, z.ZodType>;
  return new Set(Object.keys(shape).filter((name) => !shape[name].safeParse(undefined).success));
}
