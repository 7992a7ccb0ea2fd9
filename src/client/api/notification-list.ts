import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffNotificationPage } from '../../shared/schemas/notifications';
import { api } from './http';
import { useMutationThatInvalidates } from './mutations';
import { notificationKeys } from './notifications';

// The bell's list and what changes it, apart from notifications.ts so that only the
// bell's lazily loaded list brings them (every signed-in page loads the count).

/** How many the bell's list shows (the newest). */
export const NOTIFICATIONS_SHOWN = 20;

export const notificationsQuery = () =>
  queryOptions({
    queryKey: notificationKeys.list(),
    queryFn: () => api<StaffNotificationPage>(`/api/notifications?limit=${NOTIFICATIONS_SHOWN}`),
    staleTime: 0,
  });

export const useNotifications = () => useQuery(notificationsQuery());

const touched = () => [notificationKeys.all];

export const useMarkNotificationRead = () =>
  useMutationThatInvalidates((id: string) => api<void>(`/api/notifications/${id}/read`, { method: 'POST' }), touched);

export const useMarkAllNotificationsRead = () =>
  useMutationThatInvalidates(() => api<void>('/api/notifications/read-all', { method: 'POST' }), touched);
