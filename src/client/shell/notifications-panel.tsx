import { Button, Group, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';
import { useFormats } from '../api/session';
import { useMarkAllNotificationsRead, useMarkNotificationRead, useNotifications } from '../api/notification-list';
import { QueryView } from '../components/query-view';
import { paths } from '../paths';
import classes from './notifications-panel.module.css';
import type { ItemOf } from '../api/contract';

type StaffNotification = ItemOf<'/notifications'>;

// The bell's list (loaded when the bell first opens): the newest notifications, unread
// ones in bold with a dot; each opens what it is about and counts as read.

const target = (item: StaffNotification) =>
  item.visitId && item.kind !== 'visit_request'
    ? paths.visit(item.visitId)
    : item.kind === 'mail_held'
      ? paths.settings()
      : paths.visitRequests();

export default function NotificationsPanel({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const notifications = useNotifications();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const unread = notifications.data?.unread ?? 0;
  const formats = useFormats();
  return (
    <section aria-labelledby={titleId}>
      <Group justify="space-between" gap="xs" wrap="nowrap" px={6} pb={4}>
        <Title order={2} size="h5" id={titleId}>
          Notifications
        </Title>
        <Button
          variant="subtle"
          size="compact-sm"
          mih={44}
          disabled={unread === 0}
          loading={markAll.isPending}
          onClick={() => markAll.mutate()}
        >
          Mark all as read
        </Button>
      </Group>
      <QueryView
        query={notifications}
        loading="Loading notifications"
        size="sm"
        fallback="Could not load notifications"
      >
        {(page) =>
          page.items.length === 0 ? (
            <Text size="sm" c="dimmed" px={6} py="sm">
              No notifications yet
            </Text>
          ) : (
            <ul className={classes.notificationList}>
              {page.items.map((item) => (
                <li key={item.id}>
                  <Link
                    to={target(item)}
                    className={classes.notification}
                    data-unread={item.readAt === null || undefined}
                    onClick={() => {
                      if (item.readAt === null) markRead.mutate(item.id);
                      onClose();
                    }}
                  >
                    <span className={classes.notificationDot} aria-hidden />
                    <span className={classes.notificationBody}>
                      {item.readAt === null && <span className={classes.visuallyHidden}>Unread: </span>}
                      <span className={classes.notificationText}>{item.text}</span>
                      <Text component="span" size="xs" c="dimmed" display="block">
                        <time dateTime={item.createdAt}>{formats.ago(item.createdAt)}</time>
                      </Text>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
    </section>
  );
}
