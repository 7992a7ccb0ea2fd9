import { Alert, Button, Card, Checkbox, NumberInput, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import {
  CLIENT_NOTIFICATIONS,
  NOTIFICATION_LABELS,
  REMINDER_HOURS,
  type ClientNotification,
} from '../../../shared/notifications';
import { errorMessage } from '../../api/http';
import { useUpdateWorkspace } from '../../api/workspaces';
import type { Get } from '../../api/contract';

type Workspace = Get<'/workspaces/:id'>;

const TITLE = 'Client notifications';

/**
 * Which e-mails the business sends its clients, and how long before a visit the
 * reminder goes. Each client may still switch any of them off (their page, or the e-mail's link).
 */
export function ClientNotificationSettings({ workspace }: { workspace: Workspace }) {
  const update = useUpdateWorkspace(workspace.id);
  const headingId = useId();
  const [on, setOn] = useState<Record<ClientNotification, boolean>>(
    () =>
      Object.fromEntries(
        CLIENT_NOTIFICATIONS.map((name) => [name, workspace.clientNotifications[name] !== false]),
      ) as Record<ClientNotification, boolean>,
  );
  const [hours, setHours] = useState<number | string>(workspace.reminderHours);
  const [saved, setSaved] = useState(false);
  const hoursValid =
    typeof hours === 'number' && Number.isInteger(hours) && hours >= REMINDER_HOURS.min && hours <= REMINDER_HOURS.max;

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setSaved(false);
    if (!hoursValid) return;
    await update.mutateAsync({ clientNotifications: on, reminderHours: hours });
    setSaved(true);
  }

  return (
    <Card withBorder radius="md" component="section" aria-labelledby={headingId} maw={720}>
      <form onSubmit={(event) => void save(event).catch(() => undefined)} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id={headingId}>
            {TITLE}
          </Title>
          <Text size="sm">
            E-mails your clients get from {workspace.name}. A client can unsubscribe from any of them.
          </Text>
          {saved && (
            <Alert color="green" role="status" variant="light">
              Client notifications saved
            </Alert>
          )}
          {CLIENT_NOTIFICATIONS.map((name) => (
            <Checkbox
              key={name}
              label={NOTIFICATION_LABELS[name]}
              checked={on[name]}
              onChange={(event) => setOn((current) => ({ ...current, [name]: event.currentTarget.checked }))}
            />
          ))}
          <NumberInput
            label="Reminder (hours before the visit)"
            min={REMINDER_HOURS.min}
            max={REMINDER_HOURS.max}
            allowDecimal={false}
            value={hours}
            onChange={setHours}
            maw={260}
            error={hoursValid ? undefined : `Between ${REMINDER_HOURS.min} and ${REMINDER_HOURS.max} hours`}
          />
          {update.isError && (
            <Text c="red.9" size="sm" role="alert">
              {errorMessage(update.error, 'Failed to save client notifications')}
            </Text>
          )}
          <div>
            <Button type="submit" loading={update.isPending}>
              Save Notifications
            </Button>
          </div>
        </Stack>
      </form>
    </Card>
  );
}
