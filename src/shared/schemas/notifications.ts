import type { z } from 'zod';
import { pageQuery } from './common';

// The bell: a staff member's own notifications in their current workspace.

export const NOTIFICATION_MESSAGES = {
  notFound: 'Notification not found',
} as const;

/** `GET /api/notifications?limit=&offset=`: newest first. */
export const listNotificationsQuery = pageQuery;
export type ListNotificationsQuery = z.input<typeof listNotificationsQuery>;
