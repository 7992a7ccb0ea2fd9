import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  MESSAGE_FIRST_RETRY_SECONDS,
  MESSAGE_MAX_ATTEMPTS,
  NOTIFICATION_OF,
  type ClientMessageKind,
} from '../../../shared/notifications';
import { messageRecipient, type PortalClient } from '../../access/member';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import {
  clientMessages,
  clients,
  staffNotifications,
  users,
  visits,
  workspaceMembers,
  workspaces,
} from '../../db/schema';
import { rootCause } from '../../log';
import type { Mailer } from '../../mail/mailer';
import { chargeMail, releaseMail } from '../../mail/outgoing';
import { notifyStaff, officeOf } from './staff-notifications';
import { clientMessageMail } from './message-mail';
import type { VisitSnapshot } from './client-messages';
import { onMessageWritten } from './wake';
import { repeatWhenWoken } from '../../jobs/repeat';

// The worker that sends the client-message outbox. Safe with any number of server
// processes: a batch is claimed with FOR UPDATE SKIP LOCKED (two workers never take the same
// row) and marked 'sending' with a lease; a worker that dies mid-send leaves the lease to run
// out, and another takes the message again (the one case a message could go twice: the mail
// server accepted it and the process died before it wrote 'sent'). A failed send waits 30 s,
// then 1, 2, 4, 8 minutes; the sixth failure is final. The error is kept on the row.

/** A mail written elsewhere with one attachment: the visit report (modules/visits `clientReportMail`). */
export interface ReportMail {
  subject: string;
  text: string;
  html: string;
  attachment: { filename: string; content: Buffer; contentType: string };
}

export interface WorkerDeps {
  db: Database;
  mailer: Mailer;
  config: Pick<Config, 'publicUrl' | 'authSecret'>;
  /** A fresh single-use portal link for a client, to `next` (modules/portal `issuePortalLink`). */
  portalLink: (client: { workspaceId: string; clientId: string }, next: string) => Promise<string>;
  /**
   * The visit report on completion as the client reads it, rendered now (modules/visits
   * `clientReportMail`); null when the client no longer sees the visit.
   */
  visitReport: (client: PortalClient, visitId: string) => Promise<ReportMail | null>;
}

/** A claimed message is another worker's to take only after this long (a crashed worker). */
const LEASE_SECONDS = 120;

type Claimed = typeof clientMessages.$inferSelect;

/** Claims up to `limit` due messages for this worker. */
async function claim(db: Database, limit: number): Promise<Claimed[]> {
  const result = await db.execute(sql`
    update ${clientMessages} set status = 'sending', attempts = attempts + 1,
      locked_until = now() + make_interval(secs => ${LEASE_SECONDS}), updated_at = now()
    where id in (
      select id from ${clientMessages}
      where status in ('pending', 'sending') and not_before <= now()
        and (status = 'pending' or locked_until < now())
      order by not_before
      limit ${limit}
      for update skip locked)
    returning id`);
  const ids = (result as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
  if (ids.length === 0) return [];
  return db
    .select()
    .from(clientMessages)
    .where(sql`${clientMessages.id} = any(${sql.param(ids)}::uuid[])`)
    .orderBy(asc(clientMessages.notBefore));
}

/** Sends every message due now, in batches; returns how many it handled (sent, skipped or failed). */
export async function sendDueMessages(deps: WorkerDeps, batch = 20): Promise<number> {
  let handled = 0;
  for (;;) {
    const claimed = await claim(deps.db, batch);
    for (const message of claimed) await deliver(deps, message);
    handled += claimed.length;
    if (claimed.length < batch) return handled;
  }
}

type Outcome = { status: 'sent' } | { status: 'skipped' | 'held'; reason: string } | { status: 'deferred' };

/** A message waiting behind an earlier one of its visit looks again after this long (no attempt spent). */
const DEFER_SECONDS = 5;

async function deliver(deps: WorkerDeps, message: Claimed): Promise<void> {
  let outcome: Outcome;
  try {
    outcome = await send(deps, message);
  } catch (error) {
    const reason = rootCause(error).slice(0, 500);
    const last = message.attempts >= MESSAGE_MAX_ATTEMPTS;
    const wait = MESSAGE_FIRST_RETRY_SECONDS * 2 ** (message.attempts - 1);
    await deps.db
      .update(clientMessages)
      .set({
        status: last ? 'failed' : 'pending',
        lastError: reason,
        lockedUntil: null,
        notBefore: sql`now() + make_interval(secs => ${wait})`,
      })
      .where(eq(clientMessages.id, message.id));
    return;
  }
  if (outcome.status === 'deferred') {
    await deps.db
      .update(clientMessages)
      .set({
        status: 'pending',
        attempts: sql`${clientMessages.attempts} - 1`,
        lockedUntil: null,
        notBefore: sql`now() + make_interval(secs => ${DEFER_SECONDS})`,
      })
      .where(eq(clientMessages.id, message.id));
    return;
  }
  const sentAt = new Date();
  await deps.db
    .update(clientMessages)
    .set(
      outcome.status === 'sent'
        ? { status: 'sent', sentAt, lockedUntil: null, lastError: null }
        : { status: outcome.status, lockedUntil: null, lastError: outcome.reason },
    )
    .where(eq(clientMessages.id, message.id));
  // The visit shows when its report went (as when the office sends it by hand).
  if (outcome.status === 'sent' && message.kind === 'visit_report' && message.visitId) {
    await deps.db.update(visits).set({ reportSentAt: sentAt }).where(eq(visits.id, message.visitId));
  }
}

/** Writes and sends one message as things are now; a message no longer wanted is skipped, with why. */
async function send(deps: WorkerDeps, message: Claimed): Promise<Outcome> {
  const { db } = deps;
  const notification = NOTIFICATION_OF[message.kind as ClientMessageKind];
  const [context] = await db
    .select({
      clientName: clients.name,
      unsubscribedAt: clients.unsubscribedAt,
      off: clients.notificationsOff,
      switches: workspaces.clientNotifications,
      business: {
        name: workspaces.name,
        address: workspaces.address,
        phone: workspaces.phone,
        email: workspaces.email,
      },
      locality: { locale: workspaces.locale, currency: workspaces.currency, timeZone: workspaces.timeZone },
    })
    .from(clients)
    .innerJoin(workspaces, eq(workspaces.id, clients.workspaceId))
    .where(eq(clients.id, message.clientId));
  if (!context) return { status: 'skipped', reason: 'The client is gone' };
  // Unsubscribing, or switching a notification off, holds at once: also for what is waiting.
  if (context.unsubscribedAt) return { status: 'skipped', reason: 'The client unsubscribed' };
  if (context.off.includes(notification) || context.switches[notification] === false) {
    return { status: 'skipped', reason: 'This notification is switched off' };
  }
  const order = await timelineOrder(db, message);
  if (order) return order;
  const stale = await staleReason(db, message);
  if (stale) return { status: 'skipped', reason: stale };
  const replyTo = await verifiedOwner(db, message.workspaceId);
  if (!replyTo) return { status: 'skipped', reason: 'The business has no owner with a verified e-mail to send from' };
  // The one mail budget (mail/outgoing.ts): past the address's cap the message is not wanted
  // (skipped); past the person's or the business's limit it is held, and the office hears of it.
  const budget = await chargeMail(db, {
    userId: message.causedBy,
    workspaceId: message.workspaceId,
    kind: 'client_message',
    recipient: message.recipient,
  });
  if (!budget.ok) {
    if (budget.limit === 'recipient') return { status: 'skipped', reason: budget.reason };
    await tellOfficeHeld(db, message, budget.reason);
    return { status: 'held', reason: budget.reason };
  }
  const unsubscribeUrl = `${deps.config.publicUrl}/unsubscribe/${unsubscribeToken(deps.config.authSecret, message.clientId)}`;
  const client = { workspaceId: message.workspaceId, clientId: message.clientId };
  const next =
    message.kind === 'visit_completed' && message.visitId
      ? `/portal/visits/${message.visitId}`
      : message.kind === 'invoice_sent'
        ? '/portal/invoices'
        : null;
  let report: ReportMail | null = null;
  if (message.kind === 'visit_report') {
    report = message.visitId ? await deps.visitReport(messageRecipient(client), message.visitId) : null;
    if (!report) return { status: 'skipped', reason: 'The visit is gone' };
  }
  const portalUrl = next ? await deps.portalLink(client, next) : null;
  const mail = report
    ? { subject: report.subject, text: report.text, html: report.html, attachments: [report.attachment] }
    : clientMessageMail({
        kind: message.kind as ClientMessageKind,
        payload: message.payload,
        business: context.business,
        locality: context.locality,
        clientName: context.clientName,
        portalUrl,
        unsubscribeUrl,
      });
  try {
    await deps.mailer.send({
      to: message.recipient,
      ...mail,
      fromName: context.business.name,
      replyTo,
      listUnsubscribe: `${deps.config.publicUrl}/api/unsubscribe/${unsubscribeToken(deps.config.authSecret, message.clientId)}`,
    });
  } catch (error) {
    await releaseMail(db, budget.reservationId);
    throw error;
  }
  return { status: 'sent' };
}

/**
 * A visit's messages go in the order they were written: one waits while an earlier one of its
 * visit is still to be sent (a retry, the coalescing minute), and one overtaken by a later
 * message already sent is dropped (a retry that came too late).
 */
async function timelineOrder(db: Database, message: Claimed): Promise<Outcome | null> {
  if (!message.visitId) return null;
  // Compared in the database, at its precision (a JavaScript Date keeps milliseconds only).
  const written = sql`(select created_at from ${clientMessages} where id = ${message.id})`;
  const [row] = await db
    .select({
      earlierWaiting: sql<boolean>`bool_or(${clientMessages.createdAt} < ${written}
        and ${clientMessages.status} in ('pending', 'sending'))`,
      laterSent: sql<boolean>`bool_or(${clientMessages.createdAt} > ${written}
        and ${clientMessages.status} = 'sent')`,
    })
    .from(clientMessages)
    .where(and(eq(clientMessages.visitId, message.visitId), sql`${clientMessages.id} <> ${message.id}`));
  if (row?.laterSent) return { status: 'skipped', reason: 'Overtaken: a later message of this visit has gone' };
  if (row?.earlierWaiting) return { status: 'deferred' };
  return null;
}

/**
 * A visit message whose moment has passed: 'On my way' to a visit already started, a reminder of
 * one moved or cancelled, news of its schedule once it has started.
 */
async function staleReason(db: Database, message: Claimed): Promise<string | null> {
  const scheduleNews = message.kind === 'visit_scheduled' || message.kind === 'visit_moved';
  if (!message.visitId || (message.kind !== 'on_my_way' && message.kind !== 'visit_reminder' && !scheduleNews)) {
    return null;
  }
  const [visit] = await db
    .select({ status: visits.status, scheduledAt: visits.scheduledAt })
    .from(visits)
    .where(eq(visits.id, message.visitId));
  if (!visit) return 'The visit is gone';
  if (scheduleNews) {
    return visit.status === 'in_progress' || visit.status === 'completed' ? 'Overtaken: the visit has started' : null;
  }
  if (message.kind === 'on_my_way') return visit.status === 'scheduled' ? null : 'The visit has already started';
  const told = (message.payload as unknown as VisitSnapshot).scheduledAt;
  if (visit.status !== 'scheduled') return 'The visit is no longer scheduled';
  return visit.scheduledAt.toISOString() === told ? null : 'The visit has moved';
}

/** Reply-To: the business's first owner with a verified address (the mail rules: a verified sender). */
async function verifiedOwner(db: Database, workspaceId: string): Promise<string | null> {
  const [owner] = await db
    .select({ email: users.email })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(
      and(
        eq(workspaceMembers.workspaceId, workspaceId),
        eq(workspaceMembers.role, 'owner'),
        eq(users.emailVerified, true),
      ),
    )
    .orderBy(asc(workspaceMembers.createdAt))
    .limit(1);
  return owner?.email ?? null;
}

/**
 * The office (owners and managers) hears that client e-mails are held: one notification while
 * an earlier one is unread, so a burst of held messages rings the bell once.
 */
async function tellOfficeHeld(db: Database, message: Claimed, reason: string): Promise<void> {
  const office = await officeOf(db, message.workspaceId);
  if (office.length === 0) return;
  const unread = await db
    .select({ userId: staffNotifications.userId })
    .from(staffNotifications)
    .where(
      and(
        eq(staffNotifications.workspaceId, message.workspaceId),
        eq(staffNotifications.kind, 'mail_held'),
        isNull(staffNotifications.readAt),
        inArray(staffNotifications.userId, office),
      ),
    );
  const told = new Set(unread.map((row) => row.userId));
  await notifyStaff(
    db,
    office.filter((userId) => !told.has(userId)),
    {
      workspaceId: message.workspaceId,
      kind: 'mail_held',
      text: `E-mails to clients are held, not sent: ${reason}`,
      visitId: message.visitId,
    },
  );
}

// ── unsubscribe links ───────────────────────────────────────────────────────

const signature = (secret: string, clientId: string) =>
  createHmac('sha256', secret).update(`unsubscribe:${clientId}`).digest('base64url');

/** `{clientId}.{HMAC}`: the link works without a session, for this client only, and cannot be guessed. */
export const unsubscribeToken = (secret: string, clientId: string) => `${clientId}.${signature(secret, clientId)}`;

/** The client a token names, or null when it is not one of ours. */
export function clientOfToken(secret: string, token: string): string | null {
  const dot = token.indexOf('.');
  if (dot < 0) return null;
  const clientId = token.slice(0, dot);
  if (!/^[0-9a-f-]{36}$/i.test(clientId)) return null;
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(signature(secret, clientId));
  return given.length === expected.length && timingSafeEqual(given, expected) ? clientId : null;
}

// ── running it ──────────────────────────────────────────────────────────────

/**
 * Polls every `intervalMs` (a claim is one indexed query on the due rows), and looks 25 ms after
 * this process writes a message (wake.ts); returns a stop function that resolves once the batch
 * under way is sent and recorded (graceful shutdown closes the database after it).
 */
export function startMessageWorker(deps: WorkerDeps, intervalMs = 1000): () => Promise<void> {
  return repeatWhenWoken(
    intervalMs,
    'message worker',
    () => sendDueMessages(deps).then(() => undefined),
    onMessageWritten,
  );
}
