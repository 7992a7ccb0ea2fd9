import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visits } from '../../src/server/db/schema';
import { missingEvidence, type Requirement } from '../../src/shared/evidence';
import type { VisitDetailDto } from '../../src/shared/schemas/visits';
import { addMember, createProperty, createUser, type TestUser } from '../support/factories';
import { tinyPng } from '../support/images';
import { apiAs } from '../support/api';
import { json, refusal } from '../support/json';
import { createTestApp, type TestApp } from '../support/test-app';
import type { Get } from '../../src/client/api/contract';

type PhotoDetailDto = Get<'/photos/:id'>;

// Proof of visit: requirements copied from templates, evidence on visit tasks, the
// customer's signature, and the completion gate the server holds (409 with what is missing).

let t: TestApp;
let owner: TestUser;
let manager: TestUser;
let tech: TestUser;
let outsider: TestUser;

const POOL: Requirement[] = [
  { type: 'before_after' },
  { type: 'reading', unit: 'ppm', min: 1, max: 3 },
  { type: 'pass_fail' },
];

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
  manager = await createUser(t);
  tech = await createUser(t);
  outsider = await createUser(t);
  await addMember(t, owner.workspaceId, manager, 'manager');
});
afterAll(async () => {
  await t.close();
});

const as = (user: TestUser) => apiAs(t, user.cookie);

/** A template with `requirements`, on a property (signature as asked), and a visit with the tech as lead. */
async function poolVisit(options: { requirements?: Requirement[]; requireSignature?: boolean } = {}) {
  const template = await json(
    await as(owner).post('/tasks', {
      json: {
        name: `Pool service ${crypto.randomUUID().slice(0, 6)}`,
        estimatedDurationMinutes: 45,
        requirements: options.requirements ?? POOL,
      },
    }),
    201,
  );
  const property = await createProperty(t, owner, { requireSignature: options.requireSignature ?? false }, [tech]);
  await json(
    await as(owner).post('/properties/:id/tasks', { param: { id: property.id }, json: { taskId: template.id } }),
    201,
  );
  const visit = await json(
    await as(owner).post('/visits', {
      json: { propertyId: property.id, scheduledAt: new Date().toISOString(), assigneeIds: [tech.id] },
    }),
    201,
  );
  return { template, property, visit, task: visit.tasks[0]! };
}

const patchTask = (user: TestUser, visitId: string, taskId: string, body: Record<string, unknown>) =>
  as(user).patch('/visits/:id/tasks/:taskId', { param: { id: visitId, taskId }, json: body });
const complete = (user: TestUser, visitId: string, extra: Record<string, unknown> = {}) =>
  as(user).patch('/visits/:id', { param: { id: visitId }, json: { status: 'completed', ...extra } });
const evidencePhoto = async (user: TestUser, visitId: string, taskId: string, tag: string) =>
  t.upload(
    user.cookie,
    { bytes: await tinyPng(), name: `${tag}.png`, type: 'image/png' },
    { attachableType: 'visit', attachableId: visitId, visitTaskId: taskId, tag },
  );
const sign = async (
  user: TestUser,
  visitId: string,
  fields: Record<string, string>,
  bytes?: Buffer,
  type = 'image/png',
) =>
  t.upload(
    user.cookie,
    { bytes: bytes ?? (await tinyPng()), name: 'signature.png', type },
    fields,
    {},
    `/api/visits/${visitId}/signature`,
  );

describe('requirements on templates', () => {
  it('are kept on the template and copied to the property task and the visit task', async () => {
    const { template, visit, task } = await poolVisit();
    expect(template.requirements).toEqual(POOL);
    expect(task.requirements).toEqual(POOL);
    // Changing the template later changes neither copy (copy, never follow).
    await json(
      await as(owner).patch('/tasks/:id', {
        param: { id: template.id },
        json: { name: template.name, requirements: [] },
      }),
      200,
    );
    const again = await json(await as(owner).get('/visits/:id', { param: { id: visit.id } }), 200);
    expect(again.tasks[0]!.requirements).toEqual(POOL);
  });

  it('are refused when malformed, with the field named', async () => {
    const response = await as(owner).post('/tasks', {
      json: {
        name: 'Bad',
        requirements: [{ type: 'reading', unit: 'ppm', min: 3, max: 1 }],
      },
    });
    const body = await refusal(response, 400);
    expect(Object.values(body.error.fields ?? {})).toContain('Maximum must be at least the minimum');
  });
});

describe('the completion gate', () => {
  it('refuses with 409 and what each task misses, the signature last; then opens when all is in', async () => {
    const { visit, task } = await poolVisit({ requireSignature: true });
    const refused = await refusal(await complete(tech, visit.id), 409);
    expect(refused.error.message).toBe('This visit cannot be completed yet: evidence is missing');
    expect(refused.error.missing).toEqual([
      { taskId: task.id, taskName: task.name, needs: ['done', 'before_photo', 'after_photo', 'reading', 'pass_fail'] },
      { needs: ['signature'] },
    ]);

    await json(await evidencePhoto(tech, visit.id, task.id, 'before'), 201);
    await json(await evidencePhoto(tech, visit.id, task.id, 'after'), 201);
    const ticked = await json(
      await patchTask(tech, visit.id, task.id, { status: 'completed', reading: 2.5, result: 'pass' }),
      200,
    );
    expect(ticked).toMatchObject({
      reading: 2.5,
      readingFlagged: false,
      result: 'pass',
      photos: { before: 1, after: 1, other: 0 },
    });
    expect((await refusal(await complete(tech, visit.id), 409)).error.missing).toEqual([{ needs: ['signature'] }]);
    await json(await sign(tech, visit.id, { signerName: 'Pat Customer' }), 201);
    const done = await json(await complete(tech, visit.id), 200);
    expect(done).toMatchObject({
      status: 'completed',
      overrideReason: null,
      signature: { signerName: 'Pat Customer' },
    });
  });

  it('flags a reading out of range and asks for a note, which the task then has', async () => {
    const { visit, task } = await poolVisit();
    await json(await evidencePhoto(tech, visit.id, task.id, 'before'), 201);
    await json(await evidencePhoto(tech, visit.id, task.id, 'after'), 201);
    const high = await json(
      await patchTask(tech, visit.id, task.id, { status: 'completed', reading: 5.2, result: 'fail' }),
      200,
    );
    expect(high).toMatchObject({ reading: 5.2, readingFlagged: true });
    expect((await refusal(await complete(tech, visit.id), 409)).error.missing).toEqual([
      { taskId: task.id, taskName: task.name, needs: ['reading_note'] },
    ]);
    const noted = await json(await patchTask(tech, visit.id, task.id, { notes: 'Shocked the pool' }), 200);
    expect(noted.notes).toBe('Shocked the pool');
    await json(await complete(tech, visit.id), 200);
  });

  it("lets a skipped task through with a reason and no evidence (the fixed shape's `note`, answered as `notes`)", async () => {
    const { visit, task } = await poolVisit();
    await json(await patchTask(tech, visit.id, task.id, { status: 'skipped' }), 200);
    expect((await refusal(await complete(tech, visit.id), 409)).error.missing).toEqual([
      { taskId: task.id, taskName: task.name, needs: ['skip_reason'] },
    ]);
    const reason = await json(await patchTask(tech, visit.id, task.id, { note: 'Pool covered for winter' }), 200);
    expect(reason).toMatchObject({ notes: 'Pool covered for winter' });
    expect(reason).not.toHaveProperty('note');
    await json(await complete(tech, visit.id), 200);
  });

  it("'Complete anyway' is the office's, with a reason kept on the visit; a technician gets 403", async () => {
    const { visit } = await poolVisit();
    const refused = await refusal(await complete(tech, visit.id, { overrideReason: 'Customer asked' }), 403);
    expect(refused.error.message).toBe('Only owners and managers may complete anyway');
    await json(await complete(manager, visit.id, { overrideReason: '  ' }), 400);
    const done = await json(
      await complete(manager, visit.id, { overrideReason: 'Pump room flooded; photos next week' }),
      200,
    );
    expect(done).toMatchObject({ status: 'completed', overrideReason: 'Pump room flooded; photos next week' });
  });

  it('holds for a visit made as completed: 409 with the list and nothing made; a reason from the office passes', async () => {
    const { property, template } = await poolVisit({ requireSignature: true });
    const id = crypto.randomUUID();
    const made = (user: TestUser, extra: Record<string, unknown> = {}) =>
      as(user).post('/visits', {
        json: {
          id,
          propertyId: property.id,
          scheduledAt: new Date().toISOString(),
          status: 'completed',
          assigneeIds: [tech.id],
          ...extra,
        },
      });
    const refused = await refusal(await made(owner), 409);
    expect(refused.error.message).toBe('This visit cannot be completed yet: evidence is missing');
    expect(refused.error.missing).toEqual([
      {
        taskId: expect.any(String),
        taskName: template.name,
        needs: ['done', 'before_photo', 'after_photo', 'reading', 'pass_fail'],
      },
      { needs: ['signature'] },
    ]);
    // The refusal made nothing: no visit, no tasks, no people.
    expect((await as(owner).get('/visits/:id', { param: { id: id } })).status).toBe(404);
    expect(await t.db.select().from(visits).where(eq(visits.id, id))).toEqual([]);

    // A technician cannot make visits at all, with a reason or without.
    expect((await made(tech, { overrideReason: 'Customer asked' })).status).toBe(403);
    await json(await made(manager, { overrideReason: ' ' }), 400);

    const done = await json(await made(owner, { overrideReason: 'Logged after the fact' }), 201);
    expect(done).toMatchObject({ id, status: 'completed', overrideReason: 'Logged after the fact' });
    expect(done.tasks.map((task) => task.name)).toEqual([template.name]);
    expect(done.completedAt).not.toBeNull();
  });

  it('lets a visit be made as completed when nothing is required of it', async () => {
    const property = await createProperty(t, owner, {}, [tech]);
    const done = await json(
      await as(manager).post('/visits', {
        json: { propertyId: property.id, scheduledAt: new Date().toISOString(), status: 'completed' },
      }),
      201,
    );
    expect(done).toMatchObject({ status: 'completed', overrideReason: null });
  });

  it('records a reopening by the office on the visit; a completed visit is read-only for technicians', async () => {
    const { visit, task } = await poolVisit();
    await json(await complete(owner, visit.id, { overrideReason: 'Office test' }), 200);
    const locked = await patchTask(tech, visit.id, task.id, { reading: 2 });
    expect(locked.status).toBe(409);
    expect(
      (
        await refusal(
          await as(tech).patch('/visits/:id', { param: { id: visit.id }, json: { status: 'in_progress' } }),
          403,
        )
      ).error.message,
    ).toBeTruthy();
    const reopened = await json(
      await as(manager).patch('/visits/:id', { param: { id: visit.id }, json: { status: 'in_progress' } }),
      200,
    );
    expect(reopened.reopenedBy).toBe(manager.email);
    expect(reopened.reopenedAt).not.toBeNull();
  });
});

describe('evidence photos', () => {
  it('are attached to the visit task with their tag and capture time', async () => {
    const { visit, task } = await poolVisit();
    const at = new Date(Date.now() - 5 * 60_000).toISOString();
    // A multipart upload, outside the typed client.
    const photo = await json<PhotoDetailDto>(
      await t.upload(
        tech.cookie,
        { bytes: await tinyPng(), name: 'after.png', type: 'image/png' },
        { attachableType: 'visit', attachableId: visit.id, visitTaskId: task.id, tag: 'after', capturedAt: at },
      ),
      201,
    );
    expect(photo).toMatchObject({ visitTaskId: task.id, tag: 'after', capturedAt: at, attachableId: visit.id });
    const listed = await json(await as(tech).get('/photos', { query: { visitTaskId: task.id } }), 200);
    expect(listed.items.map((item) => item.id)).toEqual([photo.id]);
  });

  it('must name a task of the visit they are attached to, and a known tag', async () => {
    const first = await poolVisit();
    const second = await poolVisit();
    const wrongVisit = await t.upload(
      tech.cookie,
      { bytes: await tinyPng(), name: 'x.png', type: 'image/png' },
      { attachableType: 'visit', attachableId: second.visit.id, visitTaskId: first.task.id, tag: 'before' },
    );
    expect(wrongVisit.status).toBe(404);
    const badTag = await t.upload(
      tech.cookie,
      { bytes: await tinyPng(), name: 'x.png', type: 'image/png' },
      { attachableType: 'visit', attachableId: first.visit.id, visitTaskId: first.task.id, tag: 'during' },
    );
    expect(badTag.status).toBe(400);
    const tagAlone = await t.upload(
      tech.cookie,
      { bytes: await tinyPng(), name: 'x.png', type: 'image/png' },
      { attachableType: 'property', attachableId: first.property.id, tag: 'before' },
    );
    expect(tagAlone.status).toBe(400);
  });
});

describe("the customer's signature", () => {
  it('is stored as a PNG with the printed name and the time, and served to whoever sees the visit', async () => {
    const { visit } = await poolVisit();
    const signedAt = new Date(Date.now() - 60_000).toISOString();
    // The signature is a multipart upload, outside the typed client.
    const signed = await json<VisitDetailDto>(
      await sign(tech, visit.id, { signerName: ' Pat Customer ', signedAt }),
      201,
    );
    expect(signed.signature).toEqual({
      signerName: 'Pat Customer',
      signedAt,
      url: `/api/visits/${visit.id}/signature`,
    });
    const image = await as(owner).get('/visits/:id/signature', { param: { id: visit.id } });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await image.arrayBuffer());
    expect((await sharp(bytes).metadata()).format).toBe('png');
  });

  it('is refused when not a PNG or JPEG by its first bytes, when too large, or without a name', async () => {
    const { visit } = await poolVisit();
    const text = await sign(tech, visit.id, { signerName: 'Pat' }, Buffer.from('not an image at all'), 'image/png');
    expect(text.status).toBe(415);
    const gif = await sign(
      tech,
      visit.id,
      { signerName: 'Pat' },
      await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
        .gif()
        .toBuffer(),
      'image/gif',
    );
    expect((await refusal(gif, 415)).error.message).toBe('The signature must be a PNG or JPEG image');
    const huge = await sign(
      tech,
      visit.id,
      { signerName: 'Pat' },
      Buffer.concat([await tinyPng(), Buffer.alloc(1024 * 1024 + 10)]),
    );
    expect((await refusal(huge, 413)).error.message).toBe('The signature must be less than 1MB');
    const nameless = await sign(tech, visit.id, { signerName: '' });
    expect((await refusal(nameless, 400)).error.message).toBe("Please enter the signer's name");
    const [row] = await t.db.select({ path: visits.signaturePath }).from(visits).where(eq(visits.id, visit.id));
    expect(row!.path).toBeNull();
  });
});

describe('another workspace', () => {
  it('gets 404 on evidence, photos, the signature and completion', async () => {
    const { visit, task } = await poolVisit();
    await json(await sign(tech, visit.id, { signerName: 'Pat' }), 201);
    expect((await patchTask(outsider, visit.id, task.id, { reading: 2 })).status).toBe(404);
    expect((await evidencePhoto(outsider, visit.id, task.id, 'before')).status).toBe(404);
    expect((await sign(outsider, visit.id, { signerName: 'Mallory' })).status).toBe(404);
    expect((await as(outsider).get('/visits/:id/signature', { param: { id: visit.id } })).status).toBe(404);
    expect((await complete(outsider, visit.id, { overrideReason: 'mine now' })).status).toBe(404);
  });
});

describe('replays in any order (fast-check)', () => {
  type Step = 'tick' | 'reading' | 'result' | 'before' | 'after' | 'sign' | 'complete' | 'completeAnyway';
  const STEPS: Step[] = ['tick', 'reading', 'result', 'before', 'after', 'sign', 'complete', 'completeAnyway'];

  it('never ends with a completed visit missing a required item, unless completed anyway', async () => {
    await fc.assert(
      fc.asyncProperty(fc.shuffledSubarray(STEPS, { minLength: 1 }), fc.boolean(), async (steps, officeOverrides) => {
        const { visit, task } = await poolVisit({ requireSignature: true });
        for (const step of steps) {
          // Each write is replayed as the outbox sends it: once, in its order; its answer is whatever the server says.
          if (step === 'tick') await patchTask(tech, visit.id, task.id, { status: 'completed' });
          if (step === 'reading') await patchTask(tech, visit.id, task.id, { reading: 2 });
          if (step === 'result') await patchTask(tech, visit.id, task.id, { result: 'pass' });
          if (step === 'before' || step === 'after') await evidencePhoto(tech, visit.id, task.id, step);
          if (step === 'sign') await sign(tech, visit.id, { signerName: 'Pat' });
          if (step === 'complete') await complete(tech, visit.id);
          if (step === 'completeAnyway')
            await complete(officeOverrides ? owner : tech, visit.id, { overrideReason: 'Replayed' });
        }
        const final = await json(await as(owner).get('/visits/:id', { param: { id: visit.id } }), 200);
        if (final.status !== 'completed') return;
        const missing = missingEvidence({
          tasks: final.tasks,
          requireSignature: final.requireSignature,
          signed: final.signature !== null,
        });
        expect(missing.length === 0 || final.overrideReason !== null).toBe(true);
        // Completed anyway only by the office.
        if (final.overrideReason !== null) expect(officeOverrides).toBe(true);
      }),
      { numRuns: 25 },
    );
  });
});
