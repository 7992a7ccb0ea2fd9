import { Group, Stack, Text, TextInput } from '@mantine/core';
import type { Formats } from '../../../shared/formats';
import { useFormats } from '../../api/session';
import { FormActions, useSchemaForm } from '../../components/form';
import { instantToWallClock, wallClockToInstant } from '../../lib/zoned-time';
import { AssigneesField } from './assignees-field';
import type { VisitDetail } from '../../api/visits';

type NewVisitValues = { date: string; time: string; assigneeIds: string[] };

/** The next working day (Monday to Friday) after the business's today, 'YYYY-MM-DD'. */
function nextWorkingDay(formats: Formats): string {
  const weekday = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay();
  let days = 1;
  while ([0, 6].includes(weekday(formats.today(days)))) days += 1;
  return formats.today(days);
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
  visit: VisitDetail;
  onCancel: () => void;
  onSubmit: (when: { scheduledAt: string; assigneeIds: string[] }) => Promise<unknown>;
}) {
  // The date and time are on the business's clock, as the visit form's are.
  const formats = useFormats();
  const { timeZone } = formats.locality;
  const form = useSchemaForm({
    initial: (): NewVisitValues => ({
      date: nextWorkingDay(formats),
      time: instantToWallClock(visit.scheduledAt, timeZone).slice(11, 16),
      assigneeIds: [...visit.people]
        .sort((a, b) => (a.role === b.role ? 0 : a.role === 'lead' ? -1 : 1))
        .map((person) => person.userId),
    }),
    prepare: (values) => ({
      target: 'new',
      scheduledAt: wallClockToInstant(`${values.date}T${values.time}`, timeZone),
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
        <Text size="sm">When, and who does it? The business's time ({timeZone}).</Text>
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
