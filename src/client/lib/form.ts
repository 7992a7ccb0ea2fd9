import type { $ZodType, output } from 'zod/v4/core';
import { fieldErrors } from '../../shared/schemas/errors';

export type FieldErrors = Record<string, string>;

type SafeParse<T> = (
  value: unknown,
) => { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };

/**
 * Validates form values with a shared schema; the same messages the server sends.
 * Classic and mini zod schemas both carry `safeParse`, so this file loads no zod itself.
 */
export function validate<S extends $ZodType>(
  schema: S,
  values: unknown,
): { ok: true; data: output<S> } | { ok: false; errors: FieldErrors } {
  const result = (schema as unknown as { safeParse: SafeParse<output<S>> }).safeParse(values);
  return result.success ? { ok: true, data: result.data } : { ok: false, errors: fieldErrors(result.error) };
}

/**
 * The errors after `field` changed, once the form has been sent: that field's message is the
 * schema's word on the new values (gone once it is corrected, back if it is broken again), and no
 * other field's changes: a form does not scold fields the person has not come back to.
 */
export function recheckField<S extends $ZodType>(
  schema: S,
  values: unknown,
  field: string,
  errors: FieldErrors,
): FieldErrors {
  const result = validate(schema, values);
  const now = result.ok ? undefined : result.errors[field];
  if (now === errors[field]) return errors;
  const { [field]: _old, ...rest } = errors;
  return now ? { ...rest, [field]: now } : rest;
}
