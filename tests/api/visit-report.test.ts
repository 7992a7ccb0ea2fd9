import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageWorkerDeps } from '../../src/server/jobs/message-deps';
import { openMailer } from '../../src/server/mail/mailer';
import { sendDueMessages } from '../../src/server/modules/notifications';
import { clientMessages, notes, properties, visits, workspaces } from '../../src/server/db/schema';
import type { Requirement } from '../../src/shared/evidence';
import {
  addMember,
  addVisitTask,
  createClientRow,
  createProperty,
  createTask,
  createUser,
  createVisit,
  type TestUser,
} from '../support/factories';
import { apiAs } from '../support/api';
import { json } from '../support/json';
import { mailsTo } from '../support/outbox';
import { freePort } from '../support/ports';
import { startSmtp } from '../support/smtp';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app';

// The visit report, as JSON, as a PDF parsed back, and sent to the client.

let t: TestApp;
let owner: TestUser;
let manager: TestUser;
let tech: TestUser;
let stranger: TestUser;
let propertyId: string;
let clientEmail: string;

const POOL: Requirement[] = [{ type: 'before_after' }, { type: 'reading', unit: 'ppm', min: 1, max: 3 }];
const FILTER: Requirement[] = [{ type: 'pass_fail' }];

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t, { name: 'Olive Owner' });
  manager = await createUser(t);
  tech = await createUser(t, { name: 'Theo Tech' });
  stranger = await createUser(t);
  await addMember(t, owner.workspaceId, manager, 'manager');
  await t.db
    .update(workspaces)
    .set({ name: 'Bluewater Pools', address: '1 Harbour Road', phone: '555-0100', email: 'office@bluewater.test' })
    .where(eq(workspaces.id, owner.workspaceId));
  propertyId = (await createProperty(t, owner, { name: 'Lagoon House', address: '9 Shore Drive' }, [tech])).id;
  clientEmail = `client-${propertyId.slice(0, 8)}@example.com`;
  await createClientRow(
    t,
    owner.workspaceId,
    { name: 'Cora Client', email: clientEmail, billingAddress: '4 Ledger Street' },
    [propertyId],
  );
});
afterAll(async () => {
  await t.close();
});

const png = (color: { r: number; g: number; b: number }) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: color } })
    .png()
    .toBuffer();

async function signature(visitId: string, cookie: string, signerName: string) {
  const form = new FormData();
  form.set('signerName', signerName);
  form.set('file', new Blob([new Uint8Array(await png({ r: 0, g: 0, b: 0 }))], { type: 'image/png' }), 'sig.png');
  const response = await t.app.request(`/api/visits/${visitId}/signature`, {
    method: 'POST',
    headers: { origin: TEST_ORIGIN, cookie },
    body: form,
  });
  expect(response.status, await response.clone().text()).toBe(201);
}

/** A pool visit with a flagged chlorine reading, before/after photos, a failed filter check, a shared note and a signature. */
async function poolVisit(onProperty = propertyId) {
  const visit = await createVisit(t, onProperty, { lead: tech, status: 'in_progress' });
  const chlorine = await addVisitTask(
    t,
    visit.id,
    (await createTask(t, owner, { name: 'Chlorine', requirements: POOL })).id,
  );
  const filter = await addVisitTask(
    t,
    visit.id,
    (await createTask(t, owner, { name: 'Filter check', requirements: FILTER })).id,
  );
  const patch = (taskId: string, body: Record<string, unknown>) =>
    apiAs(t, tech.cookie).patch('/visits/:id/tasks/:taskId', { param: { id: visit.id, taskId }, json: body });
  expect((await patch(chlorine.id, { reading: 4.2, notes: 'Shocked the pool', status: 'completed' })).status).toBe(200);
  expect((await patch(filter.id, { result: 'fail', status: 'completed' })).status).toBe(200);
  for (const tag of ['before', 'after'] as const) {
    const bytes = await png(tag === 'before' ? { r: 20, g: 120, b: 40 } : { r: 20, g: 60, b: 200 });
    const response = await t.upload(
      tech.cookie,
      { bytes, name: `${tag}.png`, type: 'image/png' },
      { attachableType: 'visit', attachableId: visit.id, visitTaskId: chlorine.id, tag },
    );
    expect(response.status).toBe(201);
  }
  const note = (content: string, shareWithClient: boolean) =>
    apiAs(t, tech.cookie).post('/notes', {
      json: { content, attachableType: 'visit', attachableId: visit.id, shareWithClient },
    });
  expect((await note('The gate latch is loose', true)).status).toBe(201);
  expect((await note('Internal: bring a new latch', false)).status).toBe(201);
  await signature(visit.id, tech.cookie, 'Cora Client');
  return { visit, chlorine, filter };
}

async function pdfText(response: Response) {
  expect(response.status).toBe(200);
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(await response.arrayBuffer())), {
    mergePages: true,
  });
  return text;
}

describe('GET /api/visits/:id/report', () => {
  it('has the business, the client, the property, the people, the times, each task with its evidence, the shared notes and the signature', async () => {
    const { visit, chlorine, filter } = await poolVisit();
    const report = await json(await apiAs(t, owner.cookie).get('/visits/:id/report', { param: { id: visit.id } }), 200);
    expect(report.business).toEqual({
      name: 'Bluewater Pools',
      address: '1 Harbour Road',
      phone: '555-0100',
      email: 'office@bluewater.test',
    });
    expect(report.client).toEqual({
      name: 'Cora Client',
      company: null,
      address: '4 Ledger Street',
      phone: null,
      email: clientEmail,
    });
    expect(report.property.name).toBe('Lagoon House');
    expect(report.people.map((person) => person.userId)).toEqual([tech.id]);
    expect(report.estimatedMinutes).toBe(60);
    const byId = new Map(report.tasks.map((task) => [task.id, task]));
    expect(byId.get(chlorine.id)).toMatchObject({
      name: 'Chlorine',
      status: 'completed',
      reading: 4.2,
      readingUnit: 'ppm',
      readingFlagged: true,
      notes: 'Shocked the pool',
    });
    expect(byId.get(chlorine.id)!.photos.map((photo) => photo.tag)).toEqual(['before', 'after']);
    expect(byId.get(chlorine.id)!.photos[0]!.thumbnailUrl).toMatch(/^\/api\/photos\/[0-9a-f-]+\/thumbnail$/);
    expect(byId.get(filter.id)).toMatchObject({ result: 'fail', reading: null, photos: [] });
    expect(report.notes.map((note) => note.content)).toEqual(['The gate latch is loose']);
    expect(report.signature).toMatchObject({ signerName: 'Cora Client', url: `/api/visits/${visit.id}/signature` });
    expect(report.can.send).toBe(true);
    // The signature image, to whoever sees the visit.
    const image = await t.request(report.signature!.url, { cookie: tech.cookie });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect((await t.request(report.signature!.url, { cookie: stranger.cookie })).status).toBe(404);

    // The technician on the visit reads it too, without the client's e-mail and without Send.
    const asTech = await json(await apiAs(t, tech.cookie).get('/visits/:id/report', { param: { id: visit.id } }), 200);
    // Of the client, a technician gets the name and phone only (docs/api.md).
    expect(asTech.client).toEqual({ name: 'Cora Client', company: null, address: null, phone: null, email: null });
    expect(asTech.can.send).toBe(false);
  });

  it('another workspace gets 404 on the report and its PDF', async () => {
    const visit = await createVisit(t, propertyId, { lead: tech });
    for (const path of ['report', 'report.pdf']) {
      const response = await t.request(`/api/visits/${visit.id}/${path}`, { cookie: stranger.cookie });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Visit not found' } });
    }
    const send = await apiAs(t, stranger.cookie).post('/visits/:id/report/send', { param: { id: visit.id } });
    expect(send.status).toBe(404);
  });
});

describe('GET /api/visits/:id/report.pdf', () => {
  it('is a PDF with the business, the client, the reading marked Out of range, Pass/Fail, the tags, the shared note and the signer', async () => {
    const { visit } = await poolVisit();
    await apiAs(t, owner.cookie).patch('/visits/:id', {
      param: { id: visit.id },
      json: { status: 'completed', overrideReason: 'Client asked us to leave early' },
    });
    const response = await apiAs(t, tech.cookie).get('/visits/:id/report.pdf', { param: { id: visit.id } });
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toMatch(
      /^inline; filename="Visit report Lagoon House \d{4}-\d{2}-\d{2}\.pdf"$/,
    );
    const text = await pdfText(response);
    for (const expected of [
      'VISIT REPORT',
      'Bluewater Pools',
      'Cora Client',
      'Lagoon House',
      'Theo Tech (Lead)',
      'Reading: 4.2 ppm (1–3)',
      'Out of range',
      'Result: Fail',
      'Note: Shocked the pool',
      'Before',
      'After',
      'The gate latch is loose',
      'Signed by Cora Client',
      'Completed anyway: Client asked us to leave early',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Internal: bring a new latch');
    expect(text).not.toContain('Not signed');
    // The technician's PDF has no billing address; the office's has it.
    expect(text).not.toContain('4 Ledger Street');
    expect(
      await pdfText(await apiAs(t, owner.cookie).get('/visits/:id/report.pdf', { param: { id: visit.id } })),
    ).toContain('4 Ledger Street');
  });

  it("says 'Not signed' without a signature", async () => {
    const visit = await createVisit(t, propertyId, { lead: tech });
    const text = await pdfText(await apiAs(t, owner.cookie).get('/visits/:id/report.pdf', { param: { id: visit.id } }));
    expect(text).toContain('Not signed');
  });
});

describe('POST /api/visits/:id/report/send', () => {
  it('mails the report to the client from the business, with the PDF attached, and records when', async () => {
    const { visit } = await poolVisit();
    const before = (await mailsTo(t.config.dataDir, clientEmail)).length;
    const sent = await json(
      await apiAs(t, manager.cookie).post('/visits/:id/report/send', { param: { id: visit.id } }),
      200,
    );
    expect(sent.id).toBe(visit.id);
    expect(sent.reportSentAt).not.toBeNull();
    const mails = await mailsTo(t.config.dataDir, clientEmail, /^Visit report from Bluewater Pools: Lagoon House$/);
    expect(mails).toHaveLength(before + 1);
    const mail = mails.at(-1)!;
    expect(mail.from?.value[0]?.name).toBe('Bluewater Pools');
    expect(mail.text).toContain('Here is the report of our visit to Lagoon House');
    expect(mail.html).toContain('Bluewater Pools');
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]!.contentType).toBe('application/pdf');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(mail.attachments[0]!.content)), {
      mergePages: true,
    });
    expect(text).toContain('Out of range');
    expect(text).toContain('Signed by Cora Client');
  });

  it('a technician gets 403; a property without a client or a client without an e-mail gets 409', async () => {
    const { visit } = await poolVisit();
    const asTech = await apiAs(t, tech.cookie).post('/visits/:id/report/send', { param: { id: visit.id } });
    expect(asTech.status).toBe(403);
    expect((await asTech.json()).error.message).toBe('Only owners and managers can send the visit report');

    const bare = await createProperty(t, owner, { name: 'No Client Cottage', address: '2 Lone Lane' });
    const noClient = await createVisit(t, bare.id);
    const refused = await apiAs(t, owner.cookie).post('/visits/:id/report/send', { param: { id: noClient.id } });
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.message).toBe('This property has no client to send the report to');

    const silent = await createProperty(t, owner, { name: 'Quiet Cottage', address: '3 Lone Lane' });
    await createClientRow(t, owner.workspaceId, { name: 'No Mail', email: null }, [silent.id]);
    const noEmail = await createVisit(t, silent.id);
    const refusedToo = await apiAs(t, owner.cookie).post('/visits/:id/report/send', { param: { id: noEmail.id } });
    expect(refusedToo.status).toBe(409);
    expect((await refusedToo.json()).error.message).toBe('The client has no e-mail address to send the report to');
  });
});

describe('sending the report on completion', () => {
  const subject = /^Visit report from Bluewater Pools: Auto Send Villa$/;
  const complete = (user: TestUser, visitId: string) =>
    apiAs(t, user.cookie).patch('/visits/:id', { param: { id: visitId }, json: { status: 'completed' } });
  const reportMessages = (visitId: string) =>
    t.db
      .select()
      .from(clientMessages)
      .where(and(eq(clientMessages.visitId, visitId), eq(clientMessages.kind, 'visit_report')));

  async function autoSendProperty() {
    const asks = await createProperty(t, owner, { name: 'Auto Send Villa', address: '5 Tide Way' }, [tech]);
    const email = `auto-${asks.id.slice(0, 8)}@example.com`;
    await createClientRow(t, owner.workspaceId, { name: 'Ava Auto', email }, [asks.id]);
    return { asks, email };
  }

  it('goes out through the outbox when the property asks for it, and only then, once', async () => {
    const { asks, email } = await autoSendProperty();
    const deps = messageWorkerDeps(t.db, t.config, { storage: t.storage });

    // Off: completing sends no report (the client hears 'Visit completed' instead).
    const quiet = await createVisit(t, asks.id, { lead: tech, status: 'in_progress' });
    expect((await complete(tech, quiet.id)).status).toBe(200);
    await sendDueMessages(deps);
    expect(await mailsTo(t.config.dataDir, email, subject)).toHaveLength(0);
    expect(await reportMessages(quiet.id)).toEqual([]);

    // On: completing writes the message with the completion; the request renders and sends nothing.
    await t.db.update(properties).set({ sendReportOnComplete: true }).where(eq(properties.id, asks.id));
    const visit = await createVisit(t, asks.id, { lead: tech, status: 'in_progress' });
    const done = await json(await complete(tech, visit.id), 200);
    expect(done).toMatchObject({ status: 'completed', reportSentAt: null });
    expect(await reportMessages(visit.id)).toMatchObject([{ status: 'pending', recipient: email }]);
    expect(await mailsTo(t.config.dataDir, email, subject)).toHaveLength(0);

    // The worker renders and sends it from the business, with the PDF, and the visit records when.
    await sendDueMessages(deps);
    const mails = await mailsTo(t.config.dataDir, email, subject);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.from?.value[0]?.name).toBe('Bluewater Pools');
    expect(mails[0]!.attachments[0]!.contentType).toBe('application/pdf');
    const after = await json(await apiAs(t, owner.cookie).get('/visits/:id', { param: { id: visit.id } }), 200);
    expect(after.reportSentAt).not.toBeNull();
    // No 'Visit completed' message besides the report.
    const others = await t.db.select().from(clientMessages).where(eq(clientMessages.visitId, visit.id));
    expect(others.map((row) => row.kind)).toEqual(['visit_report']);

    // Completed again (already completed), and the worker run again: not sent twice.
    await complete(owner, visit.id);
    await sendDueMessages(deps);
    expect(await mailsTo(t.config.dataDir, email, subject)).toHaveLength(1);
  });

  it('with the mail server down at completion, is sent once when it comes back, never twice', async () => {
    const { asks } = await autoSendProperty();
    await t.db.update(properties).set({ sendReportOnComplete: true }).where(eq(properties.id, asks.id));
    const port = await freePort();
    const deps = messageWorkerDeps(t.db, t.config, {
      storage: t.storage,
      mailer: openMailer({ ...t.config, smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true` }),
    });
    const visit = await createVisit(t, asks.id, { lead: tech, status: 'in_progress' });
    // Completing does not wait on the mail server: it answers, with the report still to go.
    expect((await json(await complete(tech, visit.id), 200)).reportSentAt).toBeNull();

    // Down: the attempt fails, is kept with its error, and waits for the worker's retry.
    await sendDueMessages(deps);
    const [failed] = await reportMessages(visit.id);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed!.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(failed!.notBefore.getTime()).toBeGreaterThan(Date.now() + 20_000);

    const smtp = await startSmtp({ port });
    try {
      // Back, but the retry is not due yet: nothing goes early.
      await sendDueMessages(deps);
      expect(smtp.received).toHaveLength(0);
      // The retry's time comes; two workers' worth of runs send it once.
      await t.db
        .update(clientMessages)
        .set({ notBefore: sql`now()` })
        .where(eq(clientMessages.id, failed!.id));
      await Promise.all([sendDueMessages(deps), sendDueMessages(deps)]);
      await sendDueMessages(deps);
      const reports = smtp.received.filter((mail) => subject.test(mail.subject ?? ''));
      expect(reports).toHaveLength(1);
      expect(reports[0]!.attachments[0]!.contentType).toBe('application/pdf');
      expect((await reportMessages(visit.id))[0]).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
      const [row] = await t.db.select({ at: visits.reportSentAt }).from(visits).where(eq(visits.id, visit.id));
      expect(row!.at).not.toBeNull();
    } finally {
      await smtp.stop();
    }
  });
});

describe('notes shared with the client', () => {
  it('are created and edited with shareWithClient, false unless asked', async () => {
    const visit = await createVisit(t, propertyId, { lead: tech });
    const plain = await json(
      await apiAs(t, owner.cookie).post('/notes', {
        json: { content: 'Plain', attachableType: 'visit', attachableId: visit.id },
      }),
      201,
    );
    expect(plain.shareWithClient).toBe(false);
    const shared = await json(
      await apiAs(t, owner.cookie).patch('/notes/:id', {
        param: { id: plain.id },
        json: { content: 'Plain', shareWithClient: true },
      }),
      200,
    );
    expect(shared.shareWithClient).toBe(true);
    const [row] = await t.db.select({ share: notes.shareWithClient }).from(notes).where(eq(notes.id, plain.id));
    expect(row?.share).toBe(true);
    // Editing the content alone keeps it shared.
    const edited = await json(
      await apiAs(t, owner.cookie).patch('/notes/:id', { param: { id: plain.id }, json: { content: 'Edited' } }),
      200,
    );
    expect(edited.shareWithClient).toBe(true);
    const [stored] = await t.db.select({ sent: visits.reportSentAt }).from(visits).where(eq(visits.id, visit.id));
    expect(stored?.sent).toBeNull();
  });
});
