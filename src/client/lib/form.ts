import type { z } from 'zod';
import { fieldErrors } from '../../shared/schemas/common';

export type FieldErrors = Record<string, string>;

/** Validates form values with a shared schema; the same messages the server sends. */
export function validate<S extends z.ZodType>(
  schema: S,
  values: unknown,
): { ok: true; data: z.output<S> } | { ok: false; errors: FieldErrors } {
  const result = schema.safeParse(values);
  return result.success ? { ok: true, data: result.data } : { ok: false, errors: fieldErrors(result.error) };
}
