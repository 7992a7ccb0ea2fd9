import { desc, eq, type SQL } from 'drizzle-orm';
import type { clientNotificationsInput } from '../../../shared/schemas/client-messages';
import { CLIENT_MESSAGE_TEXTS } from '../../../shared/schemas/client-messages';
import type { ClientMessageKind, ClientNotification, MessageStatus } from '../../../shared/notifications';
import type { z } from 'zod';
import type { Member } from '../../access/member';
import { requireRecord } from '../../access/policy';
import type { Database, Executor } from '../../db/client';
import { clientConsents, clientMessages, clients, workspaces } from '../../db/schema';
import { notFound } from '../../errors';
import { clientOfToken } from './message-worker';

// What staff see of the client's messages (on a visit, on an invoice), a client's
// switches and consent record, and the unsubscribe link's two ends (the page, the one-click POST).

/** The newest 50 messages about one visit or invoice. */
async function messagesWhere(db: Executor, where: SQL) {
  const rows = await db
    .select({
      kind: clientMessages.kind,
      to: clientMessages.recipient,
      status: clientMessages.status,
      sentAt: clientMessages.sentAt,
      createdAt: clientMessages.createdAt,
      error: clientMessages.lastError,
    })
    .from(clientMessages)
    .where(where)
    .orderBy(desc(clientMessages.createdAt), desc(clientMessages.id))
    .limit(50);
  return rows.map((row) => ({
    kind: row.kind as ClientMessageKind,
    to: row.to,
    status: row.status as MessageStatus,
    sentAt: row.sentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    error: row.error,
  }));
}

/** `GET /api/visits/{id}/messages`: whoever sees the visit. */
export async function listVisitMessages(db: Executor, member: Member, visitId: string) {
  await requireRecord(db, member, 'visit', visitId);
  return messagesWhere(db, eq(clientMessages.visitId, visitId));
}

/** `GET /api/invoices/{id}/messages`: whoever sees the invoice (owners and managers). */
export async function listInvoiceMessages(db: Executor, member: Member, invoiceId: string) {
  await requireRecord(db, member, 'invoice', invoiceId);
  return messagesWhere(db, eq(clientMessages.invoiceId, invoiceId));
}

/** `GET /api/clients/{id}/notifications` (owners and managers: technicians see no client). */
export async function getClientNotifications(db: Executor, member: Member, clientId: string) {
  await requireRecord(db, member, 'client', clientId);
  const [client] = await db
    .select({ notificationsOff: clients.notificationsOff, unsubscribedAt: clients.unsubscribedAt })
    .from(clients)
    .where(eq(clients.id, clientId));
  if (!client) throw notFound('Client not found');
  const consents = await db
    .select()
    .from(clientConsents)
    .where(eq(clientConsents.clientId, clientId))
    .orderBy(desc(clientConsents.createdAt))
    .limit(20);
  return {
    notificationsOff: client.notificationsOff,
    unsubscribedAt: client.unsubscribedAt?.toISOString() ?? null,
    consents: consents.map((row) => ({
      action: row.action,
      notifications: row.notifications,
      source: row.source,
      at: row.createdAt.toISOString(),
    })),
  };
}

/**
 * `PUT /api/clients/{id}/notifications`: staff switch a client's notifications, and record the
 * change of consent (what was switched off or on, by whom, when).
 */
export async function setClientNotifications(
  db: Database,
  member: Member,
  clientId: string,
  input: z.output<typeof clientNotificationsInput>,
) {
  await requireRecord(db, member, 'client', clientId);
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ off: clients.notificationsOff, unsubscribedAt: clients.unsubscribedAt })
      .from(clients)
      .where(eq(clients.id, clientId))
      .for('update');
    if (!before) throw notFound('Client not found');
    const off = [...new Set(input.notificationsOff)];
    const switchedOff = off.filter((name) => !before.off.includes(name));
    const switchedOn = before.off.filter((name) => !off.includes(name));
    const record = (action: 'subscribed' | 'unsubscribed', notifications: ClientNotification[]) =>
      tx.insert(clientConsents).values({
        workspaceId: member.workspaceId,
        clientId,
        action,
        notifications,
        source: 'staff',
        actorId: member.id,
      });
    if (switchedOff.length > 0) await record('unsubscribed', switchedOff);
    if (switchedOn.length > 0) await record('subscribed', switchedOn);
    const wasSubscribed = before.unsubscribedAt === null;
    if (wasSubscribed !== input.subscribed) await record(input.subscribed ? 'subscribed' : 'unsubscribed', []);
    await tx
      .update(clients)
      .set({
        notificationsOff: off,
        unsubscribedAt: input.subscribed ? null : (before.unsubscribedAt ?? new Date()),
      })
      .where(eq(clients.id, clientId));
  });
  return getClientNotifications(db, member, clientId);
}

/** The unsubscribe link's page: whose e-mails they are, and whether they are unsubscribed. 404 for a forged link. */
export async function unsubscribeInfo(db: Executor, secret: string, token: string) {
  const clientId = clientOfToken(secret, token);
  const [row] = clientId
    ? await db
        .select({ business: workspaces.name, unsubscribedAt: clients.unsubscribedAt })
        .from(clients)
        .innerJoin(workspaces, eq(workspaces.id, clients.workspaceId))
        .where(eq(clients.id, clientId))
    : [];
  if (!row) throw notFound(CLIENT_MESSAGE_TEXTS.unsubscribeLinkInvalid);
  return { business: row.business, unsubscribed: row.unsubscribedAt !== null };
}

/**
 * `POST /api/unsubscribe/{token}` (the page's button, and mail programs' one-click unsubscribe):
 * honoured at once (the worker skips what is waiting) and recorded with its time.
 */
export async function unsubscribeByLink(db: Database, secret: string, token: string) {
  const clientId = clientOfToken(secret, token);
  if (!clientId) throw notFound(CLIENT_MESSAGE_TEXTS.unsubscribeLinkInvalid);
  await db.transaction(async (tx) => {
    const [client] = await tx
      .select({ workspaceId: clients.workspaceId, unsubscribedAt: clients.unsubscribedAt })
      .from(clients)
      .where(eq(clients.id, clientId))
      .for('update');
    if (!client) throw notFound(CLIENT_MESSAGE_TEXTS.unsubscribeLinkInvalid);
    // Once: a second click (or a mail program's retry) changes and records nothing.
    if (client.unsubscribedAt) return;
    await tx.update(clients).set({ unsubscribedAt: new Date() }).where(eq(clients.id, clientId));
    await tx
      .insert(clientConsents)
      .values({ workspaceId: client.workspaceId, clientId, action: 'unsubscribed', source: 'link' });
  });
  return unsubscribeInfo(db, secret, token);
}
