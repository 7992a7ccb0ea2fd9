// The client's side. What a client is told by e-mail, what staff see in the app's
// bell, and the limits of portal links and sessions. Shared by the server, the forms and tests.

/** Every message Rounds e-mails a client (table client_messages). */
export const CLIENT_MESSAGE_KINDS = [
  'visit_scheduled',
  'visit_moved',
  'visit_cancelled',
  'visit_reminder',
  'on_my_way',
  'visit_completed',
  'visit_report',
  'invoice_sent',
] as const;
export type ClientMessageKind = (typeof CLIENT_MESSAGE_KINDS)[number];

/** The notifications a workspace and a client switch on or off. */
export const CLIENT_NOTIFICATIONS = [
  'visit_changes',
  'visit_reminder',
  'on_my_way',
  'visit_completed',
  'invoice_sent',
] as const;
export type ClientNotification = (typeof CLIENT_NOTIFICATIONS)[number];

/** Which switch a message kind answers to. */
export const NOTIFICATION_OF: Record<ClientMessageKind, ClientNotification> = {
  visit_scheduled: 'visit_changes',
  visit_moved: 'visit_changes',
  visit_cancelled: 'visit_changes',
  visit_reminder: 'visit_reminder',
  on_my_way: 'on_my_way',
  visit_completed: 'visit_completed',
  // The report with the PDF, instead of 'Visit completed', where the property sends it on completion.
  visit_report: 'visit_completed',
  invoice_sent: 'invoice_sent',
};

export const NOTIFICATION_LABELS: Record<ClientNotification, string> = {
  visit_changes: 'Visit scheduled, moved or cancelled',
  visit_reminder: 'Reminder before the visit',
  on_my_way: 'On my way',
  visit_completed: 'Visit completed, with the report',
  invoice_sent: 'Invoice sent',
};

export const MESSAGE_KIND_LABELS: Record<ClientMessageKind, string> = {
  visit_scheduled: 'Visit scheduled',
  visit_moved: 'Visit moved',
  visit_cancelled: 'Visit cancelled',
  visit_reminder: 'Reminder',
  on_my_way: 'On my way',
  visit_completed: 'Visit completed',
  visit_report: 'Visit report',
  invoice_sent: 'Invoice sent',
};

/** pending → sending → sent; a failed attempt goes back to pending with a later `not_before`, until the last. */
/** 'held': past the mail budget of the person or the business; kept, not sent, and the office is told. */
export const MESSAGE_STATUSES = ['pending', 'sending', 'sent', 'failed', 'skipped', 'held'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** Changes to one visit within this window make one message (a move and its undo make none). */
export const COALESCE_SECONDS = 60;
/** Attempts before a message is 'failed' for good; the wait doubles from 30 s. */
export const MESSAGE_MAX_ATTEMPTS = 6;
export const MESSAGE_FIRST_RETRY_SECONDS = 30;

export const DEFAULT_REMINDER_HOURS = 24;
export const REMINDER_HOURS = { min: 1, max: 168 } as const;

/** 'On my way': the arrival estimates a technician picks from. */
export const ETA_MINUTES = [15, 30, 45, 60] as const;
export type EtaMinutes = (typeof ETA_MINUTES)[number];

/** A portal link works once, within 7 days; the session it starts lasts 30. */
export const PORTAL_LINK_TTL_DAYS = 7;
export const PORTAL_SESSION_DAYS = 30;

export const VISIT_REQUEST_STATUSES = ['open', 'scheduled', 'declined'] as const;
export type VisitRequestStatus = (typeof VISIT_REQUEST_STATUSES)[number];
export const VISIT_REQUEST_LIMITS = { message: 2000, dates: 3 } as const;

/** What a staff member's bell lists (table staff_notifications). */
export const STAFF_NOTIFICATION_KINDS = [
  'visit_assigned',
  'visit_changed',
  'visit_request',
  'mail_held',
  'quote_approved',
  'quote_declined',
  'payment_unapplied',
] as const;
export type StaffNotificationKind = (typeof STAFF_NOTIFICATION_KINDS)[number];

/** How a client's consent changed, and who changed it (table client_consents). */
export const CONSENT_ACTIONS = ['subscribed', 'unsubscribed'] as const;
export const CONSENT_SOURCES = ['staff', 'link', 'portal'] as const;
