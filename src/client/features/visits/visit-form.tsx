import { Button, Checkbox, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { VISIT_STATUSES, type VisitStatus } from '../../../shared/constants';
import { VISIT_MESSAGES } from '../../../shared/messages/visits';
import { errorMessage } from '../../api/http';
import type { VisitBody } from '../../api/visits';
import { ErrorBox } from '../../components/error-box';
import { statusLabel } from '../../components/status-badge';
import { localInputToIso, timeZoneName } from '../../lib/datetime';
import { validate, type FieldErrors } from '../../lib/form';
import { PropertySelect } from '../../components/property-select';
import { AssigneesField } from './assignees-field';

export interface VisitFormValues {
  propertyId: string;
  /** The datetime-local input's value: "YYYY-MM-DDTHH:mm" in the browser's time zone. */
  scheduledAt: string;
  status: VisitStatus;
  /** Issue 24: who is on the visit, the lead first. */
  assigneeIds: string[];
}

/** The new and edit visit form (spec §2, §4, §5): property, date and time, status, and who does it (issue 24). */
export function VisitForm({
  initial,
  mode,
  cancelTo,
  onSubmit,
}: {
  initial: VisitFormValues;
  mode: 'create' | 'edit';
  cancelTo: string;
  onSubmit: (body: VisitBody) => Promise<unknown>;
}) {
  const [values, setValues] = useState(initial);
  const [addPropertyTasks, setAddPropertyTasks] = useState(true);
  // An edit sends who is on the visit only when it was changed: someone who has left the workspace
  // stays on a past visit until the office changes its people.
  const [assigneesTouched, setAssigneesTouched] = useState(mode === 'create');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    // The schema (and zod) loads with the first form sent, not with the page.
    const { createVisitInput } = await import('../../../shared/schemas/visits');
    const { assigneeIds, ...rest } = values;
    const result = validate(createVisitInput, {
      ...rest,
      scheduledAt: localInputToIso(values.scheduledAt),
      addPropertyTasks,
      ...(assigneesTouched ? { assigneeIds } : {}),
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
        ...(result.data.assigneeIds ? { assigneeIds: result.data.assigneeIds } : {}),
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
        <PropertySelect
          required
          value={values.propertyId || null}
          onChange={(value) => setValues((current) => ({ ...current, propertyId: value ?? '' }))}
          error={errors.propertyId}
        />
        <TextInput
          label="Scheduled date and time"
          description={`Your local time (${timeZoneName()})`}
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
          data={VISIT_STATUSES.map((status) => ({ value: status, label: statusLabel('visit', status) }))}
          value={values.status}
          onChange={(event) => {
            const status = event.currentTarget.value as VisitStatus;
            setValues((current) => ({ ...current, status }));
          }}
          error={errors.status}
        />
        <AssigneesField
          value={values.assigneeIds}
          onChange={(assigneeIds) => {
            setAssigneesTouched(true);
            setValues((current) => ({ ...current, assigneeIds }));
          }}
          error={errors.assigneeIds}
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
