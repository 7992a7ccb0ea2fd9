import { Popover } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useUnreadNotifications } from '../api/notifications';
import { useOnline } from '../lib/use-online';
import classes from './shell.module.css';

// The header's bell. Only the button and its count load with every page; the list is
// its own chunk, fetched the first time the bell is opened (tests/e2e/bundle-budget.spec.ts).
const NotificationsPanel = lazy(() => import('./notifications-panel'));

/** The bell with the unread count; opens the member's notifications. */
export function NotificationsBell() {
  const [opened, setOpened] = useState(false);
  const unread = useUnreadNotifications().data ?? 0;
  const online = useOnline();
  // Offline it has nothing new to tell, and on a phone its place goes to 'Offline' and the title.
  if (!online) return null;
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={340} shadow="md" trapFocus returnFocus>
      <Popover.Target popupType="dialog">
        <button
          type="button"
          className={classes.bell}
          aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
          onClick={() => setOpened((now) => !now)}
        >
          <IconBell size={22} aria-hidden />
          {unread > 0 && (
            <span className={classes.bellCount} aria-hidden>
              {unread > 99 ? '99+' : unread}
            </span>
          )}
        </button>
      </Popover.Target>
      <Popover.Dropdown p="xs" aria-label="Notifications">
        <Suspense fallback={null}>{opened && <NotificationsPanel onClose={() => setOpened(false)} />}</Suspense>
      </Popover.Dropdown>
    </Popover>
  );
}
