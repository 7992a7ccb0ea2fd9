import { Checkbox, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { SERIES_MESSAGES } from '../../../shared/messages/series';
import type { CreateSeriesInput } from '../../../shared/schemas/series';
import { useProperty } from '../../api/properties';
import { FormActions, useSchemaForm } from '../../components/form';
import { PropertySelect } from '../../components/property-select';
import { timeZoneOptions, wallClockToInstant } from '../../lib/zoned-time';
import { RepeatFields } from './repeat-fields';
import { buildRrule, type RepeatRule } from './repeat-rule';
import { SeriesPreview } from './series-preview';
import { AssigneesField } from './assignees-field';

export type SeriesFormValues = {
  propertyId: string;
  /** "YYYY-MM-DDTHH:mm" on the wall clock of `timeZone` (not necessarily the browser's). */
  start: string;
  timeZone: string;
  rule: RepeatRule;
  /** The task templates to copy onto every visit; null: all of the property's tasks. */
  taskIds: string[] | null;
  /** Who is on every visit, the lead first. */
  assigneeIds: string[];
};

/** The form's values as the API's body; the rule's UNTIL is the end of its last day in the zone. */
function toInput(values: SeriesFormValues, propertyTaskIds: string[]): CreateSeriesInput {
  const startDate = values.start.slice(0, 10);
  const untilInstant =
    values.rule.end === 'until' && values.rule.until
      ? wallClockToInstant(`${values.rule.until}T23:59`, values.timeZone)
      : undefined;
  return {
    propertyId: values.propertyId,
    startsAt: wallClockToInstant(values.start, values.timeZone),
    timeZone: values.timeZone,
    rrule: buildRrule(values.rule, startDate, untilInstant),
    taskIds: values.taskIds ?? propertyTaskIds,
  };
}

/**
 * The recurring visits form: property, first date and time, time zone, how it
 * repeats, the tasks to copy; the rule in words and the next dates as it is filled in.
 */
export function SeriesForm({
  initial,
  mode,
  cancelTo,
  onSubmit,
  propertyName,
}: {
  initial: SeriesFormValues;
  mode: 'create' | 'edit';
  cancelTo: string;
  onSubmit: (input: CreateSeriesInput) => Promise<unknown>;
  /** Edit: the property is fixed and shown by name. */
  propertyName?: string;
}) {
  // An edit sends who is on the visits only when it was changed (as the visit form does).
  const [assigneesTouched, setAssigneesTouched] = useState(mode === 'create');
  const [propertyId, setPropertyId] = useState(initial.propertyId);
  const property = useProperty(propertyId, { retry: false });
  const propertyTasks = useMemo(() => property.data?.tasks ?? [], [property.data]);
  const zones = useMemo(() => timeZoneOptions(initial.timeZone), [initial.timeZone]);
  const bodyOf = (values: SeriesFormValues): CreateSeriesInput => ({
    ...toInput(
      values,
      propertyTasks.map((task) => task.taskId),
    ),
    ...(assigneesTouched ? { assigneeIds: values.assigneeIds } : {}),
  });
  const form = useSchemaForm({
    initial,
    // The shared schema (and zod, ≈ 25 KB gzipped) is fetched when the form is sent, not with
    // the page: the page stays inside the 200 KB budget (tests/e2e/bundle-budget.spec.ts).
    schema: () => import('../../../shared/schemas/series').then((m) => m.createSeriesInput),
    prepare: bodyOf,
    fields: { startsAt: 'start', rrule: 'rule' },
    failed: SERIES_MESSAGES.saveFailed,
    submit: (_data, values) => onSubmit(bodyOf(values)),
  });
  const { values, errors, setValue } = form;

  const input = bodyOf(values);
  const previewable = input.startsAt
    ? { startsAt: String(input.startsAt), timeZone: input.timeZone, rrule: input.rrule }
    : null;
  // Debounced as text: a new object every render would restart the wait for ever.
  const [previewKey] = useDebouncedValue(previewable ? JSON.stringify(previewable) : '', 400);
  const preview = useMemo(
    () => (previewKey ? (JSON.parse(previewKey) as NonNullable<typeof previewable>) : null),
    [previewKey],
  );

  const chosenTasks = values.taskIds ?? propertyTasks.map((task) => task.taskId);

  return (
    <form onSubmit={form.onSubmit} noValidate>
      <Stack gap="md" maw={640}>
        {mode === 'create' ? (
          <PropertySelect
            required
            value={values.propertyId || null}
            onChange={(value) => {
              setPropertyId(value ?? '');
              setValue('propertyId', value ?? '');
              setValue('taskIds', null);
            }}
            error={errors.propertyId}
          />
        ) : (
          <Text>
            Property: <strong>{propertyName}</strong>
          </Text>
        )}
        <Group gap="sm" grow preventGrowOverflow={false} wrap="wrap" align="flex-start">
          <TextInput
            label="First visit"
            description="Date and time in the time zone below"
            type="datetime-local"
            required
            miw={220}
            value={values.start}
            onChange={(event) => setValue('start', event.currentTarget.value)}
            error={errors.start}
          />
          <Select
            label="Time zone"
            description="Visits keep this local time across daylight saving"
            required
            searchable
            miw={220}
            data={zones}
            limit={50}
            value={values.timeZone}
            onChange={(value) => value && setValue('timeZone', value)}
            nothingFoundMessage="No time zone found"
            error={errors.timeZone}
          />
        </Group>
        <RepeatFields
          rule={values.rule}
          startDate={values.start.slice(0, 10)}
          onChange={(rule) => setValue('rule', rule)}
          error={errors.rule}
        />
        <Checkbox.Group
          label="Tasks to copy onto every visit"
          value={chosenTasks}
          onChange={(taskIds) => setValue('taskIds', taskIds)}
        >
          {propertyTasks.length === 0 ? (
            <Text size="sm" c="dimmed" mt={4}>
              {propertyId ? 'This property has no tasks.' : 'Choose a property to see its tasks.'}
            </Text>
          ) : (
            <Stack gap={6} mt={4}>
              {propertyTasks.map((task) => (
                <Checkbox key={task.taskId} value={task.taskId} label={task.name} />
              ))}
            </Stack>
          )}
        </Checkbox.Group>
        <AssigneesField
          value={values.assigneeIds}
          onChange={(assigneeIds) => {
            setAssigneesTouched(true);
            setValue('assigneeIds', assigneeIds);
          }}
          error={errors.assigneeIds}
        />
        <SeriesPreview input={preview} />
        <FormActions
          submit={mode === 'create' ? 'Create Series' : 'Update Series'}
          busy={form.busy}
          failure={form.failure}
          cancel={cancelTo}
        />
      </Stack>
    </form>
  );
}
