import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { AccountRole, WorkspaceRole } from '../../src/shared/constants';
import { resolveMember, type Member } from '../../src/server/access/member';
import {
  clients,
  accounts,
  invoiceVisits,
  invoices,
  type notes,
  photos,
  profiles,
  properties,
  propertyTasks,
  secondaryProfiles,
  tasks,
  userProperties,
  users,
  visits,
  visitTasks,
  visitUsers,
  workspaceMembers,
} from '../../src/server/db/schema';
import { templateCopy } from '../../src/server/db/shapes';
import type { TestApp } from './test-app';

export interface TestUser {
  id: string;
  email: string;
  password: string;
  /** The Cookie header that makes a request come from this user. */
  cookie: string;
  /** Whether the address counts as proven; `createUser` makes verified users unless told not to. */
  verified: boolean;
  /** The personal workspace sign-up made, with the user as its owner. */
  workspaceId: string;
}

export const uniqueEmail = (prefix = 'user') => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;

/** Signs a user up through better-auth's server API (no HTTP rate limit) and returns their cookie. */
export async function createUser(
  t: TestApp,
  options: { email?: string; password?: string; name?: string; role?: AccountRole; verified?: boolean } = {},
): Promise<TestUser> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? 'quiet-harbour-7';
  const { headers, response } = await t.auth.api.signUpEmail({
    body: { email, password, name: options.name ?? '' },
    returnHeaders: true,
  });
  const cookie = sessionCookie(headers.get('set-cookie'));
  const verified = options.verified ?? true;
  const role = options.role ?? 'customer';
  if (role !== 'customer' || verified) {
    // Set-up, not the journey: the verification link itself is followed in auth-verification.test.ts.
    await t.db.update(users).set({ role, emailVerified: verified }).where(eq(users.id, response.user.id));
  }
  const [own] = await t.db
    .select({ workspaceId: workspaceMembers.workspaceId })
    .from(workspaceMembers)
    .where(eq(workspaceMembers.userId, response.user.id));
  if (!own) throw new Error('sign-up made no workspace');
  return { id: response.user.id, email, password, cookie, verified, workspaceId: own.workspaceId };
}

/** Turns Set-Cookie headers into the Cookie header a browser would send back. */
export function sessionCookie(setCookie: string | null): string {
  if (!setCookie) throw new Error('No Set-Cookie header');
  return setCookie
    .split(/,(?=\s*[\w.-]+=)/)
    .map((part) => part.split(';')[0]?.trim())
    .filter((pair): pair is string => Boolean(pair) && !pair!.endsWith('='))
    .join('; ');
}

// ── properties and task templates (direct inserts: fast set-up for any area's tests) ──

// ── workspaces ──

/**
 * Makes `user` a member of `workspaceId` with `role` (or changes their role there), and that
 * workspace their default, as accepting an invitation does: their requests without X-Workspace go there.
 */
export async function addMember(
  t: TestApp,
  workspaceId: string,
  user: { id: string },
  role: WorkspaceRole,
  invitedBy: { id: string } | null = null,
) {
  await t.db
    .insert(workspaceMembers)
    .values({ workspaceId, userId: user.id, role, invitedBy: invitedBy?.id ?? null })
    .onConflictDoUpdate({ target: [workspaceMembers.workspaceId, workspaceMembers.userId], set: { role } });
  await t.db.update(users).set({ defaultWorkspaceId: workspaceId }).where(eq(users.id, user.id));
}

/** The user as business services see them: inside `workspaceId` (default: their own), as resolveMember makes it. */
export async function memberOf(t: TestApp, user: TestUser, workspaceId = user.workspaceId): Promise<Member> {
  // The user's real account role: an admin test user stays an admin (no default that could hide one).
  const [row] = await t.db.select({ role: users.role }).from(users).where(eq(users.id, user.id));
  if (!row) throw new Error(`no user ${user.id}`);
  const actor = { id: user.id, email: user.email, role: row.role, emailVerified: user.verified };
  const { member } = await resolveMember(t.db, actor, workspaceId);
  if (!member || member.workspaceId !== workspaceId) throw new Error(`${user.email} is not a member of ${workspaceId}`);
  return member;
}

/** The workspace a property belongs to. */
/** What the rows made for a property copy from it: its workspace, and its deletion (visits). */
async function propertyFacts(t: TestApp, propertyId: string): Promise<{ workspaceId: string; deletedAt: Date | null }> {
  const [row] = await t.db
    .select({ workspaceId: properties.workspaceId, deletedAt: properties.deletedAt })
    .from(properties)
    .where(eq(properties.id, propertyId));
  if (!row) throw new Error(`no property ${propertyId}`);
  return row;
}

/** The workspace of a user: their personal one for a TestUser, else the first they joined. */
async function workspaceOfUser(t: TestApp, user: { id: string; workspaceId?: string }): Promise<string> {
  if (user.workspaceId) return user.workspaceId;
  const [row] = await t.db
    .select({ workspaceId: workspaceMembers.workspaceId })
    .from(workspaceMembers)
    .where(eq(workspaceMembers.userId, user.id))
    .orderBy(workspaceMembers.createdAt)
    .limit(1);
  if (!row) throw new Error(`${user.id} is in no workspace`);
  return row.workspaceId;
}

// ── properties and task templates (direct inserts: fast set-up for any area's tests) ──

/**
 * A property in `owner`'s workspace, labelled 'owner' for them; each of `technicians` joins that
 * workspace as a technician (and is labelled technician on the property).
 */
export async function createProperty(
  t: TestApp,
  owner: { id: string; workspaceId?: string },
  overrides: Partial<typeof properties.$inferInsert> = {},
  technicians: { id: string }[] = [],
) {
  const workspaceId = overrides.workspaceId ?? (await workspaceOfUser(t, owner));
  const [property] = await t.db
    .insert(properties)
    .values({
      name: `Property ${randomUUID().slice(0, 6)}`,
      address: '1 Main St',
      city: 'Springfield',
      ...overrides,
      workspaceId,
    })
    .returning();
  if (!property) throw new Error('property not created');
  for (const tech of technicians) {
    const [already] = await t.db
      .select({ role: workspaceMembers.role })
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, tech.id)));
    if (!already) await addMember(t, workspaceId, tech, 'technician');
  }
  await t.db.insert(userProperties).values([
    { userId: owner.id, propertyId: property.id, role: 'owner' as const, workspaceId },
    ...technicians.map((tech) => ({
      userId: tech.id,
      propertyId: property.id,
      role: 'technician' as const,
      workspaceId,
    })),
  ]);
  return property;
}

/** A task template of `creator`'s workspace. */
export async function createTask(
  t: TestApp,
  creator: { id: string; workspaceId?: string },
  overrides: Partial<typeof tasks.$inferInsert> = {},
) {
  const workspaceId = overrides.workspaceId ?? (await workspaceOfUser(t, creator));
  const [task] = await t.db
    .insert(tasks)
    .values({
      name: `Task ${randomUUID().slice(0, 6)}`,
      estimatedDurationMinutes: 30,
      defaultPrice: 5000,
      createdBy: creator.id,
      ...overrides,
      workspaceId,
    })
    .returning();
  if (!task) throw new Error('task not created');
  return task;
}

/** The copy a property or visit task keeps of its template (the server's own copy columns). */
async function copyOf(t: TestApp, taskId: string) {
  const [task] = await t.db.select(templateCopy).from(tasks).where(eq(tasks.id, taskId));
  if (!task) throw new Error(`no task ${taskId}`);
  return task;
}

/** Adds a copy of a template to a property's task list. */
export async function addPropertyTask(
  t: TestApp,
  propertyId: string,
  taskId: string,
  overrides: Partial<typeof propertyTasks.$inferInsert> = {},
) {
  const [row] = await t.db
    .insert(propertyTasks)
    .values({
      propertyId,
      taskId,
      workspaceId: (await propertyFacts(t, propertyId)).workspaceId,
      ...(await copyOf(t, taskId)),
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('property task not created');
  return row;
}

// ── people: Google-only accounts, secondary profiles; visits assigned to users ──

/**
 * A signed-in user whose only sign-in method is Google: a `google` account row and no
 * credential account (as Google sign-up leaves it). Their session cookie still works.
 */
export async function createGoogleUser(t: TestApp, options: { email?: string; name?: string } = {}) {
  const user = await createUser(t, options);
  await t.db.delete(accounts).where(eq(accounts.userId, user.id));
  await t.db.insert(accounts).values({ userId: user.id, providerId: 'google', accountId: `google-${user.id}` });
  return { ...user, password: '' };
}

/** A secondary profile owned by `owner`. */
export async function createSecondaryProfile(
  t: TestApp,
  owner: { id: string },
  overrides: Partial<typeof secondaryProfiles.$inferInsert> = {},
) {
  const [row] = await t.db
    .insert(secondaryProfiles)
    .values({ userId: owner.id, displayName: `Contact ${randomUUID().slice(0, 6)}`, ...overrides })
    .returning();
  if (!row) throw new Error('secondary profile not created');
  return row;
}

// ── visits (the visits area's factories) ──

/**
 * A visit at `propertyId` (default: in a day, scheduled) with `lead` as its lead and each of
 * `assistants` as assistant, in visit_users.
 */
export async function createVisit(
  t: TestApp,
  propertyId: string,
  options: {
    lead?: { id: string };
    assistants?: { id: string }[];
    scheduledAt?: Date;
    status?: (typeof visits.$inferInsert)['status'];
  } = {},
) {
  // As the app's insertVisits: a deleted property's mark goes with its visits.
  const { workspaceId, deletedAt } = await propertyFacts(t, propertyId);
  const [visit] = await t.db
    .insert(visits)
    .values({
      workspaceId,
      propertyId,
      scheduledAt: options.scheduledAt ?? new Date(Date.now() + 24 * 3600_000),
      status: options.status ?? 'scheduled',
      propertyDeletedAt: deletedAt,
    })
    .returning();
  if (!visit) throw new Error('visit not created');
  const people = [
    ...(options.lead ? [{ visitId: visit.id, userId: options.lead.id, role: 'lead' as const, workspaceId }] : []),
    ...(options.assistants ?? []).map((user) => ({
      visitId: visit.id,
      userId: user.id,
      role: 'assistant' as const,
      workspaceId,
    })),
  ];
  if (people.length > 0) await t.db.insert(visitUsers).values(people);
  return visit;
}

/** A task template on a visit (pending unless told otherwise). */
export async function addVisitTask(
  t: TestApp,
  visitId: string,
  taskId: string,
  overrides: Partial<typeof visitTasks.$inferInsert> = {},
) {
  const [visit] = await t.db.select({ workspaceId: visits.workspaceId }).from(visits).where(eq(visits.id, visitId));
  if (!visit) throw new Error(`no visit ${visitId}`);
  const { defaultPrice, ...copy } = await copyOf(t, taskId);
  const [row] = await t.db
    .insert(visitTasks)
    .values({ visitId, taskId, workspaceId: visit.workspaceId, ...copy, price: defaultPrice, ...overrides })
    .returning();
  if (!row) throw new Error('visit task not created');
  return row;
}

/** The profile row every account gets. */
export async function profileOf(t: TestApp, user: { id: string }) {
  const [row] = await t.db.select().from(profiles).where(eq(profiles.userId, user.id));
  if (!row) throw new Error('no profile');
  return row;
}

let invoiceCounter = 0;
/** An invoice row of a property (no visits), for tests outside the invoices area. */
export async function createInvoiceRow(
  t: TestApp,
  propertyId: string,
  overrides: Partial<typeof invoices.$inferInsert> = {},
) {
  const [row] = await t.db
    .insert(invoices)
    .values({
      propertyId,
      workspaceId: (await propertyFacts(t, propertyId)).workspaceId,
      invoiceNumber: `INV-T${Date.now()}${(invoiceCounter += 1)}`,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('invoice not created');
  return row;
}

/** A client of the workspace, optionally the client of some properties. */
export async function createClientRow(
  t: TestApp,
  workspaceId: string,
  overrides: Partial<typeof clients.$inferInsert> = {},
  propertyIds: string[] = [],
) {
  const [row] = await t.db
    .insert(clients)
    .values({ workspaceId, name: `Client ${randomUUID().slice(0, 8)}`, ...overrides })
    .returning();
  if (!row) throw new Error('client not created');
  for (const propertyId of propertyIds) {
    await t.db.update(properties).set({ clientId: row.id }).where(eq(properties.id, propertyId));
  }
  return row;
}

/** The workspace a photo or note on this record belongs to (none for a personal one). */
export async function workspaceOfAttachable(
  t: TestApp,
  type: (typeof notes.$inferInsert)['attachableType'],
  id: string | null,
): Promise<string | null> {
  if (id === null) return null;
  const table = { property: properties, task: tasks, visit: visits, invoice: invoices, client: clients, photo: photos }[
    type as 'property' | 'task' | 'visit' | 'invoice' | 'client' | 'photo'
  ];
  if (!table) return null;
  const [row] = await t.db.select({ workspaceId: table.workspaceId }).from(table).where(eq(table.id, id));
  return row?.workspaceId ?? null;
}

/** A photo row (no stored file), for tests of visibility rather than of uploads. */
export async function createPhotoRow(
  t: TestApp,
  uploader: { id: string },
  attach: { type: (typeof photos.$inferInsert)['attachableType']; id: string | null },
  overrides: Partial<typeof photos.$inferInsert> = {},
) {
  const [row] = await t.db
    .insert(photos)
    .values({
      workspaceId: await workspaceOfAttachable(t, attach.type, attach.id),
      attachableType: attach.type,
      attachableId: attach.id,
      storagePath: `${randomUUID()}.jpg`,
      fileName: 'photo.jpg',
      fileSize: 1,
      mimeType: 'image/jpeg',
      uploadedBy: uploader.id,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('photo not created');
  return row;
}

/** Puts a visit on an invoice (active), in the invoice's workspace. */
export async function billVisit(t: TestApp, invoiceId: string, visitId: string) {
  const [invoice] = await t.db
    .select({ workspaceId: invoices.workspaceId })
    .from(invoices)
    .where(eq(invoices.id, invoiceId));
  if (!invoice) throw new Error(`no invoice ${invoiceId}`);
  await t.db.insert(invoiceVisits).values({ invoiceId, visitId, workspaceId: invoice.workspaceId, active: true });
}
