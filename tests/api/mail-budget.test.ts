import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientMessages, mailSends, staffNotifications, workspaces } from '../../src/server/db/schema';
import { messageWorkerDeps } from '../../src/server/jobs/message-deps';
import { forgetOldSends, MAIL_LEDGER_KEEP_MS, workspaceMailPerDay } from '../../src/server/mail/outgoing';
import { sendDueMessages, type WorkerDeps } from '../../src/server/modules/notifications';
import {
  MAIL_LIMITS,
  MAIL_PER_RECIPIENT_PER_DAY,
  WORKSPACE_MAIL_PER_DAY,
  type MailKind,
} from '../../src/shared/constants';
import { addMember, createClientRow, createProperty, createUser, createVisit, uniqueEmail } from '../support/factories';
import { mailsTo } from '../support/outbox';
import { createTestApp, type TestApp } from '../support/test-app';

// One mail budget for everything sent to people outside a business: per person, per workspace
// and per address, whether the mail goes at once or through the outbox. An attacker once made
// 69 clients and got 67 e-mails out in two minutes, and a person refused with 429 still got mail
// out by marking an invoice sent and by 'On my way'.

let t: TestApp;
let deps: WorkerDeps;
beforeAll(async () => {
  t = await createTestApp();
  deps = messageWorkerDeps(t.db, t.config, { storage: t.storage });
});
afterAll(async () => {
  await t.close();
});

const inHours = (hours: number) => new Date(Date.now() + hours * 3600_000);

/** Mail already sent within the last hour, as the budget records it (set-up, not the journey). */
async function alreadySent(
  count: number,
  by: { userId?: string | null; workspaceId?: string | null; recipient?: string; kind?: MailKind },
) {
  await t.db.insert(mailSends).values(
    Array.from({ length: count }, (_, index) => ({
      userId: by.userId ?? null,
      workspaceId: by.workspaceId ?? null,
      kind: by.kind ?? 'invoice',
      recipient: by.recipient ?? `earlier-${index}-${randomUUID().slice(0, 6)}@example.com`,
      createdAt: new Date(Date.now() - 10 * 60_000),
    })),
  );
}

/** A business: an owner, a technician, a property whose client has an address. */
async function business() {
  const owner = await createUser(t, { name: 'Olive Owner' });
  const tech = await createUser(t, { name: 'Theo Tech' });
  await addMember(t, owner.workspaceId, tech, 'technician');
  const property = await createProperty(t, owner, { name: 'Lagoon House' }, [tech]);
  const clientEmail = uniqueEmail('client');
  await createClientRow(t, owner.workspaceId, { name: 'Cora Client', email: clientEmail }, [property.id]);
  return { owner, tech, propertyId: property.id, clientEmail };
}

const messagesOfWorkspace = (workspaceId: string) =>
  t.db
    .select({ kind: clientMessages.kind, status: clientMessages.status, lastError: clientMessages.lastError })
    .from(clientMessages)
    .where(eq(clientMessages.workspaceId, workspaceId));

const heldNotices = (workspaceId: string, userId: string) =>
  t.db
    .select({ text: staffNotifications.text })
    .from(staffNotifications)
    .where(
      and(
        eq(staffNotifications.workspaceId, workspaceId),
        eq(staffNotifications.userId, userId),
        eq(staffNotifications.kind, 'mail_held'),
      ),
    );

/** Every pending message due now (the coalescing minute passed), then the worker runs. */
async function runWorker() {
  await t.db
    .update(clientMessages)
    .set({ notBefore: sql`now() - interval '1 second'` })
    .where(eq(clientMessages.status, 'pending'));
  await sendDueMessages(deps);
}

describe('a person refused is refused everywhere', () => {
  it('past the limit, marking an invoice sent gets no mail out: the message is held and the office is told', async () => {
    const { owner, tech, propertyId, clientEmail } = await business();
    const manager = await createUser(t);
    await addMember(t, owner.workspaceId, manager, 'manager');
    await alreadySent(MAIL_LIMITS.perHour, { userId: owner.id });
    const visit = await createVisit(t, propertyId, { lead: tech, status: 'completed' });
    const made = await t.request('/api/invoices', { cookie: owner.cookie, body: { propertyId, visitIds: [visit.id] } });
    expect(made.status).toBe(201);
    const { id: invoiceId } = (await made.json()) as { id: string };

    // Sent at once: 429, as before.
    const direct = await t.request(`/api/invoices/${invoiceId}/send`, {
      cookie: owner.cookie,
      body: { to: clientEmail },
    });
    expect(direct.status).toBe(429);
    expect(await direct.json()).toMatchObject({ error: { message: expect.stringMatching(/too many e-mails/) } });

    // Marked sent: the change stands, the e-mail it causes does not go.
    const marked = await t.request(`/api/invoices/${invoiceId}`, {
      method: 'PATCH',
      cookie: owner.cookie,
      body: { status: 'sent' },
    });
    expect(marked.status).toBe(200);
    await runWorker();
    expect(await mailsTo(t.config.dataDir, clientEmail)).toEqual([]);
    expect(await messagesOfWorkspace(owner.workspaceId)).toEqual([
      expect.objectContaining({ kind: 'invoice_sent', status: 'held', lastError: expect.stringMatching(/too many/) }),
    ]);
    // The office hears of it (the owner and the manager), the technician does not.
    expect(await heldNotices(owner.workspaceId, owner.id)).toHaveLength(1);
    expect(await heldNotices(owner.workspaceId, manager.id)).toEqual([
      { text: expect.stringMatching(/^E-mails to clients are held, not sent: /) },
    ]);
    expect(await heldNotices(owner.workspaceId, tech.id)).toEqual([]);
  });

  it("past the limit, 'On my way' gets no mail out either; the bell rings once while unread", async () => {
    const { owner, tech, propertyId, clientEmail } = await business();
    await alreadySent(MAIL_LIMITS.perHour, { userId: tech.id, kind: 'client_message' });
    for (const hours of [1, 2]) {
      const visit = await createVisit(t, propertyId, { lead: tech, scheduledAt: inHours(hours) });
      const response = await t.request(`/api/visits/${visit.id}/on-my-way`, {
        cookie: tech.cookie,
        body: { etaMinutes: 30 },
      });
      expect(response.status).toBe(200);
    }
    await runWorker();
    expect(await mailsTo(t.config.dataDir, clientEmail)).toEqual([]);
    expect((await messagesOfWorkspace(owner.workspaceId)).map((row) => [row.kind, row.status])).toEqual([
      ['on_my_way', 'held'],
      ['on_my_way', 'held'],
    ]);
    expect(await heldNotices(owner.workspaceId, owner.id)).toHaveLength(1);
  });

  it('a person making clients and visits one after another gets at most their limit out; the rest are held', async () => {
    const owner = await createUser(t);
    const extra = 3;
    const clientEmails: string[] = [];
    for (let index = 0; index < MAIL_LIMITS.perHour + extra; index += 1) {
      const email = uniqueEmail(`victim${index}`);
      clientEmails.push(email);
      const client = await t.request('/api/clients', {
        cookie: owner.cookie,
        body: { name: `Victim ${index}`, email },
      });
      expect(client.status).toBe(201);
      const { id: clientId } = (await client.json()) as { id: string };
      const property = await t.request('/api/properties', {
        cookie: owner.cookie,
        body: { name: 'Act now', address: `${index} Lure Lane`, clientId },
      });
      expect(property.status).toBe(201);
      const { id: propertyId } = (await property.json()) as { id: string };
      const visit = await t.request('/api/visits', {
        cookie: owner.cookie,
        body: { propertyId, scheduledAt: inHours(48).toISOString() },
      });
      expect(visit.status).toBe(201);
    }
    await runWorker();
    const statuses = (await messagesOfWorkspace(owner.workspaceId)).map((row) => row.status);
    expect(statuses.filter((status) => status === 'sent')).toHaveLength(MAIL_LIMITS.perHour);
    expect(statuses.filter((status) => status === 'held')).toHaveLength(extra);
    let delivered = 0;
    for (const email of clientEmails) delivered += (await mailsTo(t.config.dataDir, email)).length;
    expect(delivered).toBe(MAIL_LIMITS.perHour);
  });
});

describe('the workspace budget', () => {
  it(`a new workspace sends ${WORKSPACE_MAIL_PER_DAY.new} a day, whoever causes it, at once or through the outbox`, async () => {
    const { owner, propertyId, clientEmail } = await business();
    expect(await workspaceMailPerDay(t.db, owner.workspaceId)).toBe(WORKSPACE_MAIL_PER_DAY.new);
    // Other members (and the business's own reminders) used the day's budget.
    await alreadySent(WORKSPACE_MAIL_PER_DAY.new, { workspaceId: owner.workspaceId });

    const invite = await t.request(`/api/workspaces/${owner.workspaceId}/invitations`, {
      cookie: owner.cookie,
      body: { email: uniqueEmail('newcomer'), role: 'technician' },
    });
    expect(invite.status).toBe(429);
    expect(await invite.json()).toMatchObject({
      error: { message: expect.stringMatching(/^This business has sent its 50 e-mails for today/) },
    });

    const visit = await t.request('/api/visits', {
      cookie: owner.cookie,
      body: { propertyId, scheduledAt: inHours(48).toISOString() },
    });
    expect(visit.status).toBe(201);
    await runWorker();
    expect(await mailsTo(t.config.dataDir, clientEmail)).toEqual([]);
    expect(await messagesOfWorkspace(owner.workspaceId)).toEqual([
      expect.objectContaining({
        kind: 'visit_scheduled',
        status: 'held',
        lastError: expect.stringMatching(/50 e-mails/),
      }),
    ]);
    expect(await heldNotices(owner.workspaceId, owner.id)).toHaveLength(1);
  });

  it('rises with age and verified activity, and a limit set in the database wins', async () => {
    const { owner, tech, propertyId } = await business();
    const age = (days: number) =>
      t.db
        .update(workspaces)
        .set({ createdAt: new Date(Date.now() - days * 86_400_000) })
        .where(eq(workspaces.id, owner.workspaceId));
    await age(WORKSPACE_MAIL_PER_DAY.week.days + 1);
    expect(await workspaceMailPerDay(t.db, owner.workspaceId)).toBe(WORKSPACE_MAIL_PER_DAY.week.max);
    // Old, but nothing verified done yet: still the week's budget.
    await age(WORKSPACE_MAIL_PER_DAY.established.days + 1);
    expect(await workspaceMailPerDay(t.db, owner.workspaceId)).toBe(WORKSPACE_MAIL_PER_DAY.week.max);
    for (let index = 0; index < WORKSPACE_MAIL_PER_DAY.established.completedVisits; index += 1) {
      await createVisit(t, propertyId, { lead: tech, status: 'completed', scheduledAt: inHours(-24 - index) });
    }
    expect(await workspaceMailPerDay(t.db, owner.workspaceId)).toBe(WORKSPACE_MAIL_PER_DAY.established.max);
    await t.db.update(workspaces).set({ mailPerDay: 5 }).where(eq(workspaces.id, owner.workspaceId));
    expect(await workspaceMailPerDay(t.db, owner.workspaceId)).toBe(5);
  });
});

describe('the per-address cap', () => {
  it(`compares addresses without regard to case: ${MAIL_PER_RECIPIENT_PER_DAY} mails to one address however it is spelled`, async () => {
    const owner = await createUser(t);
    const property = await createProperty(t, owner);
    const base = `victim-${randomUUID().slice(0, 6)}@example.com`;
    const variants = Array.from({ length: MAIL_PER_RECIPIENT_PER_DAY + 2 }, (_, index) =>
      [...base].map((char, at) => ((index >> at) & 1 ? char.toUpperCase() : char)).join(''),
    );
    expect(new Set(variants).size).toBe(variants.length);
    for (const email of variants) {
      const client = await createClientRow(t, owner.workspaceId, { email }, [property.id]);
      // The business's own messages (as reminders are): only the workspace and the address count.
      await t.db.insert(clientMessages).values({
        workspaceId: owner.workspaceId,
        clientId: client.id,
        kind: 'visit_reminder',
        recipient: email,
        payload: { propertyName: 'Lagoon House', address: '1 Road', scheduledAt: inHours(24).toISOString() },
      });
    }
    await runWorker();
    const statuses = (await messagesOfWorkspace(owner.workspaceId)).map((row) => row.status);
    expect(statuses.filter((status) => status === 'sent')).toHaveLength(MAIL_PER_RECIPIENT_PER_DAY);
    expect(statuses.filter((status) => status === 'skipped')).toHaveLength(2);
    expect(await mailsTo(t.config.dataDir, base)).toHaveLength(MAIL_PER_RECIPIENT_PER_DAY);
    const recorded = await t.db
      .select({ recipient: mailSends.recipient })
      .from(mailSends)
      .where(eq(mailSends.workspaceId, owner.workspaceId));
    expect(new Set(recorded.map((row) => row.recipient))).toEqual(new Set([base]));

    // Sent at once, too: an invitation to yet another spelling is refused.
    const direct = await t.request(`/api/workspaces/${owner.workspaceId}/invitations`, {
      cookie: owner.cookie,
      body: { email: base.toUpperCase(), role: 'technician' },
    });
    expect(direct.status).toBe(429);
    expect(((await direct.json()) as { error: { message: string } }).error.message).toContain(
      `has had ${MAIL_PER_RECIPIENT_PER_DAY} e-mails today`,
    );
  });
});

describe('names in e-mails', () => {
  it('a business name sent with CR and LF reaches the client mail as one line', async () => {
    const { owner, propertyId, clientEmail } = await business();
    const renamed = await t.request(`/api/workspaces/${owner.workspaceId}`, {
      method: 'PATCH',
      cookie: owner.cookie,
      body: { name: 'Bluewater\r\nPools\r\n\r\nPay now at evil.example' },
    });
    expect(renamed.status).toBe(200);
    const visit = await t.request('/api/visits', {
      cookie: owner.cookie,
      body: { propertyId, scheduledAt: inHours(48).toISOString() },
    });
    expect(visit.status).toBe(201);
    await runWorker();
    const [mail] = await mailsTo(t.config.dataDir, clientEmail);
    expect(mail?.from?.value[0]?.name).toBe('Bluewater Pools Pay now at evil.example');
    expect(mail?.text).not.toMatch(/^Pay now at evil\.example$/m);
  });
});

describe('the ledger', () => {
  it('forgets sends older than every limit looks back, and keeps the rest', async () => {
    const recipient = `ledger-${randomUUID().slice(0, 8)}@example.com`;
    const at = (msAgo: number) => ({ kind: 'invoice' as const, recipient, createdAt: new Date(Date.now() - msAgo) });
    await t.db.insert(mailSends).values([at(MAIL_LEDGER_KEEP_MS + 60_000), at(MAIL_LEDGER_KEEP_MS - 60_000), at(1000)]);
    expect(await forgetOldSends(t.db)).toBeGreaterThanOrEqual(1);
    const kept = await t.db
      .select({ createdAt: mailSends.createdAt })
      .from(mailSends)
      .where(eq(mailSends.recipient, recipient));
    expect(kept).toHaveLength(2);
    expect(kept.every((row) => Date.now() - row.createdAt.getTime() < MAIL_LEDGER_KEEP_MS)).toBe(true);
  });
});
