import { safeParse, type $ZodType, type output } from 'zod/v4/core';
import { fieldErrors } from '../../shared/schemas/errors';

export type FieldErrors = Record<string, string>;

/** Validates form values with a shared schema; the same messages the server sends. */
export function validate<S extends $ZodType>(
  schema: S,
  values: unknown,
): { ok: true; data: output<S> } | { ok: false; errors: FieldErrors } {
  const result = safeParse(schema, values);
  return result.success ? { ok: true, data: result.data } : { ok: false, errors: fieldErrors(result.error) };
}
