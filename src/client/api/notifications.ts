import { queryOptions, useQuery } from '@tanstack/react-query';
import { areaKeys } from './keys';
import { get } from './contract';

// The bell: the signed-in member's notifications in the tab's workspace
// (/api/notifications). The count loads with every page (the header's bell): it is asked for
// every minute while the page is visible and when the window gets focus again. The list and its
// changes are in notification-list.ts, loaded with the bell's list only (bundle budget).

export const notificationKeys = {
  all: areaKeys.notifications,
  unread: () => [...notificationKeys.all, 'unread'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
};

/** The counts only (one item: the smallest page). */
export const unreadNotificationsQuery = () =>
  queryOptions({
    queryKey: notificationKeys.unread(),
    queryFn: () => get('/notifications', { query: { limit: 1 } }),
    select: (page) => page.unread,
    // TanStack pauses the interval while the tab is hidden (refetchIntervalInBackground is false).
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
  });

export const useUnreadNotifications = () => useQuery(unreadNotificationsQuery());
