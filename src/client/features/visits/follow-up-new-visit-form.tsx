import { Group, Stack, Text, TextInput } from '@mantine/core';
import dayjs from 'dayjs';
import type { VisitDetailDto } from '../../../shared/schemas/visits';
import { FormActions, useSchemaForm } from '../../components/form';
import { localInputToIso, timeZoneName } from '../../lib/datetime';
import { AssigneesField } from './assignees-field';

type NewVisitValues = { date: string; time: string; assigneeIds: string[] };

/** The next working day (Monday to Friday) after today, in the browser's zone, 'YYYY-MM-DD'. */
function nextWorkingDay(today = dayjs()): string {
  let day = today.add(1, 'day');
  while (day.day() === 0 || day.day() === 6) day = day.add(1, 'day');
  return day.format('YYYY-MM-DD');
}

/**
 * The new visit's date, time and people: the next working day at the visit's time, and the same
 * people (the lead first), each to change. Checked by the endpoint's own schema, as the visit form is.
 */
export default function FollowUpNewVisitForm({
  visit,
  onCancel,
  onSubmit,
}: {
  visit: VisitDetailDto;
  onCancel: () => void;
  onSubmit: (when: { scheduledAt: string; assigneeIds: string[] }) => Promise<unknown>;
}) {
  const form = useSchemaForm({
    initial: (): NewVisitValues => ({
      date: nextWorkingDay(),
      time: dayjs(visit.scheduledAt).format('HH:mm'),
      assigneeIds: [...visit.people]
        .sort((a, b) => (a.role === b.role ? 0 : a.role === 'lead' ? -1 : 1))
        .map((person) => person.userId),
    }),
    prepare: (values) => ({
      target: 'new',
      scheduledAt: localInputToIso(`${values.date}T${values.time}`),
      assigneeIds: values.assigneeIds,
    }),
    // the date and the time are one instant to the server: its errors show under the date
    fields: { scheduledAt: 'date' },
    schema: () => import('../../../shared/schemas/visits').then((m) => m.followUpInput),
    failed: 'Failed to add the follow-up',
    submit: (data) => onSubmit({ scheduledAt: data.scheduledAt!.toISOString(), assigneeIds: data.assigneeIds ?? [] }),
  });
  const { values, errors, setValue } = form;

  return (
    <form onSubmit={form.onSubmit} noValidate>
      <Stack gap="sm">
        <Text size="sm">When, and who does it? Your local time ({timeZoneName()}).</Text>
        <Group grow align="flex-start" wrap="wrap">
          <TextInput label="Date" type="date" required miw={140} {...form.field('date')} />
          <TextInput label="Time" type="time" required miw={110} {...form.field('time')} />
        </Group>
        <AssigneesField
          value={values.assigneeIds}
          onChange={(assigneeIds) => setValue('assigneeIds', assigneeIds)}
          error={errors.assigneeIds}
        />
        <FormActions
          submit="Add follow-up"
          busyLabel="Adding..."
          busy={form.busy}
          cancel={onCancel}
          failure={form.failure}
          grow
        />
      </Stack>
    </form>
  );
}
