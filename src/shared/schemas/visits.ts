import { z } from 'zod';
import type { VisitClientDto } from './clients';
import {
  DEFAULT_PAGE_SIZE,
  DEFAULT_UPCOMING_VISITS,
  MAX_PAGE_SIZE,
  TEXT_LIMITS,
  type InvoiceStatus,
  VISIT_STATUSES,
  VISIT_TASK_STATUSES,
  VISIT_WHEN,
  type VisitRole,
  type VisitStatus,
  type VisitTaskStatus,
} from '../constants';
import { clientId, isoInstant, optionalText, pageQuery } from './common';
import { cents } from './money';
import { VISIT_MESSAGES } from '../messages/visits';
import { INSPECTION_RESULTS, type InspectionResult, type PhotoTag, type Requirement } from '../evidence';
import type { PersonSummary, PropertySummary } from './summaries';

// spec §2 (Visits), §3 (visit, visit_users, visit_tasks), §4, §5 and §8.

export const visitStatus = z.enum(VISIT_STATUSES, {
  error: 'Status must be scheduled, in_progress, completed or cancelled',
});
export const visitTaskStatus = z.enum(VISIT_TASK_STATUSES, {
  error: 'Status must be pending, in_progress, completed or skipped',
});

const propertyId = z
  .string({ error: VISIT_MESSAGES.propertyRequired })
  .trim()
  .min(1, VISIT_MESSAGES.propertyRequired)
  .pipe(z.uuid(VISIT_MESSAGES.propertyRequired));

/**
 * An instant with its offset, years 1–9999 (`isoInstant`). A time without an offset would be
 * read in the server's zone, so the form turns the browser's local datetime-local value into an
 * instant before it validates (lib/datetime.ts `localInputToIso`).
 */
const scheduledAt = z
  .string({ error: VISIT_MESSAGES.scheduledAtRequired })
  .trim()
  .min(1, VISIT_MESSAGES.scheduledAtRequired)
  .pipe(isoInstant(VISIT_MESSAGES.scheduledAtRequired));

/**
 * 'Assign to': the members on the visit, the first as lead. Left out when creating: the
 * creator alone (spec §6: the creator is the lead). Each must be a member of the workspace.
 */
export const assigneeIds = z
  .array(z.uuid(VISIT_MESSAGES.assigneeInvalid), VISIT_MESSAGES.assigneeInvalid)
  .max(20, VISIT_MESSAGES.tooManyAssignees)
  .refine((ids) => new Set(ids).size === ids.length, VISIT_MESSAGES.assigneeTwice);

/** 'Complete anyway': with status completed, an owner's or manager's written reason. */
const overrideReason = z
  .string(VISIT_MESSAGES.overrideReasonRequired)
  .trim()
  .min(1, VISIT_MESSAGES.overrideReasonRequired)
  .max(TEXT_LIMITS.description, VISIT_MESSAGES.overrideReasonTooLong)
  .optional();

/** A visit done any time on its day rather than at its time (routes order it). */
export const anytime = z.boolean('Anytime must be true or false');

export const createVisitInput = z.object({
  id: clientId,
  propertyId,
  scheduledAt,
  status: visitStatus.default('scheduled'),
  /** Made as completed with evidence missing: the office's reason, as when completing later. */
  overrideReason,
  /** Add the property's active tasks as pending visit tasks (on by default). */
  addPropertyTasks: z.boolean().default(true),
  assigneeIds: assigneeIds.optional(),
  /** Done any time on its day (the route decides when); its time is a suggestion. */
  anytime: anytime.default(false),
});
export type CreateVisitInput = z.input<typeof createVisitInput>;

/** The version the client last saw: when given and no longer current, 409 with the current record. */
export const expectedVersion = z
  .number({ error: 'Version must be a whole number' })
  .int('Version must be a whole number')
  .min(1, 'Version must be a whole number')
  // The column is a PostgreSQL integer: anything larger is no version of ours (400, not a 500).
  .max(2_147_483_647, 'Version must be a whole number')
  .optional();

/**
 * When the device made the change (an instant with its offset). A change that completes
 * the visit or task is stamped with it when plausible (not in the future, not before the visit
 * was made), else with the server's time.
 */
export const changedAt = isoInstant('At must be a date and time with its offset').optional();

export const updateVisitInput = z.object({
  propertyId: propertyId.optional(),
  scheduledAt: scheduledAt.optional(),
  status: visitStatus.optional(),
  overrideReason,
  /** Replaces who is on the visit (the first as lead). */
  assigneeIds: assigneeIds.optional(),
  anytime: anytime.optional(),
  version: expectedVersion,
  at: changedAt,
});
export type UpdateVisitInput = z.input<typeof updateVisitInput>;

/** An ISO instant in a query string (`?from=2030-06-01T00:00:00Z`), years 1–9999 like every instant. */
const instantParam = (label: string) => isoInstant(`${label} must be a date and time`);

/** A page of visits in a window (`from`/`to`) may hold this many: the calendar loads a month at once. */
export const MAX_WINDOW_PAGE_SIZE = 500;

/**
 * `GET /api/visits`: `from` and `to` (the calendar) give the visits scheduled in
 * [from, to), both or neither, soonest first; `userId` keeps the visits that person is on.
 * `when`: `upcoming` from the start of today in the workspace's time zone, soonest
 * first; `past` before it, latest first. With a window, `limit` goes up to 500; without, up to the usual 100.
 */
export const listVisitsQuery = pageQuery
  .extend({
    limit: z.coerce.number().int().min(1).max(MAX_WINDOW_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
    status: visitStatus.optional(),
    propertyId: z.uuid().optional(),
    /** The visits at one client's properties (owners and managers). */
    clientId: z.uuid().optional(),
    userId: z.uuid().optional(),
    from: instantParam('From').optional(),
    to: instantParam('To').optional(),
    when: z.enum(VISIT_WHEN, { error: 'When must be upcoming, past or today' }).optional(),
    /** Completed visits on no invoice that stands (owners and managers). */
    unbilled: z
      .enum(['true', 'false'])
      .transform((value) => value === 'true')
      .optional(),
  })
  .refine((query) => (query.from === undefined) === (query.to === undefined), {
    message: 'Give both from and to, or neither',
    path: ['to'],
  })
  .refine((query) => !query.from || !query.to || query.to > query.from, {
    message: 'To must be after from',
    path: ['to'],
  })
  .refine((query) => query.from !== undefined || query.limit <= MAX_PAGE_SIZE, {
    message: `Limit must be at most ${MAX_PAGE_SIZE} unless from and to are given`,
    path: ['limit'],
  });
export type ListVisitsQuery = z.input<typeof listVisitsQuery>;

/**
 * `GET /api/visits/mine?from=&to=` (the Today view): the caller's own visits scheduled
 * in [from, to) with their tasks, plus any still in progress from before `from`. At most 31 days.
 */
export const myVisitsQuery = z
  .object({ from: instantParam('From'), to: instantParam('To') })
  // zod runs these also when a date did not parse: only compare two dates.
  .refine((query) => !bothDates(query) || query.to > query.from, { message: 'To must be after from', path: ['to'] })
  .refine((query) => !bothDates(query) || query.to.getTime() - query.from.getTime() <= 31 * 24 * 60 * 60 * 1000, {
    message: 'The window is at most 31 days',
    path: ['to'],
  });
const bothDates = (query: { from: unknown; to: unknown }) => query.from instanceof Date && query.to instanceof Date;
export type MyVisitsQuery = z.input<typeof myVisitsQuery>;

export const upcomingVisitsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_UPCOMING_VISITS),
});

export const addVisitTaskInput = z.object({
  taskId: z.uuid('Please select a task'),
  /** Omitted or null: the price of the property's copy (custom, else its default), else the template's. */
  price: cents.nullish(),
});
export type AddVisitTaskInput = z.input<typeof addVisitTaskInput>;

/** A reading is a finite number (out of range is allowed, and flagged); null clears it. */
const reading = z.number(VISIT_MESSAGES.readingInvalid).finite(VISIT_MESSAGES.readingInvalid).nullable();

export const updateVisitTaskInput = z.object({
  status: visitTaskStatus.optional(),
  /** The task's note (a skip's reason, what was done about an out-of-range reading…). */
  notes: optionalText(TEXT_LIMITS.description, 'Note').optional(),
  /**
   * The same note under the name the proof-of-visit API's fixed shape gives it (outside tools send
   * `note`); accepted, never answered: `notes` is the field's one name everywhere else.
   */
  note: optionalText(TEXT_LIMITS.description, 'Note').optional(),
  reading: reading.optional(),
  result: z.enum(INSPECTION_RESULTS, VISIT_MESSAGES.resultInvalid).nullable().optional(),
  price: cents.nullable().optional(),
  version: expectedVersion,
  at: changedAt,
});
export type UpdateVisitTaskInput = z.input<typeof updateVisitTaskInput>;

/** 'Add follow-up': on the property's next scheduled visit, or on a new visit the next day. */
export const FOLLOW_UP_TARGETS = ['next', 'new'] as const;
export type FollowUpTarget = (typeof FOLLOW_UP_TARGETS)[number];

/** `POST /api/visits/:id/tasks/:taskId/follow-up`. */
export const followUpInput = z.object({
  target: z.enum(FOLLOW_UP_TARGETS, VISIT_MESSAGES.followUpTargetInvalid),
  /** A new visit only: when it is, as on the visit form. Left out: the next working day at the visit's time. */
  scheduledAt: scheduledAt.optional(),
  /** A new visit only: who does it, the first as lead. Left out: the same people as the visit. */
  assigneeIds: assigneeIds.optional(),
});
export type FollowUpInput = z.input<typeof followUpInput>;
/** What the server reads: `scheduledAt` as a Date. */
export type FollowUpData = z.output<typeof followUpInput>;

/** The text fields of `POST /api/visits/:id/signature` (multipart, beside `file`). */
export const signatureFields = z.object({
  signerName: z
    .string(VISIT_MESSAGES.signerNameRequired)
    .trim()
    .min(1, VISIT_MESSAGES.signerNameRequired)
    .max(TEXT_LIMITS.name, VISIT_MESSAGES.signerNameTooLong),
  /** When it was signed on the phone (queued offline); kept when not in the future. */
  signedAt: z.preprocess(
    (value) => value || undefined,
    isoInstant('Signed at must be a date and time with its offset').optional(),
  ),
});

export const taskOptionsQuery = pageQuery.extend({
  q: z.string().trim().max(200).optional(),
  /** `property`: the property's active tasks; `all`: the whole catalogue. */
  scope: z.enum(['property', 'all']).default('property'),
});
export type TaskOptionsQuery = z.input<typeof taskOptionsQuery>;

export const addVisitUserInput = z.object({
  userId: z.uuid('Please select a person'),
});
export type AddVisitUserInput = z.input<typeof addVisitUserInput>;

// ── answers ──

export interface VisitPersonDto extends PersonSummary {
  role: VisitRole;
}

/** `GET /api/visits` items. */
export interface VisitListItemDto {
  id: string;
  propertyId: string;
  scheduledAt: string;
  startedAt: string | null;
  completedAt: string | null;
  /** 'On my way': when the technician said so, and the arrival they estimated. */
  onMyWayAt: string | null;
  etaAt: string | null;
  status: VisitStatus;
  /** Bumped by every change. */
  version: number;
  /** The series this visit is an occurrence of. */
  seriesId: string | null;
  /** Done any time on its day; its time is a suggestion. */
  anytime: boolean;
  /** Its place in its lead's route of the day (1 first); null: not routed. */
  routeOrder: number | null;
  property: PropertySummary;
  /** The property's client, its name and phone only (the technician on the visit sees these too). */
  client: VisitClientDto | null;
  people: VisitPersonDto[];
}

export interface VisitTaskDto {
  id: string;
  visitId: string;
  taskId: string;
  name: string;
  description: string | null;
  estimatedDurationMinutes: number | null;
  /** cents */
  price: number | null;
  status: VisitTaskStatus;
  notes: string | null;
  completedAt: string | null;
  /** Bumped by every change. */
  version: number;
  /** The evidence the template asked for (copied), and what is in. */
  requirements: Requirement[];
  reading: number | null;
  /** The reading is outside its requirement's range. */
  readingFlagged: boolean;
  result: InspectionResult | null;
  /** Photos attached to this task, by tag. */
  photos: Record<PhotoTag, number>;
  /** The task this one follows up ('Add follow-up'), if any. */
  followUpOf: string | null;
}

/** The customer's signature on a visit. */
export interface VisitSignatureDto {
  signerName: string;
  signedAt: string;
  /** The image, streamed to whoever sees the visit. */
  url: string;
}

export interface VisitInvoiceDto {
  id: string;
  invoiceNumber: string;
  status: InvoiceStatus;
  /** cents */
  total: number;
  dueDate: string | null;
}

/** `GET /api/visits/:id`. */
export interface VisitDetailDto extends VisitListItemDto {
  createdAt: string;
  tasks: VisitTaskDto[];
  /** The property asks for the customer's signature before completion. */
  requireSignature: boolean;
  signature: VisitSignatureDto | null;
  /** 'Complete anyway': the reason, when it was completed with evidence missing. */
  overrideReason: string | null;
  /** The last reopening, when and by whom (their e-mail). */
  reopenedAt: string | null;
  reopenedBy: string | null;
  reportSentAt: string | null;
  /** Time on site: the sum of its tasks' estimates, and started to completed (minutes; null until both). */
  estimatedMinutes: number;
  actualMinutes: number | null;
  /** Empty for whoever may not see invoices (can.seeInvoices). */
  invoices: VisitInvoiceDto[];
  /** The viewer's place on the visit, if any. */
  myRole: VisitRole | null;
  can: VisitCan;
}

/** What the caller may do with a visit (access/policy.ts `policy.visit.can`). */
export interface VisitCan {
  /** Start, complete, cancel: whoever sees the visit (a technician on it too); once completed, only the office (to reopen). */
  changeStatus: boolean;
  /** Tick its tasks and write their notes; false while completed (locked). */
  tickTasks: boolean;
  /** Reschedule or move it: owners and managers, not while completed. */
  edit: boolean;
  delete: boolean;
  /** Add or remove tasks: owners and managers, not while completed. */
  manageTasks: boolean;
  /** Reopen a completed visit (PATCH status `in_progress`): owners and managers, only while completed. */
  reopen: boolean;
  /** 'Complete anyway' with a reason while evidence is missing: owners and managers. */
  completeAnyway: boolean;
  /** 'Add follow-up' on a failed finding: owners and managers. */
  addFollowUp: boolean;
  /** Choose who is on it (any member of the workspace). */
  managePeople: boolean;
  createInvoice: boolean;
  seeInvoices: boolean;
  /** Prices of its tasks: never a technician's. */
  seePrices: boolean;
}

export const VISIT_ROLE_LABELS: Record<VisitRole, string> = { lead: 'Lead', assistant: 'Assistant' };
export const VISIT_STATUS_LABELS: Record<VisitStatus, string> = {
  scheduled: 'Scheduled',
  in_progress: 'In progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export { VISIT_MESSAGES };
