import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../api/api-error';

/** Puts the server's 422 messages under their fields; returns whether any field was named. */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  if (!(error instanceof ApiError)) return false;
  let applied = false;
  for (const [field, message] of Object.entries(error.fieldErrors)) {
    const known = fields.find((candidate) => candidate === field);
    if (known) {
      setError(known, { type: 'server', message });
      applied = true;
    }
  }
  return applied;
}
