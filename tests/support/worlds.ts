import { randomBytes, randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { WorkspaceRole } from '../../src/shared/constants';
import { notes, staffNotifications, visits, visitSeries, workspaceInvitations } from '../../src/server/db/schema';
import { notifyStaff } from '../../src/server/modules/notifications';
import { tinyPng } from './images';
import {
  addMember,
  addPropertyTask,
  addVisitTask,
  billVisit,
  createClientRow,
  createInvoiceRow,
  createPhotoRow,
  createProperty,
  createSecondaryProfile,
  createTask,
  createUser,
  createVisit,
  type TestUser,
} from './factories';
import type { TestApp } from './test-app';

// A "world": one workspace, its team, and one property with everything that can hang
// under it, made by direct inserts so that a test can build a fresh one after every call that
// changed it. Used by the authorization matrix. A team builds any number of worlds: they share
// the workspace and its people; each has its own records and its own tag.

/** A business: the owner (whose personal workspace it is) and the members the matrix calls as. */
export interface Team {
  workspaceId: string;
  owner: TestUser;
  manager: TestUser;
  /** A technician on the world's visits (lead of both), so on its property too. */
  assigned: TestUser;
  /** A technician of the workspace on nothing: they see its catalogue and no more. */
  unassigned: TestUser;
  /** A technician whose membership and visit places the matrix changes (never a caller). */
  helper: TestUser;
}

/** Signs up the owner (their personal workspace is the team's) and four members. */
export async function createTeam(t: TestApp, label: string): Promise<Team> {
  const owner = await createUser(t, { name: `${label} Owner` });
  const [manager, assigned, unassigned, helper] = await Promise.all(
    ['Manager', 'Technician', 'Idle technician', 'Helper'].map((role) => createUser(t, { name: `${label} ${role}` })),
  );
  const team = {
    workspaceId: owner.workspaceId,
    owner,
    manager: manager!,
    assigned: assigned!,
    unassigned: unassigned!,
  };
  await addMember(t, team.workspaceId, team.manager, 'manager', owner);
  await addMember(t, team.workspaceId, team.assigned, 'technician', owner);
  await addMember(t, team.workspaceId, team.unassigned, 'technician', owner);
  await addMember(t, team.workspaceId, helper!, 'technician', owner);
  return { ...team, helper: helper! };
}

/**
 * A pending invitation (14 days) of `email` to the workspace, as `invitedBy` (an owner or manager
 * there) sent it; one already there is renewed, as sending it again does.
 */
export async function createInvitationRow(
  t: TestApp,
  workspaceId: string,
  email: string,
  options: { role?: WorkspaceRole; invitedBy: { id: string } },
) {
  const [row] = await t.db
    .insert(workspaceInvitations)
    .values({
      workspaceId,
      email: email.toLowerCase(),
      role: options.role ?? 'technician',
      invitedBy: options.invitedBy.id,
      expiresAt: new Date(Date.now() + 14 * 24 * 3600_000),
    })
    .onConflictDoUpdate({
      target: [workspaceInvitations.workspaceId, workspaceInvitations.email],
      // A fresh one each time: an answered invitation (accepted, declined) is kept with its status.
      set: { role: options.role ?? 'technician', invitedBy: options.invitedBy.id, status: 'pending' },
    })
    .returning();
  if (!row) throw new Error('invitation not created');
  return row;
}

/** Where a person stands in a world: a member with their role there, or outside it. */
export type Standing = 'owner' | 'manager' | 'assigned' | 'unassigned' | 'outsider';

export interface World {
  /** Unique text in every searchable name of the world (`?q=` finds exactly its records). */
  tag: string;
  team: Team;
  workspaceId: string;
  propertyId: string;
  /** The property's client. */
  clientId: string;
  /** Templates of the workspace's catalogue: `taskId` is on the property and its visits, `spareTaskId` on neither. */
  taskId: string;
  spareTaskId: string;
  propertyTaskId: string;
  /** Scheduled tomorrow, the assigned technician as lead, with one pending task. */
  visitId: string;
  visitTaskId: string;
  /** Completed last month, the assigned technician as lead and the helper as assistant, billed on `invoiceId`. */
  completedVisitId: string;
  invoiceId: string;
  /** On the property, by the owner; a real stored file when the world was built with one. */
  photoId: string;
  /** On the property, by the owner. */
  noteId: string;
  /** The owner's. */
  secondaryProfileId: string;
  /** The owner's, in the bell, about the visit. */
  notificationId: string;
  /** Pending, to an address with no account. */
  invitationId: string;
  /** A daily series of two from tomorrow, the owner its assignee, and its first occurrence. */
  seriesId: string;
  seriesVisitId: string;
  /** Every id of the world, by who may see it (ARCHITECTURE.md "Who may do what"). */
  ids: {
    /** every member: the workspace itself and its catalogue */
    workspace: string[];
    /** owners, managers and the technician on the visits: the property, the visits, their tasks, what hangs on them */
    assigned: string[];
    /** owners and managers: invoices and what hangs on them, the series, the invitation */
    office: string[];
    /** the owner only: their secondary profile, what hangs on it, their standalone note */
    private: string[];
  };
}

/**
 * A property of the team's workspace with its task templates, visits, an invoice, photos and
 * notes (on the property, the invoice and the owner's secondary profile, and a standalone one),
 * a series and a pending invitation. The helper is (again) a technician of the workspace.
 */
export async function buildWorld(t: TestApp, team: Team, options: { photoBytes?: Buffer } = {}): Promise<World> {
  const { owner, assigned, helper, workspaceId } = team;
  await addMember(t, workspaceId, helper, 'technician', owner);
  const tag = `w${randomUUID().replaceAll('-', '').slice(0, 10)}`;
  const property = await createProperty(t, owner, { name: `Matrix ${tag}` }, [assigned]);
  const client = await createClientRow(t, workspaceId, { name: `Client ${tag}`, phone: '555-0100' }, [property.id]);
  const task = await createTask(t, owner, { name: `Task ${tag}` });
  const spareTask = await createTask(t, owner, { name: `Spare task ${tag}` });
  const propertyTask = await addPropertyTask(t, property.id, task.id);
  const visit = await createVisit(t, property.id, { lead: assigned });
  const visitTask = await addVisitTask(t, visit.id, task.id);
  const completedVisit = await createVisit(t, property.id, {
    lead: assigned,
    assistants: [helper],
    status: 'completed',
    scheduledAt: new Date(Date.now() - 30 * 24 * 3600_000),
  });
  const completedTask = await addVisitTask(t, completedVisit.id, task.id, { status: 'completed', price: 1000 });
  const invoice = await createInvoiceRow(t, property.id);
  await billVisit(t, invoice.id, completedVisit.id);
  // The completed visit was signed by the customer.
  const signatureKey = `${Date.now()}-${randomBytes(6).toString('hex')}.png`;
  await t.storage.put(signatureKey, await tinyPng(), 'image/png');
  await t.db
    .update(visits)
    .set({ signaturePath: signatureKey, signerName: `Signer ${tag}`, signedAt: new Date() })
    .where(eq(visits.id, completedVisit.id));
  const secondary = await createSecondaryProfile(t, owner, { displayName: `Contact ${tag}` });

  const photoId = options.photoBytes
    ? await uploadPhoto(t, team, options.photoBytes, property.id, `Photo ${tag}`)
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
      {
        workspaceId,
        content: `Gate code ${tag}`,
        attachableType: 'property',
        attachableId: property.id,
        createdBy: owner.id,
      },
      {
        workspaceId,
        content: `Billing ${tag}`,
        attachableType: 'invoice',
        attachableId: invoice.id,
        createdBy: owner.id,
      },
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
  const invitation = await createInvitationRow(t, workspaceId, `invitee-${tag}@example.com`, { invitedBy: owner });
  const seriesStart = new Date(Math.floor((Date.now() + 24 * 3600_000) / 60_000) * 60_000);
  const [series] = await t.db
    .insert(visitSeries)
    .values({
      workspaceId,
      propertyId: property.id,
      startsAt: seriesStart,
      timeZone: 'UTC',
      rrule: 'FREQ=DAILY;COUNT=2',
      assigneeIds: [owner.id],
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

  await notifyStaff(t.db, [owner.id], {
    workspaceId,
    kind: 'visit_changed',
    text: `Visit moved ${tag}`,
    visitId: visit.id,
  });
  const [notification] = await t.db
    .select({ id: staffNotifications.id })
    .from(staffNotifications)
    .where(eq(staffNotifications.userId, owner.id))
    .orderBy(desc(staffNotifications.createdAt))
    .limit(1);
  if (!notification) throw new Error('notification not created');

  return {
    tag,
    team,
    workspaceId,
    propertyId: property.id,
    clientId: client.id,
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
    notificationId: notification.id,
    invitationId: invitation.id,
    seriesId: series.id,
    seriesVisitId: seriesVisit.id,
    ids: {
      workspace: [workspaceId, task.id, spareTask.id],
      assigned: [
        property.id,
        propertyTask.id,
        visit.id,
        visitTask.id,
        completedVisit.id,
        completedTask.id,
        photoId,
        note.id,
      ],
      office: [client.id, invoice.id, invoicePhoto.id, invoiceNote.id, invitation.id, series.id, seriesVisit.id],
      private: [secondary.id, privatePhoto.id, privateNote.id, loneNote.id, notification.id],
    },
  };
}

/** Where `userId` stands in the world's team. */
export function standingIn(world: World, userId: string): Standing {
  const { owner, manager, assigned, unassigned } = world.team;
  if (userId === owner.id) return 'owner';
  if (userId === manager.id) return 'manager';
  if (userId === assigned.id) return 'assigned';
  if (userId === unassigned.id) return 'unassigned';
  return 'outsider';
}

/** What of the world `userId` must never find in an answer: ids, and for an outsider its tag too. */
export function hiddenFrom(world: World, userId: string): string[] {
  const { ids } = world;
  switch (standingIn(world, userId)) {
    case 'owner':
      return [];
    case 'manager':
      return ids.private;
    case 'assigned':
      return [...ids.office, ...ids.private];
    case 'unassigned':
      return [...ids.assigned, ...ids.office, ...ids.private];
    case 'outsider':
      return [world.tag, ...ids.workspace, ...ids.assigned, ...ids.office, ...ids.private];
  }
}

/** A photo row (no stored file) under a key the storage accepts, so deleting it deletes quietly. */
const photoRow = (t: TestApp, owner: TestUser, attach: Parameters<typeof createPhotoRow>[2], caption: string) =>
  createPhotoRow(t, owner, attach, { caption, storagePath: `${Date.now()}-${randomBytes(6).toString('hex')}.jpg` });

async function uploadPhoto(t: TestApp, team: Team, bytes: Buffer, propertyId: string, caption: string) {
  const response = await t.upload(
    team.owner.cookie,
    { bytes, name: 'world.png', type: 'image/png' },
    { caption, attachableType: 'property', attachableId: propertyId },
    { 'x-workspace': team.workspaceId },
  );
  if (response.status !== 201) throw new Error(`photo upload failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}
