import { Button, Checkbox, Group, List, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { CLIENT_NOTIFICATIONS, NOTIFICATION_LABELS, type ClientNotification } from '../../../shared/notifications';
import { useClientNotifications, useSetClientNotifications } from '../../api/client-messages';
import { errorMessage } from '../../api/http';
import { QueryView } from '../../components/query-view';
import { Section } from '../../components/section';
import { useFormats } from '../../api/session';
import type { Get } from '../../api/contract';

type ClientNotifications = Get<'/clients/:id/notifications'>;

const SOURCES: Record<string, string> = { staff: 'by staff', link: "by the e-mail's link", portal: 'in the portal' };

/**
 * 'Notifications' on a client's page: which e-mails this client gets (each can be
 * switched off), whether they unsubscribed, and every change of consent with its time.
 */
export function ClientNotificationsSection({ clientId }: { clientId: string }) {
  const query = useClientNotifications(clientId);
  return (
    <Section title="Notifications">
      <QueryView query={query} loading="Loading notifications" size="sm" fallback="Failed to load notifications">
        {(data) => <NotificationsForm key={JSON.stringify(data)} clientId={clientId} data={data} />}
      </QueryView>
    </Section>
  );
}

function NotificationsForm({ clientId, data }: { clientId: string; data: ClientNotifications }) {
  const formats = useFormats();
  const save = useSetClientNotifications(clientId);
  const [off, setOff] = useState<ClientNotification[]>(data.notificationsOff);
  const subscribed = data.unsubscribedAt === null;
  const changed = CLIENT_NOTIFICATIONS.some((name) => off.includes(name) !== data.notificationsOff.includes(name));

  return (
    <Stack gap="sm">
      {!subscribed && (
        <Group gap="sm">
          <Text size="sm" fw={500}>
            Unsubscribed on {formats.dateTime(data.unsubscribedAt)}: this client gets no e-mails.
          </Text>
          <Button
            variant="default"
            size="xs"
            loading={save.isPending}
            onClick={() => save.mutate({ notificationsOff: off, subscribed: true })}
          >
            Subscribe again
          </Button>
        </Group>
      )}
      {CLIENT_NOTIFICATIONS.map((name) => (
        <Checkbox
          key={name}
          label={NOTIFICATION_LABELS[name]}
          disabled={!subscribed}
          checked={!off.includes(name)}
          onChange={(event) => {
            const wanted = event.currentTarget.checked;
            setOff((current) => (wanted ? current.filter((item) => item !== name) : [...current, name]));
          }}
        />
      ))}
      {save.isError && (
        <Text c="red.9" size="sm" role="alert">
          {errorMessage(save.error, 'Failed to save notifications')}
        </Text>
      )}
      {subscribed && (
        <div>
          <Button
            disabled={!changed}
            loading={save.isPending}
            onClick={() => save.mutate({ notificationsOff: off, subscribed: true })}
          >
            Save Notifications
          </Button>
        </div>
      )}
      {data.consents.length > 0 && (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Consent record
          </Text>
          <List size="sm" spacing={2}>
            {data.consents.map((consent, index) => (
              <List.Item key={`${consent.at}-${index}`}>
                {formats.dateTime(consent.at)}:{' '}
                {consent.action === 'subscribed' ? 'subscribed to' : 'unsubscribed from'}{' '}
                {consent.notifications.length === 0
                  ? 'all e-mails'
                  : consent.notifications.map((name) => NOTIFICATION_LABELS[name]).join(', ')}{' '}
                {SOURCES[consent.source] ?? ''}
              </List.Item>
            ))}
          </List>
        </Stack>
      )}
    </Stack>
  );
}
