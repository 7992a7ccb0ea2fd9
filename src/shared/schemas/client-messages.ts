import { z } from 'zod';
import { CLIENT_MESSAGE_TEXTS } from '../messages/client-messages';
export { CLIENT_MESSAGE_TEXTS };
import { CLIENT_NOTIFICATIONS, ETA_MINUTES, REMINDER_HOURS, type ClientNotification } from '../notifications';

// The client's notifications: the switches (workspace and client), 'On my way', and
// the messages staff see on a visit or an invoice.

const notification = z.enum(CLIENT_NOTIFICATIONS);

/** The workspace's switches: a notification left out is on. */
export const clientNotificationSwitches = z.partialRecord(notification, z.boolean());
export type ClientNotificationSwitches = Partial<Record<ClientNotification, boolean>>;

export const reminderHours = z
  .number(CLIENT_MESSAGE_TEXTS.reminderHoursInvalid)
  .int(CLIENT_MESSAGE_TEXTS.reminderHoursInvalid)
  .min(REMINDER_HOURS.min, CLIENT_MESSAGE_TEXTS.reminderHoursInvalid)
  .max(REMINDER_HOURS.max, CLIENT_MESSAGE_TEXTS.reminderHoursInvalid);

/** `PUT /api/clients/{id}/notifications`: what this client is sent (staff). */
export const clientNotificationsInput = z.object({
  notificationsOff: z.array(notification).max(CLIENT_NOTIFICATIONS.length),
  /** false: unsubscribed from everything (as the e-mail's link does); true: subscribed again. */
  subscribed: z.boolean(),
});
export type ClientNotificationsInput = z.input<typeof clientNotificationsInput>;

/** `POST /api/visits/{id}/on-my-way`. */
export const onMyWayInput = z.object({
  etaMinutes: z
    .number(CLIENT_MESSAGE_TEXTS.etaInvalid)
    .refine((value) => (ETA_MINUTES as readonly number[]).includes(value), CLIENT_MESSAGE_TEXTS.etaInvalid),
});
export type OnMyWayInput = z.input<typeof onMyWayInput>;
