import { randomBytes, randomUUID } from 'node:crypto';
import { invoiceVisits, notes, propertyInvitations, visits, visitSeries } from '../../src/server/db/schema';
import { eq } from 'drizzle-orm';
import type { PropertyRole } from '../../src/shared/constants';
import {
  addPropertyTask,
  addVisitTask,
  createInvoiceRow,
  createPhotoRow,
  createProperty,
  createSecondaryProfile,
  createTask,
  createVisit,
  type TestUser,
} from './factories';
import type { TestApp } from './test-app';

// A "world": one property with everything that can hang under it, made by direct inserts so
// a test can build a fresh one for every destructive call. Used by the authorization matrix.

/** A pending invitation (14 days) of `email` to the property, as its owner would send it. */
export async function createInvitationRow(
  t: TestApp,
  propertyId: string,
  email: string,
  options: { role?: PropertyRole; invitedBy?: { id: string } } = {},
) {
  const [row] = await t.db
    .insert(propertyInvitations)
    .values({
      propertyId,
      email: email.toLowerCase(),
      role: options.role ?? 'technician',
      invitedBy: options.invitedBy?.id ?? null,
      expiresAt: new Date(Date.now() + 14 * 24 * 3600_000),
    })
    .returning();
  if (!row) throw new Error('invitation not created');
  return row;
}

export interface World {
  /** Unique text in every searchable name of the world (`?q=` finds exactly its records). */
  tag: string;
  owner: TestUser;
  /** Linked as technician, assistant on the completed visit: the person people endpoints change. */
  helper: TestUser;
  /** Further technicians linked to the property. */
  technicians: TestUser[];
  propertyId: string;
  /** Templates created by the owner: `taskId` is on the property and its visits, `spareTaskId` on neither. */
  taskId: string;
  spareTaskId: string;
  propertyTaskId: string;
  /** Scheduled tomorrow, the owner as lead, with one pending task. */
  visitId: string;
  visitTaskId: string;
  /** Completed last month, the owner as lead and the helper as assistant, billed on `invoiceId`. */
  completedVisitId: string;
  invoiceId: string;
  /** On the property; a real stored file when the world was built with one. */
  photoId: string;
  noteId: string;
  secondaryProfileId: string;
  /** Pending, to an address with no account. */
  invitationId: string;
  /** A daily series of two from tomorrow (issue 18), made by the owner, and its first occurrence. */
  seriesId: string;
  seriesVisitId: string;
  /** Every record id, by who may see it (task templates are a shared catalogue: in none). */
  ids: {
    /** whoever sees the property */
    property: string[];
    /** whoever manages the property (owners, admins): invoices, what hangs on them, invitations */
    managed: string[];
    /** the owner only: their secondary profile, what hangs on it, their standalone note */
    private: string[];
  };
}

/**
 * A property of `owner`, with `helper` and `technicians` linked as technicians, its task
 * templates, visits, an invoice, photos and notes (on the property, the invoice and the
 * owner's secondary profile, and a standalone one) and a pending invitation.
 */
export async function buildWorld(
  t: TestApp,
  people: { owner: TestUser; helper: TestUser; technicians?: TestUser[] },
  options: { photoBytes?: Buffer } = {},
): Promise<World> {
  const { owner, helper, technicians = [] } = people;
  const tag = `w${randomUUID().replaceAll('-', '').slice(0, 10)}`;
  const property = await createProperty(t, owner, { name: `Matrix ${tag}` }, [helper, ...technicians]);
  const task = await createTask(t, owner, { name: `Task ${tag}` });
  const spareTask = await createTask(t, owner, { name: `Spare task ${tag}` });
  const propertyTask = await addPropertyTask(t, property.id, task.id);
  const visit = await createVisit(t, property.id, { lead: owner });
  const visitTask = await addVisitTask(t, visit.id, task.id);
  const completedVisit = await createVisit(t, property.id, {
    lead: owner,
    assistants: [helper],
    status: 'completed',
    scheduledAt: new Date(Date.now() - 30 * 24 * 3600_000),
  });
  const completedTask = await addVisitTask(t, completedVisit.id, task.id, { status: 'completed', price: 1000 });
  const invoice = await createInvoiceRow(t, property.id);
  await t.db.insert(invoiceVisits).values({ invoiceId: invoice.id, visitId: completedVisit.id });
  const secondary = await createSecondaryProfile(t, owner, { displayName: `Contact ${tag}` });

  const photoId = options.photoBytes
    ? await uploadPhoto(t, owner, options.photoBytes, property.id, `Photo ${tag}`)
    : (await photoRow(t, owner, { type: 'property', id: property.id }, `Photo ${tag}`)).id;
  const invoicePhoto = await photoRow(t, owner, { type: 'invoice', id: invoice.id }, `Bill ${tag}`);
  const privatePhoto = await photoRow(
    t,
    owner,
    { type: 'secondary_profile', id: secondary.id },
    `Contact photo ${tag}`,
  );
  const [note, invoiceNote, privateNote, loneNote] = await t.db
    .insert(notes)
    .values([
      { content: `Gate code ${tag}`, attachableType: 'property', attachableId: property.id, createdBy: owner.id },
      { content: `Billing ${tag}`, attachableType: 'invoice', attachableId: invoice.id, createdBy: owner.id },
      {
        content: `Contact ${tag}`,
        attachableType: 'secondary_profile',
        attachableId: secondary.id,
        createdBy: owner.id,
      },
      { content: `Standalone ${tag}`, attachableType: 'property', attachableId: null, createdBy: owner.id },
    ])
    .returning({ id: notes.id });
  if (!note || !invoiceNote || !privateNote || !loneNote) throw new Error('notes not created');
  const invitation = await createInvitationRow(t, property.id, `invitee-${tag}@example.com`, { invitedBy: owner });
  const seriesStart = new Date(Math.floor((Date.now() + 24 * 3600_000) / 60_000) * 60_000);
  const [series] = await t.db
    .insert(visitSeries)
    .values({
      propertyId: property.id,
      startsAt: seriesStart,
      timeZone: 'UTC',
      rrule: 'FREQ=DAILY;COUNT=2',
      createdBy: owner.id,
      generatedUntil: new Date(Date.now() + 90 * 24 * 3600_000),
    })
    .returning();
  if (!series) throw new Error('series not created');
  const seriesVisit = await createVisit(t, property.id, { lead: owner, scheduledAt: seriesStart });
  await t.db
    .update(visits)
    .set({ seriesId: series.id, occurrenceAt: seriesStart })
    .where(eq(visits.id, seriesVisit.id));

  return {
    tag,
    owner,
    helper,
    technicians,
    propertyId: property.id,
    taskId: task.id,
    spareTaskId: spareTask.id,
    propertyTaskId: propertyTask.id,
    visitId: visit.id,
    visitTaskId: visitTask.id,
    completedVisitId: completedVisit.id,
    invoiceId: invoice.id,
    photoId,
    noteId: note.id,
    secondaryProfileId: secondary.id,
    invitationId: invitation.id,
    seriesId: series.id,
    seriesVisitId: seriesVisit.id,
    ids: {
      property: [
        property.id,
        propertyTask.id,
        visit.id,
        visitTask.id,
        completedVisit.id,
        completedTask.id,
        photoId,
        note.id,
        series.id,
        seriesVisit.id,
      ],
      managed: [invoice.id, invoicePhoto.id, invoiceNote.id, invitation.id],
      private: [secondary.id, privatePhoto.id, privateNote.id, loneNote.id],
    },
  };
}

/** The ids of the world that `viewer` must never find in an answer. */
export function hiddenFrom(world: World, viewer: { id: string; admin: boolean }): string[] {
  if (viewer.id === world.owner.id) return [];
  if (viewer.admin) return world.ids.private;
  const linked = [world.helper, ...world.technicians].some((user) => user.id === viewer.id);
  if (linked) return [...world.ids.managed, ...world.ids.private];
  return [...world.ids.property, ...world.ids.managed, ...world.ids.private];
}

/** A photo row (no stored file) under a key the storage accepts, so deleting it deletes quietly. */
const photoRow = (t: TestApp, owner: TestUser, attach: Parameters<typeof createPhotoRow>[2], caption: string) =>
  createPhotoRow(t, owner, attach, { caption, storagePath: `${Date.now()}-${randomBytes(6).toString('hex')}.jpg` });

async function uploadPhoto(t: TestApp, owner: TestUser, bytes: Buffer, propertyId: string, caption: string) {
  const response = await t.upload(
    owner.cookie,
    { bytes, name: 'world.png', type: 'image/png' },
    { caption, attachableType: 'property', attachableId: propertyId },
  );
  if (response.status !== 201) throw new Error(`photo upload failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}
