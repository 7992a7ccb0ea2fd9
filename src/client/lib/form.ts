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
