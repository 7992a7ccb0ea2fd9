// Every number of spec section 9, named once.

export const AUTH_LOADING_TIMEOUT_MS = 5000;
export const DASHBOARD_LOAD_TIMEOUT_MS = 10000;
export const MIN_PASSWORD_LENGTH = 6;
/** better-auth's own ceiling (its default), checked by our schemas first so the message is ours. */
export const MAX_PASSWORD_LENGTH = 128;

// Proven e-mail addresses, and mail nobody can abuse.
/** A verification link works this long (and once). */
export const EMAIL_VERIFICATION_HOURS = 24;
/** A password-reset link works this long (and once). */
export const PASSWORD_RESET_MINUTES = 60;

/** What an outgoing e-mail is, for the per-sender limits (table mail_sends). */
export const MAIL_KINDS = [
  'invitation',
  'invoice',
  'verification',
  'password_reset',
  'account_claim',
  'visit_report',
  'portal_link',
  'client_message',
  'quote',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];
/**
 * Mail to people outside the business (invitations, invoices, visit reports, portal links, the
 * outbox's client messages): one budget, per person, per workspace and per address.
 */
export const MAIL_TO_OTHERS_KINDS = [
  'invitation',
  'invoice',
  'visit_report',
  'portal_link',
  'client_message',
  'quote',
] as const satisfies readonly MailKind[];
/** What one person may cause to be sent. */
export const MAIL_LIMITS = { perHour: 20, perDay: 100 } as const;
/**
 * What one business may send in 24 hours: a new one little, more from a week old, most once a
 * month old with verified activity (a card payment received through the provider, or
 * `established.completedVisits` visits done). `workspaces.mail_per_day` overrides it.
 */
export const WORKSPACE_MAIL_PER_DAY = {
  new: 50,
  week: { days: 7, max: 200 },
  established: { days: 30, completedVisits: 20, max: 1000 },
} as const;
/** E-mails one address gets in 24 hours at most, whoever sends them (compared in lower case). */
export const MAIL_PER_RECIPIENT_PER_DAY = 20;
/** Mail Rounds sends to an account's own address (verify, reset): at most this many per account and kind an hour. */
export const ACCOUNT_MAIL_PER_HOUR = 5;

export const ACCOUNT_ROLES = ['customer', 'provider', 'admin'] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];
export const DEFAULT_ACCOUNT_ROLE: AccountRole = 'customer';

export const PROPERTY_ROLES = ['owner', 'technician'] as const;
export type PropertyRole = (typeof PROPERTY_ROLES)[number];
/** spec §2/§9: the badge shown when no relationship is known. */
export const DEFAULT_DISPLAYED_PROPERTY_ROLE: PropertyRole = 'technician';

// A workspace is one business; its members have one of these roles.
export const WORKSPACE_ROLES = ['owner', 'manager', 'technician'] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];
/** How a workspace role is named where people read it (the menu, My Profile, the invitation). */
export const WORKSPACE_ROLE_LABELS: Record<WorkspaceRole, string> = {
  owner: 'Owner',
  manager: 'Manager',
  technician: 'Technician',
};
/** A workspace's settings until its owner changes them. */
export const DEFAULT_PAYMENT_TERMS_DAYS = 30;
export const DEFAULT_TIME_ZONE = 'UTC';
export const WORKSPACE_INVITATION_DAYS = 14;
/** An invitation stays after it is answered, so its link can say so; 'expired' is worked out from its date. */
export const INVITATION_STATUSES = ['pending', 'accepted', 'declined'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number] | 'expired';

export const VISIT_ROLES = ['lead', 'assistant'] as const;
export type VisitRole = (typeof VISIT_ROLES)[number];

export const VISIT_STATUSES = ['scheduled', 'in_progress', 'completed', 'cancelled'] as const;
export type VisitStatus = (typeof VISIT_STATUSES)[number];
/** `GET /api/visits?when=`: from the start of today in the workspace's time zone on, or before it. */
export const VISIT_WHEN = ['upcoming', 'past', 'today'] as const;
export type VisitWhen = (typeof VISIT_WHEN)[number];

export const VISIT_TASK_STATUSES = ['pending', 'in_progress', 'completed', 'skipped'] as const;
export type VisitTaskStatus = (typeof VISIT_TASK_STATUSES)[number];

/** spec §4's five, and 'void': kept on record with its reason, counting in no totals. */
export const INVOICE_STATUSES = ['draft', 'sent', 'paid', 'overdue', 'cancelled', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
/** The statuses the invoice form offers (spec §4: any of the spec's; 'void' only by voiding, with a reason). */
export const FORM_INVOICE_STATUSES = ['draft', 'sent', 'paid', 'overdue', 'cancelled'] as const;
/** How a payment was made. */
export const PAYMENT_METHODS = ['cash', 'check', 'card', 'bank_transfer', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** Card payments through a provider (docs/decisions/payments.md). */
export const PAYMENT_PROVIDERS = ['stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];
/** A provider refund's states, as the provider names them. */
export const REFUND_STATUSES = ['pending', 'succeeded', 'failed', 'canceled'] as const;
export type RefundStatusName = (typeof REFUND_STATUSES)[number];
/** An invoice's discount is an amount (cents) or a percent (basis points) of its subtotal. */
export const DISCOUNT_KINDS = ['amount', 'percent'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];
/** At most this many extra lines on one invoice. */
export const MAX_INVOICE_ITEMS = 50;

/** spec §3: seven attachable types for notes (and `client`); photos take all but `photo`. */
export const NOTE_ATTACHABLE_TYPES = [
  'property',
  'task',
  'visit',
  'invoice',
  'client',
  'profile',
  'secondary_profile',
  'photo',
] as const;
export type NoteAttachableType = (typeof NOTE_ATTACHABLE_TYPES)[number];
export const PHOTO_ATTACHABLE_TYPES = [
  'property',
  'task',
  'visit',
  'invoice',
  'client',
  'profile',
  'secondary_profile',
] as const;
export type PhotoAttachableType = (typeof PHOTO_ATTACHABLE_TYPES)[number];
/** spec §5: the types offered on the photo upload page. */
export const PHOTO_UPLOAD_TYPES = ['property', 'task', 'visit', 'invoice'] as const;
/** spec §3: the original app's way of saying "attached to nothing"; stored as NULL. */
export const NIL_ATTACHABLE_ID = '00000000-0000-0000-0000-000000000000';

/** spec §9: 8 % of subtotal, in basis points to keep cents exact. */
export const TAX_RATE_BASIS_POINTS = 800;
export const INVOICE_NUMBER_PREFIX = 'INV-';
/** Quotes are numbered per workspace with their own prefix: Q-0001, Q-0002… */
export const QUOTE_NUMBER_PREFIX = 'Q-';
/** A new quote is valid this many days unless the workspace says otherwise. */
export const DEFAULT_QUOTE_VALID_DAYS = 30;
export const QUOTE_STATUSES = ['draft', 'sent', 'approved', 'declined', 'expired', 'converted', 'cancelled'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
export const DEPOSIT_KINDS = ['percent', 'amount'] as const;
export const DUE_DATE_SHORTCUT_DAYS = 60;

/** spec §5: a photo is smaller than 10 MB ('File size must be less than 10MB'): a file of exactly this size is refused. */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
/** The one reading of spec §5's limit, for the form's check; the server's upload stops at the same byte. */
export const isPhotoTooLarge = (bytes: number) => bytes >= MAX_PHOTO_BYTES;
export const CAMERA_IDEAL_WIDTH = 1920;
export const CAMERA_IDEAL_HEIGHT = 1080;
export const CAMERA_JPEG_QUALITY = 0.9;
export const IMAGE_CACHE_SECONDS = 3600;

export const DASHBOARD_UPCOMING_VISITS = 5;
export const DEFAULT_UPCOMING_VISITS = 10;
export const NOTE_PREVIEW_LENGTH = 150;
export const NOTE_TEXTAREA_ROWS = 8;
export const DEFAULT_COUNTRY = 'USA';

export const SECONDARY_PROFILE_REDIRECT_MS = 1000;
export const PROFILE_RELOAD_MS = 1000;
export const ROLE_SAVE_REDIRECT_MS = 1500;
export const NOT_FOUND_REDIRECT_MS = 2000;
export const DEBUG_QUERY_ROW_LIMIT = 5;

/**
 * Text caps (spec §9 sets none): a name that fits a screen, an address that fits an envelope.
 * Without them one 1 MB name made every list that shows it 1 MB larger.
 */
export const TEXT_LIMITS = {
  name: 100,
  address: 200,
  place: 100,
  phone: 40,
  company: 100,
  email: 254,
  description: 2000,
  caption: 500,
  note: 10_000,
  search: 200,
} as const;

/** Lists are paginated (spec §9 sets no size; ours). */
export const DEFAULT_PAGE_SIZE = 20;

/** The time report counts the tasks completed in the last this many days. */
export const TIME_REPORT_DAYS = 90;
export const MAX_PAGE_SIZE = 100;
