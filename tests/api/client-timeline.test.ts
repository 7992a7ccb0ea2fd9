import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientMessages, mailSends, profiles, visits, workspaces } from '../../src/server/db/schema';
import { messageWorkerDeps } from '../../src/server/jobs/message-deps';
import { queueDueReminders, sendDueMessages, type WorkerDeps } from '../../src/server/modules/notifications';
import type { VisitDetailDto } from '../../src/shared/schemas/visits';
import {
  addVisitTask,
  createClientRow,
  createProperty,
  createTask,
  createUser,
  createVisit,
  type TestUser,
} from '../support/factories';
import { mailsTo } from '../support/outbox';
import { createTestApp, type TestApp } from '../support/test-app';

// A client's e-mails about one visit follow what happened to it: never a notice after a later
// event, moves and cancellations only to a client who knew of the visit, and a completion told
// as it went.

let t: TestApp;
let owner: TestUser;
let tech: TestUser;
let deps: WorkerDeps;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t, { name: 'Olive Owner' });
  tech = await createUser(t, { name: 'Theo Tech' });
  await t.db.update(workspaces).set({ name: 'Bluewater Pools' }).where(eq(workspaces.id, owner.workspaceId));
  // No display name yet: the e-mail says 'Your technician'.
  await t.db.update(profiles).set({ displayName: null }).where(eq(profiles.userId, tech.id));
  deps = messageWorkerDeps(t.db, t.config, { storage: t.storage });
});
afterAll(async () => {
  await t.close();
});

const inHours = (hours: number) => new Date(Date.now() + hours * 3600_000);

/**
 * A property of its own client (a fresh address each time). The mail budget starts afresh too:
 * these runs send far more than a person's hourly limit, and the order is what is under test.
 */
async function clientProperty() {
  await t.db.delete(mailSends);
  const property = await createProperty(t, owner, { name: 'Lagoon House', address: '9 Shore Drive' }, [tech]);
  const email = `timeline-${randomUUID().slice(0, 8)}@example.com`;
  await createClientRow(t, owner.workspaceId, { name: 'Cora Client', email }, [property.id]);
  return { propertyId: property.id, email };
}

async function schedule(propertyId: string, at = inHours(72)) {
  const response = await t.request('/api/visits', {
    cookie: owner.cookie,
    body: { propertyId, scheduledAt: at.toISOString(), assigneeIds: [tech.id], addPropertyTasks: false },
  });
  expect(response.status).toBe(201);
  return (await response.json()) as VisitDetailDto;
}

const patch = (visitId: string, body: object, user: TestUser = owner) =>
  t.request(`/api/visits/${visitId}`, { method: 'PATCH', cookie: user.cookie, body });
const onMyWay = (visitId: string) =>
  t.request(`/api/visits/${visitId}/on-my-way`, { cookie: tech.cookie, body: { etaMinutes: 15 } });

/** The coalescing minute (and any short wait) has passed for everything still to go. */
const minutePassed = () =>
  t.db
    .update(clientMessages)
    .set({ notBefore: sql`now() - interval '1 second'` })
    .where(eq(clientMessages.status, 'pending'));

/** Runs the worker until nothing is left to send. */
async function drain() {
  for (let round = 0; round < 10; round++) {
    await minutePassed();
    await sendDueMessages(deps);
    const [left] = await t.db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(clientMessages)
      .where(eq(clientMessages.status, 'pending'));
    if (left?.count === 0) return;
  }
  throw new Error('The outbox did not drain');
}

const messagesOf = (visitId: string) =>
  t.db
    .select({
      kind: clientMessages.kind,
      status: clientMessages.status,
      createdAt: clientMessages.createdAt,
      sentAt: clientMessages.sentAt,
    })
    .from(clientMessages)
    .where(eq(clientMessages.visitId, visitId))
    .orderBy(asc(clientMessages.createdAt));

const sentKinds = async (visitId: string) =>
  (await messagesOf(visitId))
    .filter((message) => message.status === 'sent')
    .sort((a, b) => a.sentAt!.getTime() - b.sentAt!.getTime())
    .map((message) => message.kind);

describe("a client's e-mails follow the visit's timeline", () => {
  const EVENTS = ['move', 'on my way', 'start', 'complete', 'cancel', 'send', 'minute'] as const;
  type Event = (typeof EVENTS)[number];

  it('in every order of schedule, move, on my way, start, complete and cancel, within and across the minute', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom(...EVENTS), { minLength: 1, maxLength: 7 }), async (events) => {
        const { propertyId } = await clientProperty();
        const visit = await schedule(propertyId);
        let hours = 72;
        let completions = 0;
        let status: VisitDetailDto['status'] = 'scheduled';
        for (const event of events as Event[]) {
          const answer = await {
            move: () => patch(visit.id, { scheduledAt: inHours((hours += 2)).toISOString() }),
            'on my way': () => onMyWay(visit.id),
            start: () => patch(visit.id, { status: 'in_progress' }),
            complete: () => patch(visit.id, { status: 'completed' }),
            cancel: () => patch(visit.id, { status: 'cancelled' }),
            send: async () => (await sendDueMessages(deps), null),
            minute: async () => (await minutePassed(), await sendDueMessages(deps), null),
          }[event]();
          // Steps that make no sense in this order (on my way after the start) are refused; the rest holds.
          if (answer && answer.status >= 500) throw new Error(`${event}: ${answer.status}`);
          if (answer?.status === 200 && event !== 'on my way') {
            const now = ((await answer.json()) as VisitDetailDto).status;
            if (now === 'completed' && status !== 'completed') completions += 1;
            status = now;
          }
        }
        await drain();

        const all = await messagesOf(visit.id);
        const sent = all
          .filter((message) => message.status === 'sent')
          .sort((a, b) => a.sentAt!.getTime() - b.sentAt!.getTime());
        // Sent in the order the events wrote them.
        for (let i = 1; i < sent.length; i++) {
          expect(sent[i]!.createdAt.getTime()).toBeGreaterThanOrEqual(sent[i - 1]!.createdAt.getTime());
        }
        const kinds = sent.map((message) => message.kind);
        kinds.forEach((kind, i) => {
          const before = kinds.slice(0, i);
          // Never the first notice after the technician is on the way or the visit is done (a move
          // after 'On my way' is a later event, told after it).
          if (kind === 'visit_scheduled') {
            expect(before).not.toContain('on_my_way');
            expect(before).not.toContain('visit_completed');
          }
          if (kind === 'on_my_way') expect(before).not.toContain('visit_completed');
          // Moved or cancelled only to a client told of the visit before.
          if (kind === 'visit_moved' || kind === 'visit_cancelled') expect(before.length).toBeGreaterThan(0);
        });
        for (const once of ['visit_scheduled', 'on_my_way'] as const) {
          expect(kinds.filter((kind) => kind === once).length).toBeLessThanOrEqual(1);
        }
        // Each completion is told once (a visit reopened and completed again is told again), and last.
        expect(kinds.filter((kind) => kind === 'visit_completed')).toHaveLength(completions);
        const [final] = await t.db.select({ status: visits.status }).from(visits).where(eq(visits.id, visit.id));
        if (final?.status === 'completed') expect(kinds.at(-1)).toBe('visit_completed');
      }),
      { numRuns: 25 },
    );
  }, 240_000);

  it("a 'Visit scheduled' still waiting when the technician is on the way is dropped, never sent after", async () => {
    const { propertyId, email } = await clientProperty();
    const visit = await schedule(propertyId, inHours(1));
    expect((await onMyWay(visit.id)).status).toBe(200);
    await drain();
    expect(await messagesOf(visit.id)).toEqual([
      expect.objectContaining({ kind: 'visit_scheduled', status: 'skipped' }),
      expect.objectContaining({ kind: 'on_my_way', status: 'sent' }),
    ]);
    const [mail] = await mailsTo(t.config.dataDir, email, /On my way/);
    expect(mail?.text).toContain('Your technician is on the way to Lagoon House, 9 Shore Drive');
  });

  it("'On my way' names the technician by their display name", async () => {
    await t.db.update(profiles).set({ displayName: 'Theo the Pool Man' }).where(eq(profiles.userId, tech.id));
    try {
      const { propertyId, email } = await clientProperty();
      const visit = await schedule(propertyId, inHours(1));
      await drain();
      expect((await onMyWay(visit.id)).status).toBe(200);
      await drain();
      expect(await sentKinds(visit.id)).toEqual(['visit_scheduled', 'on_my_way']);
      const [mail] = await mailsTo(t.config.dataDir, email, /On my way/);
      expect(mail?.text).toContain('Theo the Pool Man is on the way to Lagoon House');
    } finally {
      await t.db.update(profiles).set({ displayName: null }).where(eq(profiles.userId, tech.id));
    }
  });

  it('a visit started and completed within the minute tells the completion only', async () => {
    const { propertyId } = await clientProperty();
    const visit = await schedule(propertyId, inHours(1));
    expect((await patch(visit.id, { status: 'in_progress' })).status).toBe(200);
    expect((await patch(visit.id, { status: 'completed' })).status).toBe(200);
    await drain();
    expect(await sentKinds(visit.id)).toEqual(['visit_completed']);
  });

  it('a visit the client was never told of is moved and cancelled without a word to them', async () => {
    const { propertyId } = await clientProperty();
    // Made in the office without a notice (a follow-up is booked this way).
    const visit = await createVisit(t, propertyId, { lead: tech, scheduledAt: inHours(60) });
    expect(await messagesOf(visit.id)).toEqual([]);
    expect((await patch(visit.id, { scheduledAt: inHours(62).toISOString() })).status).toBe(200);
    expect((await patch(visit.id, { status: 'cancelled' })).status).toBe(200);
    await drain();
    expect(await messagesOf(visit.id)).toEqual([]);
  });

  it('a message waits for an earlier one of its visit: the reminder goes after the notice it followed', async () => {
    const { propertyId } = await clientProperty();
    const visit = await schedule(propertyId, inHours(72));
    // A day before the visit (reminders are due 24 hours before it), while its notice still waits.
    expect(await queueDueReminders(t.db, inHours(49))).toBeGreaterThanOrEqual(1);
    // The reminder is due now; the notice before it still waits for its minute.
    await sendDueMessages(deps);
    expect(await messagesOf(visit.id)).toEqual([
      expect.objectContaining({ kind: 'visit_scheduled', status: 'pending' }),
      expect.objectContaining({ kind: 'visit_reminder', status: 'pending' }),
    ]);
    const [reminder] = await t.db
      .select({ attempts: clientMessages.attempts })
      .from(clientMessages)
      .where(and(eq(clientMessages.visitId, visit.id), eq(clientMessages.kind, 'visit_reminder')));
    expect(reminder?.attempts).toBe(0);
    await drain();
    expect(await sentKinds(visit.id)).toEqual(['visit_scheduled', 'visit_reminder']);
  });
});

describe('the completion e-mail says what happened', () => {
  it('completed anyway with 0 of 2 tasks done: the reason, the tasks not done, and no promise of photos', async () => {
    const { propertyId, email } = await clientProperty();
    const visit = await createVisit(t, propertyId, { lead: tech, status: 'in_progress' });
    for (const name of ['Skim the pool', 'Test the water']) {
      await addVisitTask(t, visit.id, (await createTask(t, owner)).id, { name });
    }
    const done = await patch(visit.id, { status: 'completed', overrideReason: 'The gate was locked' });
    expect(done.status).toBe(200);
    await drain();
    const [mail] = await mailsTo(t.config.dataDir, email, /^Visit completed/);
    expect(mail?.text).toContain(
      'We have completed our visit to Lagoon House, 9 Shore Drive, without everything on the checklist: The gate was locked',
    );
    expect(mail?.text).toContain('Not done this time: Skim the pool, Test the water.');
    expect(mail?.text).toContain('The report is in your portal.');
    expect(mail?.text).not.toContain('photo');
  });
});
