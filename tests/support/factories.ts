import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AccountRole } from '../../src/shared/constants';
import {
  accounts,
  invoices,
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
} from '../../src/server/db/schema';
import type { Actor } from '../../src/server/auth/actor';
import type { TestApp } from './test-app';

export interface TestUser {
  id: string;
  email: string;
  password: string;
  /** The Cookie header that makes a request come from this user. */
  cookie: string;
}

export const uniqueEmail = (prefix = 'user') => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;

/** Signs a user up through better-auth's server API (no HTTP rate limit) and returns their cookie. */
export async function createUser(
  t: TestApp,
  options: { email?: string; password?: string; name?: string; role?: AccountRole } = {},
): Promise<TestUser> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? 'password123';
  const { headers, response } = await t.auth.api.signUpEmail({
    body: { email, password, name: options.name ?? '' },
    returnHeaders: true,
  });
  const cookie = sessionCookie(headers.get('set-cookie'));
  if (options.role && options.role !== 'customer') {
    await t.db.update(users).set({ role: options.role }).where(eq(users.id, response.user.id));
  }
  return { id: response.user.id, email, password, cookie };
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

/** A property linked to `owner` as owner (and to each technician). */
export async function createProperty(
  t: TestApp,
  owner: { id: string },
  overrides: Partial<typeof properties.$inferInsert> = {},
  technicians: { id: string }[] = [],
) {
  const [property] = await t.db
    .insert(properties)
    .values({ name: `Property ${randomUUID().slice(0, 6)}`, address: '1 Main St', city: 'Springfield', ...overrides })
    .returning();
  if (!property) throw new Error('property not created');
  await t.db
    .insert(userProperties)
    .values([
      { userId: owner.id, propertyId: property.id, role: 'owner' as const },
      ...technicians.map((tech) => ({ userId: tech.id, propertyId: property.id, role: 'technician' as const })),
    ]);
  return property;
}

/** A task template created by `creator`. */
export async function createTask(
  t: TestApp,
  creator: { id: string },
  overrides: Partial<typeof tasks.$inferInsert> = {},
) {
  const [task] = await t.db
    .insert(tasks)
    .values({
      name: `Task ${randomUUID().slice(0, 6)}`,
      estimatedDurationMinutes: 30,
      defaultPrice: 5000,
      createdBy: creator.id,
      ...overrides,
    })
    .returning();
  if (!task) throw new Error('task not created');
  return task;
}

/** Adds a template to a property's task list. */
export async function addPropertyTask(
  t: TestApp,
  propertyId: string,
  taskId: string,
  overrides: Partial<typeof propertyTasks.$inferInsert> = {},
) {
  const [row] = await t.db
    .insert(propertyTasks)
    .values({ propertyId, taskId, ...overrides })
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

/** A visit at `propertyId` on `scheduledAt`, with each of `assignees` in visit_users (the first as lead). */
export async function createAssignedVisit(
  t: TestApp,
  propertyId: string,
  scheduledAt: Date,
  assignees: { id: string }[] = [],
) {
  const [visit] = await t.db.insert(visits).values({ propertyId, scheduledAt }).returning();
  if (!visit) throw new Error('visit not created');
  if (assignees.length > 0) {
    await t.db.insert(visitUsers).values(
      assignees.map((user, index) => ({
        visitId: visit.id,
        userId: user.id,
        role: index === 0 ? ('lead' as const) : ('assistant' as const),
      })),
    );
  }
  return visit;
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
  const [visit] = await t.db
    .insert(visits)
    .values({
      propertyId,
      scheduledAt: options.scheduledAt ?? new Date(Date.now() + 24 * 3600_000),
      status: options.status ?? 'scheduled',
    })
    .returning();
  if (!visit) throw new Error('visit not created');
  const people = [
    ...(options.lead ? [{ visitId: visit.id, userId: options.lead.id, role: 'lead' as const }] : []),
    ...(options.assistants ?? []).map((user) => ({ visitId: visit.id, userId: user.id, role: 'assistant' as const })),
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
  const [row] = await t.db
    .insert(visitTasks)
    .values({ visitId, taskId, ...overrides })
    .returning();
  if (!row) throw new Error('visit task not created');
  return row;
}

/** The user as services see them (for calling a service or an access rule directly). */
export const actorOf = (user: TestUser, role: AccountRole = 'customer'): Actor => ({
  id: user.id,
  email: user.email,
  role,
});

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
    .values({ propertyId, invoiceNumber: `INV-T${Date.now()}${(invoiceCounter += 1)}`, ...overrides })
    .returning();
  if (!row) throw new Error('invoice not created');
  return row;
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
