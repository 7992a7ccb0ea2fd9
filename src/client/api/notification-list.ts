import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMutationThatInvalidates } from './mutations';
import { notificationKeys } from './notifications';
import { get, post } from './contract';

// The bell's list and what changes it, apart from notifications.ts so that only the
// bell's lazily loaded list brings them (every signed-in page loads the count).

/** How many the bell's list shows (the newest). */
export const NOTIFICATIONS_SHOWN = 20;

export const notificationsQuery = () =>
  queryOptions({
    queryKey: notificationKeys.list(),
    queryFn: () => get('/notifications', { query: { limit: NOTIFICATIONS_SHOWN } }),
    staleTime: 0,
  });

export const useNotifications = () => useQuery(notificationsQuery());

const touched = () => [notificationKeys.all];

export const useMarkNotificationRead = () =>
  useMutationThatInvalidates((id: string) => post('/notifications/:id/read', { param: { id } }), touched);

export const useMarkAllNotificationsRead = () =>
  useMutationThatInvalidates(() => post('/notifications/read-all'), touched);
