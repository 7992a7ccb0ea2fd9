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
 * Where a form's values are not the schema's body: `prepare` makes the body from them (a wall-clock
 * time and a zone become an instant), and `fields` names the field that holds each of the body's
 * paths that has another name (`startsAt` is typed into `start`).
 */
export interface FormShape {
  prepare?: (values: never) => unknown;
  fields?: Record<string, string>;
}

/** `validate` for a form's values: the errors keyed by the form's fields. */
export function validateForm<S extends $ZodType>(
  schema: S,
  values: unknown,
  { prepare, fields = {} }: FormShape = {},
): { ok: true; data: output<S> } | { ok: false; errors: FieldErrors } {
  const result = validate(schema, prepare ? prepare(values as never) : values);
  if (result.ok) return result;
  const errors: FieldErrors = {};
  for (const [path, message] of Object.entries(result.errors)) errors[fields[path] ?? path] ??= message;
  return { ok: false, errors };
}

/**
 * The errors after `field` changed, once the form has been sent: that field's messages are the
 * schema's word on the new values (gone once it is corrected, back if it is broken again), and no
 * other field's change: a form does not scold fields the person has not come back to. A field
 * holding a list (`items`) owns the messages of its parts (`items.0.description`).
 */
export function recheckField<S extends $ZodType>(
  schema: S,
  values: unknown,
  field: string,
  errors: FieldErrors,
  shape?: FormShape,
): FieldErrors {
  const result = validateForm(schema, values, shape);
  const owned = (key: string) => key === field || key.startsWith(`${field}.`);
  const now = Object.entries(result.ok ? {} : result.errors).filter(([key]) => owned(key));
  const before = Object.entries(errors).filter(([key]) => owned(key));
  if (now.length === before.length && now.every(([key, message]) => errors[key] === message)) return errors;
  return { ...Object.fromEntries(Object.entries(errors).filter(([key]) => !owned(key))), ...Object.fromEntries(now) };
}
