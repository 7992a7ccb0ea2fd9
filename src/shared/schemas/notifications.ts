import type { z } from 'zod';
import type { StaffNotificationKind } from '../notifications';
import { pageQuery } from './common';

// The bell: a staff member's own notifications in their current workspace.

export const NOTIFICATION_MESSAGES = {
  notFound: 'Notification not found',
} as const;

/** `GET /api/notifications?limit=&offset=`: newest first. */
export const listNotificationsQuery = pageQuery;
export type ListNotificationsQuery = z.input<typeof listNotificationsQuery>;

export interface StaffNotificationDto {
  id: string;
  kind: StaffNotificationKind;
  /** One line, written when it happened. */
  text: string;
  visitId: string | null;
  requestId: string | null;
  readAt: string | null;
  createdAt: string;
}

/** The page, how many there are in all, and how many of them are unread (the bell's count). */
export interface StaffNotificationPage {
  items: StaffNotificationDto[];
  total: number;
  unread: number;
}
