import { and, asc, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { PropertyRole } from '../../../shared/constants';
import type { PageQuery } from '../../../shared/schemas/common';
import type { addPropertyTaskInput, propertyInput, updatePropertyTaskInput } from '../../../shared/schemas/properties';
import { TASK_MESSAGES } from '../../../shared/schemas/tasks';
import { WORKSPACE_MESSAGES } from '../../../shared/messages/workspaces';
import type { z } from 'zod';
import type { Member } from '../../access/member';
import { authorize, policy, requireRecord } from '../../access/policy';
import type { Executor } from '../../db/client';
import { clients, photos, properties, propertyTasks, tasks, userProperties, visits, visitTasks } from '../../db/schema';
import { copyTemplateToProperties } from '../../db/template-copy';
import { propertySummary } from '../../db/shapes';
import { aRow, containsPattern, countUpTo, toPage } from '../../db/sql';
import { conflict, notFound } from '../../errors';
import { wakeGeocoder } from '../../geocoding/wake';

// Properties (spec §2, §3) inside a workspace: owners and managers see and change
// them all, a technician sees the properties of their visits. Who may do what is access/policy.ts's.

type ListInput = PageQuery & { q?: string; clientId?: string };

const propertyColumns = {
  ...propertySummary,
  clientId: properties.clientId,
  clientName: clients.name,
  country: properties.country,
  requireSignature: properties.requireSignature,
  sendReportOnComplete: properties.sendReportOnComplete,
  latitude: properties.latitude,
  longitude: properties.longitude,
  createdAt: properties.createdAt,
};

/** Join condition: the member's own label on the property (spec §2's role badge; 'owner' for its creator). */
const myLink = (member: Member) =>
  and(eq(userProperties.propertyId, properties.id), eq(userProperties.userId, member.id));

/** Join condition: the property's client. */
const itsClient = eq(clients.id, properties.clientId);

function toPropertyDto(
  member: Member,
  row: {
    id: string;
    clientId: string | null;
    clientName: string | null;
    name: string;
    address: string;
    city: string | null;
    state: string | null;
    zipCode: string | null;
    country: string;
    requireSignature: boolean;
    sendReportOnComplete: boolean;
    latitude: number | null;
    longitude: number | null;
    createdAt: Date;
    role: PropertyRole | null;
  },
) {
  // A technician sees nothing of the client here (only its name and phone, on visits).
  const seeClient = policy.property.can(member).manageClient;
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    country: row.country,
    requireSignature: row.requireSignature,
    sendReportOnComplete: row.sendReportOnComplete,
    latitude: row.latitude,
    longitude: row.longitude,
    createdAt: row.createdAt.toISOString(),
    role: row.role,
    clientId: seeClient ? row.clientId : null,
    clientName: seeClient ? row.clientName : null,
  };
}

/** `GET /api/properties`: the properties the member can see, newest first, with the first photo; one query. */
export async function listProperties(db: Executor, member: Member, input: ListInput) {
  const firstPhoto = db
    .select({ id: photos.id })
    .from(photos)
    .where(and(eq(photos.attachableType, 'property'), eq(photos.attachableId, properties.id)))
    .orderBy(asc(photos.createdAt), asc(photos.id))
    .limit(1)
    .as('first_photo');
  const search = input.q
    ? or(ilike(properties.name, containsPattern(input.q)), ilike(properties.address, containsPattern(input.q)))
    : undefined;
  if (input.clientId) authorize(policy.property.can(member).manageClient, WORKSPACE_MESSAGES.ownersAndManagersOnly);
  const where = and(
    policy.property.scope(member),
    search,
    input.clientId ? eq(properties.clientId, input.clientId) : undefined,
  );
  const rows = await db
    .select({ ...propertyColumns, role: userProperties.role, photoId: firstPhoto.id })
    .from(properties)
    .leftJoin(userProperties, myLink(member))
    .leftJoin(clients, itsClient)
    .leftJoinLateral(firstPhoto, sql`true`)
    .where(where)
    .orderBy(desc(properties.createdAt), desc(properties.id))
    .limit(input.limit)
    .offset(input.offset);
  const can = policy.property.can(member);
  return toPage(
    rows,
    input,
    () => countUpTo(db, db.select(aRow).from(properties).where(where)),
    (row) => ({
      ...toPropertyDto(member, row),
      can,
      firstPhoto: row.photoId
        ? {
            id: row.photoId,
            url: `/api/photos/${row.photoId}/file`,
            thumbnailUrl: `/api/photos/${row.photoId}/thumbnail`,
          }
        : null,
    }),
  );
}

/** One visible property with the member's label and what they may do; 404 otherwise. */
async function findVisible(db: Executor, member: Member, id: string) {
  const [row] = await db
    .select({
      ...propertyColumns,
      role: userProperties.role,
      clientEmail: clients.email,
      clientPhone: clients.phone,
    })
    .from(properties)
    .leftJoin(userProperties, myLink(member))
    .leftJoin(clients, itsClient)
    .where(and(eq(properties.id, id), policy.property.scope(member)));
  if (!row) throw notFound(policy.property.notFound);
  const dto = toPropertyDto(member, row);
  const client =
    dto.clientId && dto.clientName
      ? { id: dto.clientId, name: dto.clientName, email: row.clientEmail, phone: row.clientPhone }
      : null;
  return { ...dto, client, can: policy.property.can(member) };
}

const propertyTaskColumns = {
  id: propertyTasks.id,
  taskId: propertyTasks.taskId,
  name: propertyTasks.name,
  description: propertyTasks.description,
  customPrice: propertyTasks.customPrice,
  defaultPrice: propertyTasks.defaultPrice,
  estimatedDurationMinutes: propertyTasks.estimatedDurationMinutes,
  isActive: propertyTasks.isActive,
};

/** A property task as the member sees it: no price at all for whoever may not see prices. */
type PropertyTaskRow = Pick<typeof propertyTasks.$inferSelect, keyof typeof propertyTaskColumns>;

function toPropertyTaskDto(member: Member, row: PropertyTaskRow): PropertyTaskRow & { price: number | null } {
  if (!policy.property.can(member).seePrices) return { ...row, customPrice: null, defaultPrice: null, price: null };
  return { ...row, price: row.customPrice ?? row.defaultPrice };
}

/** The property's task list: its own copies, whatever became of the templates since. */
const byTaskName = [asc(sql`lower(${propertyTasks.name})`), asc(propertyTasks.name), asc(propertyTasks.id)];

/** `GET /api/properties/:id`: the property, the member's label and its active tasks. */
export async function getProperty(db: Executor, member: Member, id: string) {
  const property = await findVisible(db, member, id);
  const rows = await db
    .select(propertyTaskColumns)
    .from(propertyTasks)
    .where(and(eq(propertyTasks.propertyId, id), eq(propertyTasks.isActive, true)))
    .orderBy(...byTaskName);
  return { ...property, tasks: rows.map((row) => toPropertyTaskDto(member, row)) };
}

/** Creates the property in the member's workspace and labels its creator 'owner', in one transaction (spec §7). */
export async function createProperty(db: Executor, member: Member, input: z.output<typeof propertyInput>) {
  authorize(policy.workspace.can(member).manageProperties, WORKSPACE_MESSAGES.ownersAndManagersOnly);
  if (input.clientId) await requireRecord(db, member, 'client', input.clientId);
  const created = await db.transaction(async (tx) => {
    const [property] = await tx
      .insert(properties)
      .values({
        ...input,
        ...placedBy(input),
        clientId: input.clientId ?? null,
        workspaceId: member.workspaceId,
        // Without coordinates, the geocoder places it from its address (when one is configured).
        geocodePending: input.latitude == null,
      })
      .returning({ id: properties.id });
    if (!property) throw new Error('insert returned nothing');
    await tx
      .insert(userProperties)
      .values({ userId: member.id, propertyId: property.id, role: 'owner', workspaceId: member.workspaceId });
    return property;
  });
  if (input.latitude == null) wakeGeocoder();
  return getProperty(db, member, created.id);
}

/** Visible → 403 for whoever may not change it; invisible → 404. */
const requireEditable = (db: Executor, member: Member, id: string) =>
  requireRecord(db, member, 'property', id, {
    need: { allows: () => policy.property.can(member).edit, message: WORKSPACE_MESSAGES.ownersAndManagersOnly },
  });

export async function updateProperty(db: Executor, member: Member, id: string, input: z.output<typeof propertyInput>) {
  await requireEditable(db, member, id);
  if (input.clientId) await requireRecord(db, member, 'client', input.clientId);
  const addressChanged = or(
    sql`${properties.address} is distinct from ${input.address}`,
    sql`${properties.city} is distinct from ${input.city ?? null}`,
    sql`${properties.state} is distinct from ${input.state ?? null}`,
    sql`${properties.zipCode} is distinct from ${input.zipCode ?? null}`,
    sql`${properties.country} is distinct from ${input.country}`,
  );
  await db
    .update(properties)
    .set({
      ...input,
      ...placedBy(input),
      // A new address without coordinates is geocoded again, unless a person placed it.
      geocodePending:
        input.latitude === undefined
          ? sql`${properties.geocodePending} or (${addressChanged} and ${properties.locationSource} is distinct from 'person')`
          : input.latitude === null,
    })
    .where(and(eq(properties.id, id), policy.property.scope(member)));
  if (input.latitude === undefined) wakeGeocoder();
  return getProperty(db, member, id);
}

/** Coordinates given by a person are theirs: the geocoder never overwrites them. */
function placedBy(input: z.output<typeof propertyInput>) {
  if (input.latitude === undefined) return {};
  return { locationSource: input.latitude === null ? null : ('person' as const) };
}

/**
 * 'Create client from this property': a client named after the property, billed at its
 * address, made the property's client; one transaction.
 */
export async function createClientFromProperty(db: Executor, member: Member, id: string) {
  await requireEditable(db, member, id);
  const property = await findVisible(db, member, id);
  authorize(property.can.manageClient, WORKSPACE_MESSAGES.ownersAndManagersOnly);
  const place = [property.address, property.city, property.state, property.zipCode].filter(Boolean).join(', ');
  await db.transaction(async (tx) => {
    const [client] = await tx
      .insert(clients)
      .values({ workspaceId: member.workspaceId, name: property.name, billingAddress: place })
      .returning({ id: clients.id });
    if (!client) throw new Error('insert returned nothing');
    await tx
      .update(properties)
      .set({ clientId: client.id })
      .where(and(eq(properties.id, id), policy.property.scope(member)));
  });
  return getProperty(db, member, id);
}

/**
 * spec §4: soft delete. Its visits are marked with the same instant in the same
 * transaction (`visits.property_deleted_at`, what the visit lists filter on); the property's
 * row lock orders this against a visit being made for it (`insertVisits` reads it `for share`).
 */
export async function removeProperty(db: Executor, member: Member, id: string): Promise<void> {
  await requireEditable(db, member, id);
  const deletedAt = new Date();
  await db.transaction(async (tx) => {
    const [removed] = await tx
      .update(properties)
      .set({ deletedAt })
      .where(and(eq(properties.id, id), policy.property.scope(member)))
      .returning({ id: properties.id });
    if (removed) await tx.update(visits).set({ propertyDeletedAt: deletedAt }).where(eq(visits.propertyId, id));
  });
}

// ── visit history ──

/** `GET /api/properties/:id/visits`: the visits the member sees there, newest first, with task counts; one query. */
export async function listPropertyVisits(db: Executor, member: Member, id: string, page: PageQuery) {
  await findVisible(db, member, id);
  const where = and(eq(visits.propertyId, id), policy.visit.scope(member));
  const rows = await db
    .select({
      id: visits.id,
      scheduledAt: visits.scheduledAt,
      status: visits.status,
      completedTaskCount: sql<number>`cast(count(${visitTasks.id}) filter (where ${visitTasks.status} = 'completed') as integer)`,
      taskCount: sql<number>`cast(count(${visitTasks.id}) as integer)`,
    })
    .from(visits)
    .leftJoin(visitTasks, eq(visitTasks.visitId, visits.id))
    .where(where)
    .groupBy(visits.id)
    .orderBy(desc(visits.scheduledAt), desc(visits.id))
    .limit(page.limit)
    .offset(page.offset);
  return toPage(
    rows,
    page,
    () => countUpTo(db, db.select(aRow).from(visits).where(where)),
    ({ scheduledAt, ...row }) => ({ ...row, scheduledAt: scheduledAt.toISOString() }),
  );
}

// ── the property's tasks ──

/** `GET /api/properties/:id/tasks`: active and removed, for the Manage Tasks screen. */
export async function listPropertyTasks(db: Executor, member: Member, id: string, page: PageQuery) {
  await findVisible(db, member, id);
  const onProperty = eq(propertyTasks.propertyId, id);
  const rows = await db
    .select(propertyTaskColumns)
    .from(propertyTasks)
    .where(onProperty)
    .orderBy(desc(propertyTasks.isActive), ...byTaskName)
    .limit(page.limit)
    .offset(page.offset);
  const countUp = () => countUpTo(db, db.select(aRow).from(propertyTasks).where(onProperty));
  return toPage(rows, page, countUp, (row) => toPropertyTaskDto(member, row));
}

async function findPropertyTask(db: Executor, member: Member, propertyId: string, propertyTaskId: string) {
  const [row] = await db
    .select(propertyTaskColumns)
    .from(propertyTasks)
    .where(and(eq(propertyTasks.id, propertyTaskId), eq(propertyTasks.propertyId, propertyId)));
  if (!row) throw notFound(TASK_MESSAGES.notFound);
  return toPropertyTaskDto(member, row);
}

/** The property, visible and its tasks changeable by the member (403 for a technician). */
const requireTaskManager = (db: Executor, member: Member, propertyId: string) =>
  requireRecord(db, member, 'property', propertyId, {
    need: { allows: () => policy.property.can(member).manageTasks, message: WORKSPACE_MESSAGES.ownersAndManagersOnly },
  });

/**
 * Adds a template of the workspace's catalogue to the property, copied (copyTemplateToProperties);
 * a removed one comes back active, copied afresh, with the new custom price.
 */
export async function addPropertyTask(
  db: Executor,
  member: Member,
  propertyId: string,
  input: z.output<typeof addPropertyTaskInput>,
) {
  await requireTaskManager(db, member, propertyId);
  const made = await copyTemplateToProperties(db, {
    workspaceId: member.workspaceId,
    template: and(eq(tasks.id, input.taskId), policy.task.scope(member))!,
    propertyIds: [propertyId],
    customPrice: input.customPrice,
  });
  if (!made) throw notFound(TASK_MESSAGES.notFound);
  const [id] = made;
  if (!id) throw conflict('This task is already on the property');
  return findPropertyTask(db, member, propertyId, id);
}

export async function updatePropertyTask(
  db: Executor,
  member: Member,
  propertyId: string,
  propertyTaskId: string,
  input: z.output<typeof updatePropertyTaskInput>,
) {
  await requireTaskManager(db, member, propertyId);
  await findPropertyTask(db, member, propertyId, propertyTaskId);
  await db
    .update(propertyTasks)
    .set({
      ...(input.customPrice !== undefined ? { customPrice: input.customPrice } : {}),
      ...(input.isActive !== undefined ? { isActive: input.isActive } : {}),
    })
    .where(and(eq(propertyTasks.id, propertyTaskId), eq(propertyTasks.propertyId, propertyId)));
  return findPropertyTask(db, member, propertyId, propertyTaskId);
}

/** spec §4: removing a property task sets is_active to false. */
export async function removePropertyTask(
  db: Executor,
  member: Member,
  propertyId: string,
  propertyTaskId: string,
): Promise<void> {
  await updatePropertyTask(db, member, propertyId, propertyTaskId, { isActive: false });
}
