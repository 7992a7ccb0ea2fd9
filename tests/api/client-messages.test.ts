import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  clientConsents,
  clientMessages,
  clients,
  staffNotifications,
  visits,
  workspaces,
} from '../../src/server/db/schema';
import { openMailer } from '../../src/server/mail/mailer';
import { queueDueReminders, sendDueMessages, type WorkerDeps } from '../../src/server/modules/notifications';
import { messageWorkerDeps } from '../../src/server/jobs/message-deps';
import type { VisitDetailDto } from '../../src/shared/schemas/visits';
import {
  addMember,
  createClientRow,
  createProperty,
  createUser,
  createVisit,
  type TestUser,
} from '../support/factories';
import { mailsTo } from '../support/outbox';
import { startSmtp } from '../support/smtp';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app';
import type { ItemOf } from '../../src/client/api/contract';

type ClientMessageDto = ItemOf<'/visits/:id/messages'>;

// The client's notifications, through the durable outbox and its worker: written with
// the change, coalesced within a minute, sent once, honouring switches and unsubscribes at once.

let t: TestApp;
let owner: TestUser;
let manager: TestUser;
let tech: TestUser;
let stranger: TestUser;
let propertyId: string;
let clientId: string;
let clientEmail: string;
let deps: WorkerDeps;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t, { name: 'Olive Owner' });
  manager = await createUser(t);
  tech = await createUser(t, { name: 'Theo Tech' });
  stranger = await createUser(t);
  await addMember(t, owner.workspaceId, manager, 'manager');
  await t.db
    .update(workspaces)
    .set({ name: 'Bluewater Pools', timeZone: 'America/New_York' })
    .where(eq(workspaces.id, owner.workspaceId));
  propertyId = (await createProperty(t, owner, { name: 'Lagoon House', address: '9 Shore Drive' }, [tech])).id;
  clientEmail = `cora-${propertyId.slice(0, 8)}@example.com`;
  clientId = (await createClientRow(t, owner.workspaceId, { name: 'Cora Client', email: clientEmail }, [propertyId]))
    .id;
  deps = messageWorkerDeps(t.db, t.config, { storage: t.storage });
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.db.update(clients).set({ unsubscribedAt: null, notificationsOff: [] }).where(eq(clients.id, clientId));
  await t.db.update(workspaces).set({ clientNotifications: {} }).where(eq(workspaces.id, owner.workspaceId));
});

/** The body, whatever the status (each test says which status it expects). */
const read = <T = unknown>(response: Response) => response.json() as Promise<T>;

/** The `List-Unsubscribe` URL and `List-Unsubscribe-Post` of a parsed mail (mailparser puts List-* under 'list'). */
function listHeaders(mail: ParsedMail | undefined) {
  const list = mail?.headers.get('list') as { unsubscribe?: { url: string }; 'unsubscribe-post'?: { name: string } };
  return { url: list?.unsubscribe?.url ?? '', post: list?.['unsubscribe-post']?.name };
}

const inHours = (hours: number) => new Date(Date.now() + hours * 3600_000);

async function scheduleVisit(user: TestUser = owner, scheduledAt = inHours(72), assigneeIds?: string[]) {
  const response = await t.request('/api/visits', {
    cookie: user.cookie,
    body: { propertyId, scheduledAt: scheduledAt.toISOString(), ...(assigneeIds ? { assigneeIds } : {}) },
  });
  expect(response.status).toBe(201);
  return read<VisitDetailDto>(response);
}

const messagesOf = async (visitId: string, user: TestUser = owner) => {
  const response = await t.request(`/api/visits/${visitId}/messages`, { cookie: user.cookie });
  expect(response.status).toBe(200);
  return (await read<{ items: ClientMessageDto[] }>(response)).items;
};

/** The coalescing minute, passed: what waits for it is due now. */
const minutePassed = () =>
  t.db
    .update(clientMessages)
    .set({ notBefore: sql`now() - interval '1 second'` })
    .where(eq(clientMessages.status, 'pending'));

async function move(visitId: string, scheduledAt: Date, user: TestUser = owner) {
  const response = await t.request(`/api/visits/${visitId}`, {
    method: 'PATCH',
    cookie: user.cookie,
    body: { scheduledAt: scheduledAt.toISOString() },
  });
  expect(response.status).toBe(200);
}

describe('a visit scheduled, moved, cancelled', () => {
  it('writes the message with the change, waits the minute, then sends it once from the business', async () => {
    const before = (await mailsTo(t.config.dataDir, clientEmail, /Visit scheduled/)).length;
    const visit = await scheduleVisit();
    expect(await messagesOf(visit.id)).toEqual([
      expect.objectContaining({ kind: 'visit_scheduled', to: clientEmail, status: 'pending', sentAt: null }),
    ]);
    await sendDueMessages(deps);
    expect((await messagesOf(visit.id))[0]?.status).toBe('pending');
    await minutePassed();
    await sendDueMessages(deps);
    await sendDueMessages(deps);
    const [message] = await messagesOf(visit.id);
    expect(message).toMatchObject({ kind: 'visit_scheduled', status: 'sent' });
    expect(message?.sentAt).not.toBeNull();
    const mails = (await mailsTo(t.config.dataDir, clientEmail, /Visit scheduled/)).slice(before);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.from?.value[0]?.name).toBe('Bluewater Pools');
    expect(mail.replyTo?.value[0]?.address).toBe(owner.email);
    expect(mail.subject).toContain('Bluewater Pools');
    expect(mail.text).toContain('Lagoon House, 9 Shore Drive');
    expect(listHeaders(mail).url).toMatch(new RegExp(`^${TEST_ORIGIN}/api/unsubscribe/${clientId}\\.`));
    expect(listHeaders(mail).post).toBe('List-Unsubscribe=One-Click');
    expect(mail.text).toMatch(new RegExp(`${TEST_ORIGIN}/unsubscribe/${clientId}\\.`));
  });

  it('folds changes within the minute: a move and its undo send nothing, two moves send one', async () => {
    const at = inHours(96);
    const visit = await scheduleVisit(owner, at);
    await minutePassed();
    await sendDueMessages(deps);

    await move(visit.id, inHours(98));
    await move(visit.id, at);
    expect(await messagesOf(visit.id)).toEqual([
      expect.objectContaining({ kind: 'visit_moved', status: 'skipped' }),
      expect.objectContaining({ kind: 'visit_scheduled', status: 'sent' }),
    ]);

    await move(visit.id, inHours(100));
    await move(visit.id, inHours(101));
    const waiting = (await messagesOf(visit.id)).filter((message) => message.status === 'pending');
    expect(waiting).toEqual([expect.objectContaining({ kind: 'visit_moved' })]);
    await minutePassed();
    await sendDueMessages(deps);
    const [moved] = await mailsTo(t.config.dataDir, clientEmail, /Visit moved/);
    expect(moved?.text).toContain('has moved from');
    expect((await messagesOf(visit.id)).filter((message) => message.status === 'sent')).toHaveLength(2);
  });

  it('a visit scheduled then cancelled within the minute is never told; cancelled later, it is', async () => {
    const quick = await scheduleVisit();
    const cancel = (id: string) =>
      t.request(`/api/visits/${id}`, { method: 'PATCH', cookie: owner.cookie, body: { status: 'cancelled' } });
    expect((await cancel(quick.id)).status).toBe(200);
    expect(await messagesOf(quick.id)).toEqual([
      expect.objectContaining({ kind: 'visit_scheduled', status: 'skipped' }),
    ]);

    const told = await scheduleVisit();
    await minutePassed();
    await sendDueMessages(deps);
    expect((await cancel(told.id)).status).toBe(200);
    await minutePassed();
    await sendDueMessages(deps);
    expect((await messagesOf(told.id)).map((message) => [message.kind, message.status])).toEqual([
      ['visit_cancelled', 'sent'],
      ['visit_scheduled', 'sent'],
    ]);
  });

  it('switched off for the workspace or the client: no message; switched off while waiting: skipped', async () => {
    await t.request(`/api/workspaces/${owner.workspaceId}`, {
      method: 'PATCH',
      cookie: owner.cookie,
      body: { clientNotifications: { visit_changes: false } },
    });
    expect(await messagesOf((await scheduleVisit()).id)).toEqual([]);
    await t.db.update(workspaces).set({ clientNotifications: {} }).where(eq(workspaces.id, owner.workspaceId));

    const put = await t.request(`/api/clients/${clientId}/notifications`, {
      method: 'PUT',
      cookie: manager.cookie,
      body: { notificationsOff: ['visit_changes'], subscribed: true },
    });
    expect(put.status).toBe(200);
    expect(await messagesOf((await scheduleVisit()).id)).toEqual([]);

    const put2 = await t.request(`/api/clients/${clientId}/notifications`, {
      method: 'PUT',
      cookie: manager.cookie,
      body: { notificationsOff: [], subscribed: true },
    });
    const record = await read<{ consents: { action: string; notifications: string[]; source: string }[] }>(put2);
    expect(record.consents.slice(0, 2)).toEqual([
      expect.objectContaining({ action: 'subscribed', notifications: ['visit_changes'], source: 'staff' }),
      expect.objectContaining({ action: 'unsubscribed', notifications: ['visit_changes'], source: 'staff' }),
    ]);
    const waiting = await scheduleVisit();
    await t.db
      .update(clients)
      .set({ notificationsOff: ['visit_changes'] })
      .where(eq(clients.id, clientId));
    await minutePassed();
    await sendDueMessages(deps);
    expect(await messagesOf(waiting.id)).toEqual([
      expect.objectContaining({ status: 'skipped', error: 'This notification is switched off' }),
    ]);
  });

  it('technicians cannot change the switches; the workspace refuses a reminder outside 1–168 hours', async () => {
    const response = await t.request(`/api/clients/${clientId}/notifications`, { cookie: tech.cookie });
    expect(response.status).toBe(404);
    const bad = await t.request(`/api/workspaces/${owner.workspaceId}`, {
      method: 'PATCH',
      cookie: owner.cookie,
      body: { reminderHours: 0 },
    });
    expect(bad.status).toBe(400);
  });
});

describe('the unsubscribe link', () => {
  it('one click (a mail program, no Origin, a form body) unsubscribes at once, records it, and what waits is skipped', async () => {
    const visit = await scheduleVisit();
    const [row] = await t.db.select().from(clientMessages).where(eq(clientMessages.visitId, visit.id));
    await minutePassed();
    // The link the worker writes: read it from the mail.
    await sendDueMessages(deps);
    const mails = await mailsTo(t.config.dataDir, clientEmail);
    const { url } = listHeaders(mails.at(-1));
    expect(row).toBeDefined();
    const pending = await scheduleVisit();

    const info = await t.app.request(url.replace(TEST_ORIGIN, ''));
    expect(await read(info)).toEqual({ business: 'Bluewater Pools', unsubscribed: false });
    const click = await t.app.request(url.replace(TEST_ORIGIN, ''), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(click.status).toBe(200);
    expect(await read(click)).toEqual({ business: 'Bluewater Pools', unsubscribed: true });
    await minutePassed();
    await sendDueMessages(deps);
    expect(await messagesOf(pending.id)).toEqual([
      expect.objectContaining({ status: 'skipped', error: 'The client unsubscribed' }),
    ]);
    expect(await messagesOf((await scheduleVisit()).id)).toEqual([]);
    // A second click (or a mail program's retry) changes and records nothing more.
    expect((await t.app.request(url.replace(TEST_ORIGIN, ''), { method: 'POST' })).status).toBe(200);
    const consents = await t.db.select().from(clientConsents).where(eq(clientConsents.clientId, clientId));
    expect(consents.filter((consent) => consent.source === 'link' && consent.action === 'unsubscribed')).toHaveLength(
      1,
    );
  });

  it('a forged or altered token is 404', async () => {
    for (const token of [`${clientId}.forged`, 'nothing', `${randomUUID()}.abc`]) {
      expect((await t.app.request(`/api/unsubscribe/${token}`)).status).toBe(404);
      expect((await t.app.request(`/api/unsubscribe/${token}`, { method: 'POST' })).status).toBe(404);
    }
  });
});

describe("'On my way'", () => {
  const onMyWay = (visitId: string, key: string, user: TestUser = tech, etaMinutes = 30) =>
    t.request(`/api/visits/${visitId}/on-my-way`, {
      cookie: user.cookie,
      body: { etaMinutes },
      headers: { 'Idempotency-Key': key },
    });

  it('marks the visit and sends exactly one message under ten concurrent replays of one key, and none for a second key', async () => {
    const visit = await createVisit(t, propertyId, { lead: tech, scheduledAt: inHours(1) });
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 10 }, () => onMyWay(visit.id, key)));
    expect(answers.map((response) => response.status)).toEqual(Array(10).fill(200));
    const detail = await read<VisitDetailDto & { etaAt: string | null }>(answers[0]!);
    expect(detail.status).toBe('scheduled');
    expect((await onMyWay(visit.id, randomUUID(), tech, 15)).status).toBe(200);
    const rows = await t.db.select().from(clientMessages).where(eq(clientMessages.visitId, visit.id));
    expect(rows).toHaveLength(1);
    const before = (await mailsTo(t.config.dataDir, clientEmail, /On my way/)).length;
    await Promise.all([sendDueMessages(deps), sendDueMessages(deps)]);
    const after = await mailsTo(t.config.dataDir, clientEmail, /On my way/);
    expect(after.length - before).toBe(1);
    expect(await messagesOf(visit.id, tech)).toEqual([expect.objectContaining({ kind: 'on_my_way', status: 'sent' })]);
    const [stored] = await t.db.select({ etaAt: visits.etaAt }).from(visits).where(eq(visits.id, visit.id));
    expect(Math.abs(stored!.etaAt!.getTime() - Date.now() - 30 * 60_000)).toBeLessThan(60_000);
  });

  it('is refused once the visit started, and a message waiting for a visit started since is not sent', async () => {
    const started = await createVisit(t, propertyId, { lead: tech, status: 'in_progress' });
    const refused = await onMyWay(started.id, randomUUID());
    expect(refused.status).toBe(409);
    expect((await read<{ error: { message: string } }>(refused)).error.message).toBe('This visit has already started.');

    const visit = await createVisit(t, propertyId, { lead: tech, scheduledAt: inHours(1) });
    await t.db
      .update(clientMessages)
      .set({ notBefore: sql`now() + interval '1 hour'` })
      .where(eq(clientMessages.status, 'pending'));
    expect((await onMyWay(visit.id, randomUUID())).status).toBe(200);
    await t.db.update(visits).set({ status: 'in_progress' }).where(eq(visits.id, visit.id));
    await t.db
      .update(clientMessages)
      .set({ notBefore: sql`now()` })
      .where(eq(clientMessages.visitId, visit.id));
    await sendDueMessages(deps);
    expect(await messagesOf(visit.id)).toEqual([
      expect.objectContaining({ status: 'skipped', error: 'The visit has already started' }),
    ]);
  });

  it('takes only 15, 30, 45 or 60 minutes, and only from someone who sees the visit', async () => {
    const visit = await createVisit(t, propertyId, { lead: tech });
    expect((await onMyWay(visit.id, randomUUID(), tech, 20)).status).toBe(400);
    expect((await onMyWay(visit.id, randomUUID(), stranger)).status).toBe(404);
    expect((await t.request(`/api/visits/${visit.id}/messages`, { cookie: stranger.cookie })).status).toBe(404);
  });
});

describe('reminders', () => {
  it('are due on the wall clock of the workspace: 9:00 the day before, across the spring DST change', async () => {
    // New York springs forward on Sunday 8 March 2026: 9:00 EDT that day is 13:00 UTC, and
    // 9:00 EST the day before is 14:00 UTC: 23 real hours before, not 24.
    const visit = await createVisit(t, propertyId, { lead: tech, scheduledAt: new Date('2026-03-08T13:00:00Z') });
    await t.db
      .update(visits)
      .set({ createdAt: new Date('2026-03-01T12:00:00Z') })
      .where(eq(visits.id, visit.id));
    expect(await queueDueReminders(t.db, new Date('2026-03-07T13:30:00Z'))).toBe(0);
    expect(await queueDueReminders(t.db, new Date('2026-03-07T13:59:59Z'))).toBe(0);
    expect(await queueDueReminders(t.db, new Date('2026-03-07T14:00:00Z'))).toBe(1);
    expect(await queueDueReminders(t.db, new Date('2026-03-07T14:05:00Z'))).toBe(0);
    const [reminder] = await t.db
      .select()
      .from(clientMessages)
      .where(and(eq(clientMessages.visitId, visit.id), eq(clientMessages.kind, 'visit_reminder')));
    expect(reminder?.payload).toMatchObject({ scheduledAt: '2026-03-08T13:00:00.000Z', propertyName: 'Lagoon House' });
  });

  it('and across the autumn change: 25 real hours before', async () => {
    // 1 November 2026 falls back: 9:00 EST is 14:00 UTC; 9:00 EDT on 31 October is 13:00 UTC.
    const visit = await createVisit(t, propertyId, { lead: tech, scheduledAt: new Date('2026-11-01T14:00:00Z') });
    await t.db
      .update(visits)
      .set({ createdAt: new Date('2026-10-20T12:00:00Z') })
      .where(eq(visits.id, visit.id));
    expect(await queueDueReminders(t.db, new Date('2026-10-31T12:59:00Z'))).toBe(0);
    expect(await queueDueReminders(t.db, new Date('2026-10-31T13:00:00Z'))).toBe(1);
  });

  it('follow the hours the workspace sets, and a visit booked after its reminder was due gets none', async () => {
    await t.db.update(workspaces).set({ reminderHours: 2 }).where(eq(workspaces.id, owner.workspaceId));
    const soon = await createVisit(t, propertyId, { lead: tech, scheduledAt: inHours(3) });
    await t.db
      .update(visits)
      .set({ createdAt: inHours(-48) })
      .where(eq(visits.id, soon.id));
    expect(await queueDueReminders(t.db)).toBe(0);
    expect(await queueDueReminders(t.db, inHours(1.01))).toBe(1);
    await createVisit(t, propertyId, { lead: tech, scheduledAt: inHours(1) });
    expect(await queueDueReminders(t.db)).toBe(0);
    await t.db.update(workspaces).set({ reminderHours: 24 }).where(eq(workspaces.id, owner.workspaceId));
  });
});

describe('staff in the app', () => {
  it('the technician put on a visit hears of it and of its move, but not of their own change', async () => {
    const visit = await scheduleVisit(owner, inHours(50), [tech.id]);
    await move(visit.id, inHours(52));
    const notices = await t.db
      .select({ kind: staffNotifications.kind, text: staffNotifications.text, userId: staffNotifications.userId })
      .from(staffNotifications)
      .where(eq(staffNotifications.visitId, visit.id));
    expect(notices.map((notice) => [notice.userId, notice.kind])).toEqual([
      [tech.id, 'visit_assigned'],
      [tech.id, 'visit_changed'],
    ]);
    expect(notices[1]?.text).toMatch(/^Lagoon House, .*: moved$/);
  });
});

describe('a visit completed', () => {
  it("tells the client with a portal link that opens the visit's report, once", async () => {
    const visit = await createVisit(t, propertyId, { lead: tech, status: 'in_progress' });
    const done = await t.request(`/api/visits/${visit.id}`, {
      method: 'PATCH',
      cookie: tech.cookie,
      body: { status: 'completed' },
    });
    expect(done.status).toBe(200);
    await sendDueMessages(deps);
    expect(await messagesOf(visit.id)).toEqual([expect.objectContaining({ kind: 'visit_completed', status: 'sent' })]);
    const [mail] = await mailsTo(t.config.dataDir, clientEmail, /^Visit completed/);
    const link = /See the visit report: (\S+)/.exec(mail?.text ?? '')?.[1];
    expect(link).toMatch(new RegExp(`^${TEST_ORIGIN}/portal/enter/`));
    // The page's 'Open my portal' posts the token.
    const enter = () => t.request(`/api/portal/enter/${link!.split('/').pop()}`, { method: 'POST', body: {} });
    const entered = await enter();
    expect(entered.status).toBe(200);
    expect(await entered.clone().json()).toEqual({ next: `/portal/visits/${visit.id}` });
    const cookie = (entered.headers.get('set-cookie') ?? '').split(';')[0]!;
    const report = await t.app.request(`/api/portal/visits/${visit.id}`, { headers: { cookie } });
    expect(report.status).toBe(200);
    // Single use: the same link again starts nothing.
    expect((await enter()).status).toBe(404);
  });
});

describe('invoices', () => {
  it("a draft marked sent tells the client with the invoice's number; staff see it on the invoice", async () => {
    const visit = await createVisit(t, propertyId, { lead: tech, status: 'completed' });
    const made = await t.request('/api/invoices', {
      cookie: owner.cookie,
      body: { propertyId, visitIds: [visit.id] },
    });
    expect(made.status).toBe(201);
    const invoice = await read<{ id: string; invoiceNumber: string; version?: number }>(made);
    const sent = await t.request(`/api/invoices/${invoice.id}`, {
      method: 'PATCH',
      cookie: owner.cookie,
      body: { status: 'sent' },
    });
    expect(sent.status).toBe(200);
    const response = await t.request(`/api/invoices/${invoice.id}/messages`, { cookie: owner.cookie });
    expect((await read<{ items: ClientMessageDto[] }>(response)).items).toEqual([
      expect.objectContaining({ kind: 'invoice_sent', to: clientEmail, status: 'pending' }),
    ]);
    await sendDueMessages(deps);
    const [mail] = await mailsTo(t.config.dataDir, clientEmail, new RegExp(`Invoice ${invoice.invoiceNumber}`));
    expect(mail?.text).toContain(invoice.invoiceNumber);
    expect((await t.request(`/api/invoices/${invoice.id}/messages`, { cookie: tech.cookie })).status).toBe(404);
  });
});

describe('the worker', () => {
  it('through a real SMTP server: retries a refusal with backoff and keeps the error, then gives up', async () => {
    const refusing = await startSmtp({ refuse: 'Mailbox unavailable' });
    try {
      const smtpDeps = { ...deps, mailer: openMailer({ ...t.config, smtpUrl: refusing.url }) };
      const visit = await scheduleVisit();
      await minutePassed();
      await sendDueMessages(smtpDeps);
      const [row] = await t.db.select().from(clientMessages).where(eq(clientMessages.visitId, visit.id));
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      expect(row?.lastError).toMatch(/Mailbox unavailable/);
      expect(row!.notBefore.getTime() - Date.now()).toBeGreaterThan(20_000);
      await t.db
        .update(clientMessages)
        .set({ attempts: 5, notBefore: sql`now()` })
        .where(eq(clientMessages.id, row!.id));
      await sendDueMessages(smtpDeps);
      expect((await messagesOf(visit.id))[0]).toMatchObject({ status: 'failed' });
    } finally {
      await refusing.stop();
    }
  });

  it('through a real SMTP server: the business name, List-Unsubscribe, and links that work', async () => {
    const smtp = await startSmtp();
    try {
      const smtpDeps = { ...deps, mailer: openMailer({ ...t.config, smtpUrl: smtp.url }) };
      await scheduleVisit();
      await minutePassed();
      await sendDueMessages(smtpDeps);
      const mail = smtp.received.find((received) => received.subject?.startsWith('Visit scheduled'));
      expect(mail?.from?.value[0]?.name).toBe('Bluewater Pools');
      const oneClick = listHeaders(mail).url;
      const inText = /(http\S+\/unsubscribe\/\S+)/.exec(mail?.text ?? '')?.[1];
      expect(inText).toBeDefined();
      // The page's link: the app's route, whose API answers for the same token.
      const token = inText!.split('/unsubscribe/')[1]!;
      expect((await t.app.request(`/api/unsubscribe/${token}`)).status).toBe(200);
      expect((await t.app.request(oneClick.replace(TEST_ORIGIN, ''))).status).toBe(200);
    } finally {
      await smtp.stop();
    }
  });
});
