import { Button, Checkbox, Group, NativeSelect, Select, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { VISIT_STATUSES, type VisitStatus } from '../../../shared/constants';
import { createVisitInput, VISIT_MESSAGES } from '../../../shared/schemas/visits';
import { errorMessage } from '../../api/http';
import { localInputToIso } from '../../lib/datetime';
import { validate, type FieldErrors } from '../../lib/form';
import { ErrorBox } from '../../shell/error-box';
import { usePropertyOptions, type VisitBody } from './api';
import { VISIT_STATUS_LABELS } from './visit-format';

export interface VisitFormValues {
  propertyId: string;
  /** The datetime-local input's value: "YYYY-MM-DDTHH:mm" in the browser's time zone. */
  scheduledAt: string;
  status: VisitStatus;
}

/** The new and edit visit form (spec §2, §4, §5): property, date and time, status. */
export function VisitForm({
  initial,
  initialProperty,
  mode,
  cancelTo,
  onSubmit,
}: {
  initial: VisitFormValues;
  /** The pre-selected property, so its name shows before the options load. */
  initialProperty?: { id: string; name: string } | null;
  mode: 'create' | 'edit';
  cancelTo: string;
  onSubmit: (body: VisitBody) => Promise<unknown>;
}) {
  const [values, setValues] = useState(initial);
  const [addPropertyTasks, setAddPropertyTasks] = useState(true);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 250);
  const [chosen, setChosen] = useState(initialProperty ?? null);
  const options = usePropertyOptions(chosen && search === chosen.name ? '' : debouncedSearch);

  const data = (options.data?.items ?? []).map((property) => ({
    value: property.id,
    label: property.name,
  }));
  if (chosen && !data.some((option) => option.value === chosen.id))
    data.unshift({ value: chosen.id, label: chosen.name });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const result = validate(createVisitInput, {
      ...values,
      scheduledAt: localInputToIso(values.scheduledAt),
      addPropertyTasks,
    });
    setErrors(result.ok ? {} : result.errors);
    if (!result.ok) return;
    setBusy(true);
    try {
      await onSubmit({
        propertyId: result.data.propertyId,
        scheduledAt: result.data.scheduledAt.toISOString(),
        status: result.data.status,
        ...(mode === 'create' ? { addPropertyTasks: result.data.addPropertyTasks } : {}),
      });
    } catch (error) {
      setFailure(errorMessage(error, VISIT_MESSAGES.saveFailed));
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm" maw={560}>
        {failure && <ErrorBox>{failure}</ErrorBox>}
        <Select
          label="Property"
          placeholder="Select a property"
          required
          searchable
          nothingFoundMessage={options.isFetching ? 'Loading...' : 'No properties found'}
          data={data}
          value={values.propertyId || null}
          searchValue={search}
          onSearchChange={setSearch}
          onChange={(value, option) => {
            setValues((current) => ({ ...current, propertyId: value ?? '' }));
            setChosen(value && option ? { id: value, name: option.label } : null);
          }}
          error={
            errors.propertyId ??
            (options.isError ? errorMessage(options.error, 'Failed to load properties') : undefined)
          }
        />
        <TextInput
          label="Scheduled date and time"
          type="datetime-local"
          required
          value={values.scheduledAt}
          onChange={(event) => {
            const scheduledAt = event.currentTarget.value;
            setValues((current) => ({ ...current, scheduledAt }));
          }}
          error={errors.scheduledAt}
        />
        <NativeSelect
          label="Status"
          data={VISIT_STATUSES.map((status) => ({ value: status, label: VISIT_STATUS_LABELS[status] }))}
          value={values.status}
          onChange={(event) => {
            const status = event.currentTarget.value as VisitStatus;
            setValues((current) => ({ ...current, status }));
          }}
          error={errors.status}
        />
        {mode === 'create' && (
          <Checkbox
            label="Add the property's active tasks to this visit"
            checked={addPropertyTasks}
            onChange={(event) => setAddPropertyTasks(event.currentTarget.checked)}
          />
        )}
        <Group gap="sm" mt="xs">
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving...' : mode === 'create' ? 'Create Visit' : 'Update Visit'}
          </Button>
          <Button component={Link} to={cancelTo} variant="default">
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
