import { toNestErrors, validateFieldsNatively } from '@hookform/resolvers';
import type { FieldError, FieldValues, Resolver, UseFormProps, UseFormReturn } from 'react-hook-form';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

/**
 * How a form is checked with zod, the one way of every form of the web app:
 *
 * - `useZodForm(schema, options)`: a form whose values are the schema's input; the submit handler
 *   receives the schema's output (login, passwords, the cooperative and quick deposit forms).
 * - `useZodForm<Values>(schema, { keepValues: true, ... })`: a form checked with the server's own
 *   schema (so the messages are the spec's) whose values stay as typed: the shared schemas turn
 *   naira into kobo and text into numbers, and the API wants the form's values, not their stored
 *   form. The schema may depend on the values (the product chosen sets the rate's bounds).
 *
 * A field is checked when it first loses focus, as the spec asks, and from then on as it changes,
 * so a message goes as soon as the field is corrected ('onTouched'; with 'onBlur' a corrected
 * field kept its message until it lost focus again, and the message vanishing under the pointer
 * moved the submit button away from a click).
 */

/** A schema, or the schema for the values at hand. */
export type FormSchema<T> = z.ZodType | ((values: T) => z.ZodType);

export interface KeepValuesOptions {
  /** The values the submit handler receives are the values as typed. */
  keepValues: true;
  /** A blank text field is left out before the check ("not given"), for flat text forms. */
  blankIsMissing?: boolean;
}

type HelperOptions<TIn extends FieldValues, TOut> = Omit<
  UseFormProps<TIn, unknown, TOut>,
  'resolver' | 'mode' | 'reValidateMode'
>;

const VALIDATION = { mode: 'onTouched', reValidateMode: 'onChange' } as const;

type Checked<TOut> = { data: TOut } | { issues: readonly z.core.$ZodIssue[] };

/** The zod issues as react-hook-form errors: the first message of each path, nested as the form's fields are. */
function resolverOf<TIn extends FieldValues, TOut>(
  check: (values: TIn) => Checked<TOut>,
): Resolver<TIn, unknown, TOut> {
  return (values, _context, options) => {
    const checked = check(values);
    if ('data' in checked) {
      if (options.shouldUseNativeValidation) validateFieldsNatively({}, options);
      return { values: checked.data, errors: {} };
    }
    const first = new Map<string, FieldError>();
    for (const issue of checked.issues) {
      const path = issue.path.map(String).join('.');
      if (!first.has(path)) first.set(path, { type: issue.code, message: issue.message });
    }
    return { values: {}, errors: toNestErrors(Object.fromEntries(first), options) };
  };
}

/**
 * A blank control means "not given": the shared schemas give a missing required field its message
 * and let a missing optional one pass, where an empty string would fail an optional choice.
 */
export function withoutBlanks(values: FieldValues): FieldValues {
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => typeof value !== 'string' || value.trim() !== ''),
  );
}

/** A resolver that checks the values with the schema and keeps them as typed. */
export function keepValuesResolver<T extends FieldValues>(
  schema: FormSchema<T>,
  { blankIsMissing = false }: Omit<KeepValuesOptions, 'keepValues'> = {},
): Resolver<T> {
  return resolverOf<T, T>((values) => {
    const result = (typeof schema === 'function' ? schema(values) : schema).safeParse(
      blankIsMissing ? withoutBlanks(values) : values,
    );
    return result.success ? { data: values } : { issues: result.error.issues };
  });
}

export function useZodForm<TIn extends FieldValues, TOut>(
  schema: z.ZodType<TOut, TIn>,
  options?: HelperOptions<TIn, TOut>,
): UseFormReturn<TIn, unknown, TOut>;
export function useZodForm<T extends FieldValues>(
  schema: FormSchema<T>,
  options: HelperOptions<T, T> & KeepValuesOptions,
): UseFormReturn<T>;
export function useZodForm(
  schema: FormSchema<FieldValues>,
  options: Partial<KeepValuesOptions> & HelperOptions<FieldValues, unknown> = {},
) {
  const { keepValues, blankIsMissing, ...formOptions } = options;
  const resolver =
    keepValues || typeof schema === 'function'
      ? keepValuesResolver(schema, { blankIsMissing })
      : resolverOf<FieldValues, unknown>((values) => {
          const result = schema.safeParse(values);
          return result.success ? { data: result.data } : { issues: result.error.issues };
        });
  return useForm({ ...formOptions, ...VALIDATION, resolver });
}
