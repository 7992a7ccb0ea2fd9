import { Box, Button, Stack } from '@mantine/core';
import { useCallback, useLayoutEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { $ZodType, output } from 'zod/v4/core';
import { ApiError, errorMessage } from '../api/http';
import { recheckField, validateForm, type FieldErrors, type FormShape } from '../lib/form';
import { Notice } from './notice';

type Values = Record<string, unknown>;

/** A text input's change event, or a Mantine select's value. */
type Change = { currentTarget: { value: string } } | string | null;

/**
 * One form's state and its submit: the shared zod schema checks the values and gives
 * the field errors, which clear as each field is corrected; `busy` while it saves; `failure`, the
 * server's message (`failed` when it has none); and a server's field errors on their fields.
 *
 * `schema` is a loader: forms import their schema (and zod) when first sent, not with the page.
 * `submit` gets the parsed values and does the saving and what follows it (navigating away).
 */
export function useSchemaForm<V extends Values, S extends $ZodType>({
  initial,
  schema,
  submit,
  failed,
  describeFailure = (error) => errorMessage(error, failed),
  prepare,
  fields,
}: {
  initial: V | (() => V);
  schema: () => Promise<S> | S;
  submit: (data: output<S>, values: V) => Promise<unknown>;
  /** The failure message when the server's error has none. */
  failed: string;
  /** Where the spec words a failure its own way (wrong credentials, a wrong current password). */
  describeFailure?: (error: unknown) => string;
  /** The body the schema checks and `submit` gets, where the values are not it (see FormShape). */
  prepare?: (values: V) => unknown;
  /** The field of each of the body's paths that has another name. */
  fields?: Record<string, keyof V & string>;
}) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const loaded = useRef<S | null>(null);
  // The latest `prepare` (it may read the page's other state), for the checks as fields change.
  const shape = useRef<FormShape>({});
  useLayoutEffect(() => {
    shape.current = { prepare: prepare as FormShape['prepare'], fields };
  });

  // The latest values, so two changes in one event both land; every change goes through here.
  const latest = useRef(values);

  const setValue = useCallback(<K extends keyof V & string>(name: K, value: V[K]) => {
    const next = { ...latest.current, [name]: value };
    latest.current = next;
    setValues(next);
    const checker = loaded.current;
    if (checker) setErrors((now) => recheckField(checker, next, name, now, shape.current));
  }, []);

  /** value, onChange and error for the input of `field`. */
  const field = <K extends keyof V & string>(name: K) => ({
    value: values[name],
    error: errors[name],
    onChange: (change: Change) => {
      const value = change === null || typeof change === 'string' ? change : change.currentTarget.value;
      setValue(name, (value ?? '') as V[K]);
    },
  });

  async function onSubmit(event?: FormEvent) {
    event?.preventDefault();
    if (busy) return;
    setFailure(null);
    const checker = (loaded.current ??= await schema());
    const result = validateForm(checker, values, shape.current);
    setErrors(result.ok ? {} : result.errors);
    if (!result.ok) return;
    setBusy(true);
    try {
      await submit(result.data, values);
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(renameFields(error.fields, fields));
      setFailure(describeFailure(error));
    } finally {
      setBusy(false);
    }
  }

  /** New values from elsewhere (a record loaded again); clears the errors. */
  const reset = useCallback((next: V) => {
    latest.current = next;
    setValues(next);
    setErrors({});
  }, []);

  return { values, setValue, reset, field, errors, setErrors, failure, setFailure, busy, onSubmit };
}

/** A server's field errors on the form's fields. */
function renameFields(errors: FieldErrors, fields: Record<string, string> = {}): FieldErrors {
  return Object.fromEntries(Object.entries(errors).map(([path, message]) => [fields[path] ?? path, message]));
}

export type SchemaForm = Pick<ReturnType<typeof useSchemaForm>, 'busy' | 'failure'>;

/**
 * The end of every form: Cancel, then the submit button (its `busyLabel` while saving, and
 * disabled), then what went wrong when saving (spec §2: under the form; the button usable again).
 */
export function FormActions({
  submit,
  busy,
  busyLabel = 'Saving...',
  cancel,
  failure,
  extra,
  done = false,
  grow = false,
}: {
  submit: string;
  busy: boolean;
  /** Saved, and about to move on: the button stays off. */
  done?: boolean;
  busyLabel?: string;
  /** Where Cancel goes, or what it does; none for a form with nothing to leave. */
  cancel?: string | (() => void);
  failure?: string | null;
  /** The buttons share the width (a card or dialog's form). */
  grow?: boolean;
  /** Another button between Cancel and submit. */
  extra?: ReactNode;
}) {
  return (
    // A flex Box and a Notice, not Group and ErrorBox: /login draws this form, and its
    // script budget (tests/e2e/bundle-budget.spec.ts) has no room for two more chunks.
    <Stack gap="sm" mt="xs">
      <Box style={{ display: 'flex', flexWrap: 'wrap', gap: 'var(--mantine-spacing-xs)' }}>
        {typeof cancel === 'string' ? (
          <Button component={Link} to={cancel} variant="default" style={grow ? { flex: 1 } : undefined}>
            Cancel
          </Button>
        ) : cancel ? (
          <Button variant="default" onClick={cancel} disabled={busy} style={grow ? { flex: 1 } : undefined}>
            Cancel
          </Button>
        ) : null}
        {extra}
        <Button type="submit" disabled={busy || done} style={grow ? { flex: 1 } : undefined}>
          {busy ? busyLabel : submit}
        </Button>
      </Box>
      {failure && (
        <Notice color="red" role="alert">
          {failure}
        </Notice>
      )}
    </Stack>
  );
}
