import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  COALESCE_SECONDS,
  NOTIFICATION_OF,
  type ClientMessageKind,
  type ClientNotification,
} from '../../../shared/notifications';
import type { Member } from '../../access/member';
import { messageWritten } from './wake';
import type { Executor } from '../../db/client';
import {
  clientMessages,
  clients,
  invoices,
  photos,
  profiles,
  properties,
  visits,
  visitTasks,
  workspaces,
} from '../../db/schema';

// The client's e-mails go into the durable outbox (client_messages) inside the
// transaction of the change that causes them: the change and its message exist together or not
// at all, and a replayed request (Idempotency-Key) never runs the change twice, so it never
// writes the message twice. The worker (message-worker.ts) sends them.
//
// A visit's changes (scheduled, moved, cancelled) wait a minute before they go; a change within
// that minute folds into the message still waiting, so a move and its undo send nothing, and a
// visit moved three times is told once.
//
// The client's e-mails of one visit follow its timeline. A later event (on my way, the start,
// the completion) drops what still waits to be told about the visit's schedule, in the same
// transaction: a 'Visit scheduled' never arrives after 'On my way'. 'Visit moved' and 'Visit
// cancelled' go only to a client who was told of the visit (a follow-up booked in the office,
// an occurrence of a series). The worker sends a visit's messages in the order they were
// written (message-worker.ts).

/** What a message needs to be written when the records it speaks of are gone or changed. */
export interface VisitSnapshot {
  propertyName: string;
  address: string;
  scheduledAt: string;
  /** visit_moved: the time the client was last told. */
  previousScheduledAt?: string;
  /** on_my_way: the arrival the technician gave. */
  etaAt?: string;
  /** on_my_way: the display name of who is coming, when they set one. */
  technicianName?: string | null;
  /** visit_completed: the office's reason when it was completed anyway. */
  overrideReason?: string | null;
  /** visit_completed: the tasks not done (skipped, or left undone when completed anyway). */
  notDone?: string[];
  /** visit_completed: how many photos the report has. */
  photoCount?: number;
}

interface Recipient {
  clientId: string;
  email: string;
  workspaceId: string;
}

const CHANGE_KINDS = ['visit_scheduled', 'visit_moved', 'visit_cancelled'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/** Whether the workspace and the client want `notification`, as a SQL condition on the joined rows. */
const wants = (notification: ClientNotification) => sql`(
  ${clients.unsubscribedAt} is null
  and not (${notification} = any(${clients.notificationsOff}))
  and coalesce((${workspaces.clientNotifications} ->> ${notification})::boolean, true)
  and coalesce(btrim(${clients.email}), '') <> '')`;

/** The client of a visit's property when they want `kind`, with the visit as it is now. */
async function visitRecipient(tx: Executor, visitId: string, kind: ClientMessageKind) {
  const [row] = await tx
    .select({
      clientId: clients.id,
      email: clients.email,
      workspaceId: visits.workspaceId,
      propertyName: properties.name,
      address: properties.address,
      scheduledAt: visits.scheduledAt,
      sendsReport: properties.sendReportOnComplete,
    })
    .from(visits)
    .innerJoin(properties, eq(properties.id, visits.propertyId))
    .innerJoin(clients, eq(clients.id, properties.clientId))
    .innerJoin(workspaces, eq(workspaces.id, visits.workspaceId))
    .where(and(eq(visits.id, visitId), wants(NOTIFICATION_OF[kind])));
  return row ? { ...row, email: row.email!.trim() } : null;
}

const snapshotOf = (row: { propertyName: string; address: string; scheduledAt: Date }): VisitSnapshot => ({
  propertyName: row.propertyName,
  address: row.address,
  scheduledAt: row.scheduledAt.toISOString(),
});

async function insertMessage(
  tx: Executor,
  to: Recipient,
  message: {
    kind: ClientMessageKind;
    visitId?: string | null;
    invoiceId?: string | null;
    payload: object;
    dedupeKey?: string;
    delaySeconds?: number;
    causedBy: string | null;
  },
): Promise<void> {
  await tx
    .insert(clientMessages)
    .values({
      workspaceId: to.workspaceId,
      clientId: to.clientId,
      recipient: to.email,
      kind: message.kind,
      visitId: message.visitId ?? null,
      invoiceId: message.invoiceId ?? null,
      payload: message.payload as Record<string, unknown>,
      dedupeKey: message.dedupeKey ?? null,
      notBefore: sql`now() + make_interval(secs => ${message.delaySeconds ?? 0})`,
      causedBy: message.causedBy,
    })
    .onConflictDoNothing();
  messageWritten();
}

/** Whether the client has been told of the visit: a message of it went, or is going now. */
async function toldOfVisit(tx: Executor, visitId: string): Promise<boolean> {
  const [told] = await tx
    .select({ id: clientMessages.id })
    .from(clientMessages)
    .where(and(eq(clientMessages.visitId, visitId), inArray(clientMessages.status, ['sent', 'sending'])))
    .limit(1);
  return Boolean(told);
}

/** Messages of a visit that a later event makes untrue, with the event that overtook them. */
const OVERTAKEN_BY = {
  on_my_way: ['visit_scheduled', 'visit_moved', 'visit_reminder'],
  underway: ['visit_scheduled', 'visit_moved', 'visit_reminder', 'on_my_way'],
} as const satisfies Record<string, readonly ClientMessageKind[]>;

/** Drops what still waits to be told of the visit that `event` has overtaken (never sent after it). */
async function dropOvertaken(tx: Executor, visitId: string, event: keyof typeof OVERTAKEN_BY, why: string) {
  await tx
    .update(clientMessages)
    .set({ status: 'skipped', lastError: why, lockedUntil: null })
    .where(
      and(
        eq(clientMessages.visitId, visitId),
        inArray(clientMessages.kind, [...OVERTAKEN_BY[event]]),
        eq(clientMessages.status, 'pending'),
      ),
    );
}

/** A visit started or was completed: what still waits about its schedule is no longer news. */
export async function noticeVisitUnderway(tx: Executor, member: Member, visitId: string): Promise<void> {
  await dropOvertaken(tx, visitId, 'underway', 'Overtaken: the visit has started');
}

/**
 * A visit was scheduled, moved, cancelled or restored (`change`), inside the transaction that
 * changed it. `before` is what the client was told last when no message is waiting: the
 * visit's time before this change.
 */
export async function queueVisitChange(
  tx: Executor,
  member: Member,
  visitId: string,
  change: ChangeKind,
  before: { scheduledAt: Date },
): Promise<void> {
  const causedBy = member.id;
  const [waiting] = await tx
    .select()
    .from(clientMessages)
    .where(
      and(
        eq(clientMessages.visitId, visitId),
        inArray(clientMessages.kind, [...CHANGE_KINDS]),
        eq(clientMessages.status, 'pending'),
      ),
    )
    .for('update')
    .limit(1);
  const now = await visitRecipient(tx, visitId, change);
  if (!waiting) {
    if (!now) return;
    // Moved or cancelled: news only to a client who knows of the visit.
    if (change !== 'visit_scheduled' && !(await toldOfVisit(tx, visitId))) return;
    const payload: VisitSnapshot = snapshotOf(now);
    if (change === 'visit_moved') payload.previousScheduledAt = before.scheduledAt.toISOString();
    await insertMessage(tx, now, { kind: change, visitId, payload, delaySeconds: COALESCE_SECONDS, causedBy });
    return;
  }
  const told = waiting.payload as unknown as VisitSnapshot;
  const kind = folded(waiting.kind as ChangeKind, change, told, now);
  if (!now || kind === null) {
    await tx
      .update(clientMessages)
      .set({ status: 'skipped', lastError: 'Undone within a minute: nothing to tell' })
      .where(eq(clientMessages.id, waiting.id));
    return;
  }
  const payload: VisitSnapshot = { ...snapshotOf(now) };
  if (kind === 'visit_moved') payload.previousScheduledAt = told.previousScheduledAt ?? told.scheduledAt;
  await tx
    .update(clientMessages)
    .set({
      kind,
      payload: payload as unknown as Record<string, unknown>,
      recipient: now.email,
      notBefore: sql`now() + make_interval(secs => ${COALESCE_SECONDS})`,
    })
    .where(eq(clientMessages.id, waiting.id));
}

/**
 * The one message a waiting change and the next make together, or null when together they
 * change nothing the client knows: scheduled then cancelled, moved back to where it was,
 * cancelled then restored at the same time.
 */
function folded(
  first: ChangeKind,
  next: ChangeKind,
  told: VisitSnapshot,
  now: { scheduledAt: Date } | null,
): ChangeKind | null {
  const at = now?.scheduledAt.toISOString();
  if (first === 'visit_scheduled') return next === 'visit_cancelled' ? null : 'visit_scheduled';
  if (next === 'visit_cancelled') return 'visit_cancelled';
  // The time the client knows: before the first move, or of the visit they were told is cancelled.
  const known = first === 'visit_moved' ? told.previousScheduledAt : told.scheduledAt;
  return at === known ? null : 'visit_moved';
}

/**
 * A visit is deleted (inside its transaction, before the row goes): the client hears it is
 * cancelled, unless they were never told of it (a 'scheduled' message still waiting, which the
 * delete takes with it).
 */
export async function queueVisitDeleted(tx: Executor, member: Member, visitId: string): Promise<void> {
  const causedBy = member.id;
  const [visit] = await tx
    .select({ status: visits.status, scheduledAt: visits.scheduledAt })
    .from(visits)
    .where(eq(visits.id, visitId));
  if (!visit || visit.status !== 'scheduled' || visit.scheduledAt.getTime() < Date.now()) return;
  const [waiting] = await tx
    .select({ kind: clientMessages.kind })
    .from(clientMessages)
    .where(and(eq(clientMessages.visitId, visitId), eq(clientMessages.status, 'pending')));
  if (waiting?.kind === 'visit_scheduled') return;
  if (!waiting && !(await toldOfVisit(tx, visitId))) return;
  const to = await visitRecipient(tx, visitId, 'visit_cancelled');
  if (!to) return;
  // Not tied to the visit row, which is about to go: the snapshot says everything.
  await insertMessage(tx, to, { kind: 'visit_cancelled', payload: snapshotOf(to), causedBy });
}

/**
 * A visit was just completed: the client hears it with a link to its report, or, where the
 * property sends the report on completion, gets the report itself with its PDF ('visit_report':
 * the worker renders it when it sends, never the request that completes the visit). Told as it
 * happened: completed anyway and why, the tasks not done, and photos only when there are some.
 */
export async function queueVisitCompleted(tx: Executor, member: Member, visitId: string): Promise<void> {
  const causedBy = member.id;
  const to = await visitRecipient(tx, visitId, 'visit_completed');
  if (!to) return;
  const [visit] = await tx.select({ overrideReason: visits.overrideReason }).from(visits).where(eq(visits.id, visitId));
  const notDone = await tx
    .select({ name: visitTasks.name })
    .from(visitTasks)
    .where(and(eq(visitTasks.visitId, visitId), sql`${visitTasks.status} <> 'completed'`))
    .orderBy(visitTasks.name);
  const [pictures] = await tx
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(photos)
    .where(and(eq(photos.attachableType, 'visit'), eq(photos.attachableId, visitId)));
  const payload: VisitSnapshot = {
    ...snapshotOf(to),
    overrideReason: visit?.overrideReason ?? null,
    notDone: notDone.map((task) => task.name),
    photoCount: pictures?.count ?? 0,
  };
  const kind = to.sendsReport ? 'visit_report' : 'visit_completed';
  await insertMessage(tx, to, { kind, visitId, payload, causedBy });
}

/** 'On my way': once per visit (a second tap, or a replay, finds the first). */
export async function queueOnMyWay(tx: Executor, member: Member, visitId: string, etaAt: Date): Promise<void> {
  const causedBy = member.id;
  await dropOvertaken(tx, visitId, 'on_my_way', 'Overtaken: the technician is on the way');
  const to = await visitRecipient(tx, visitId, 'on_my_way');
  if (!to) return;
  const [person] = await tx.select({ name: profiles.displayName }).from(profiles).where(eq(profiles.userId, member.id));
  const technicianName = person?.name?.trim() || null;
  const payload: VisitSnapshot = { ...snapshotOf(to), etaAt: etaAt.toISOString(), technicianName };
  await insertMessage(tx, to, { kind: 'on_my_way', visitId, payload, dedupeKey: `on_my_way:${visitId}`, causedBy });
}

/** An invoice was sent: the client hears it with a link to the portal, where it is and can be paid. */
export async function queueInvoiceSent(tx: Executor, member: Member, invoiceId: string): Promise<void> {
  const causedBy = member.id;
  const [to] = await tx
    .select({
      clientId: clients.id,
      email: clients.email,
      workspaceId: invoices.workspaceId,
      invoiceNumber: invoices.invoiceNumber,
      total: invoices.total,
      dueDate: invoices.dueDate,
    })
    .from(invoices)
    .innerJoin(properties, eq(properties.id, invoices.propertyId))
    .innerJoin(clients, eq(clients.id, properties.clientId))
    .innerJoin(workspaces, eq(workspaces.id, invoices.workspaceId))
    .where(and(eq(invoices.id, invoiceId), wants('invoice_sent')));
  if (!to) return;
  const payload = { invoiceNumber: to.invoiceNumber, total: to.total, dueDate: to.dueDate };
  await insertMessage(tx, { ...to, email: to.email!.trim() }, { kind: 'invoice_sent', invoiceId, payload, causedBy });
}
