import { and, asc, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { PropertyRole } from '../../../shared/constants';
import type { Page, PageQuery } from '../../../shared/schemas/common';
import {
  PEOPLE_MESSAGES,
  type PropertyDetail,
  type PropertyDto,
  type PropertyListItem,
  type PropertyPersonDto,
  type PropertyTaskDto,
  type PropertyVisitDto,
  type addPropertyTaskInput,
  type propertyInput,
  type updatePropertyTaskInput,
} from '../../../shared/schemas/properties';
import { TASK_MESSAGES } from '../../../shared/schemas/tasks';
import type { z } from 'zod';
import { actorLink, managedProperty, PROPERTY_NOT_FOUND, propertyCan, visibleProperty } from '../../access';
import type { Actor } from '../../auth/actor';
import type { Executor } from '../../db/client';
import {
  photos,
  profiles,
  properties,
  propertyTasks,
  tasks,
  userProperties,
  users,
  visits,
  visitTasks,
  visitUsers,
} from '../../db/schema';
import { containsPattern, counted, theCount, toPage, windowTotal } from '../../db/sql';
import { byName } from '../tasks/tasks.service';
import { conflict, forbidden, notFound } from '../../errors';

type ListInput = PageQuery & { q?: string };

const propertyColumns = {
  id: properties.id,
  name: properties.name,
  address: properties.address,
  city: properties.city,
  state: properties.state,
  zipCode: properties.zipCode,
  country: properties.country,
  createdAt: properties.createdAt,
};

function toPropertyDto(row: {
  id: string;
  name: string;
  address: string;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  country: string;
  createdAt: Date;
  role: PropertyRole | null;
}): PropertyDto {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    country: row.country,
    createdAt: row.createdAt.toISOString(),
    role: row.role,
  };
}

/** `GET /api/properties`: the properties the actor can see, newest first, with the first photo; one query. */
export async function listProperties(db: Executor, actor: Actor, input: ListInput): Promise<Page<PropertyListItem>> {
  // The photos area streams the files (to whoever sees the property, as the photo is attached to it).
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
  const rows = await db
    .select({
      ...propertyColumns,
      role: userProperties.role,
      photoId: firstPhoto.id,
      total: windowTotal(),
    })
    .from(properties)
    .leftJoin(userProperties, actorLink(actor))
    .leftJoinLateral(firstPhoto, sql`true`)
    .where(and(visibleProperty(actor), search))
    .orderBy(desc(properties.createdAt), desc(properties.id))
    .limit(input.limit)
    .offset(input.offset);

  return toPage(
    rows,
    input,
    () => db.$count(properties, and(visibleProperty(actor), search)),
    (row) => ({
      ...toPropertyDto(row),
      can: propertyCan(actor, row.role),
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

/** One visible property with the actor's role and what they may do; 404 otherwise. */
async function findVisible(db: Executor, actor: Actor, id: string) {
  const [row] = await db
    .select({ ...propertyColumns, role: userProperties.role })
    .from(properties)
    .leftJoin(userProperties, actorLink(actor))
    .where(and(eq(properties.id, id), visibleProperty(actor)));
  if (!row) throw notFound(PROPERTY_NOT_FOUND);
  return { ...toPropertyDto(row), can: propertyCan(actor, row.role) };
}

/** Visible → 403 for whoever does not manage it; invisible → 404. */
export async function requireManager(db: Executor, actor: Actor, id: string) {
  const property = await findVisible(db, actor, id);
  if (!property.can.edit) throw forbidden(PEOPLE_MESSAGES.ownersOnly);
  return property;
}

const propertyTaskColumns = {
  id: propertyTasks.id,
  taskId: propertyTasks.taskId,
  name: tasks.name,
  description: tasks.description,
  customPrice: propertyTasks.customPrice,
  defaultPrice: tasks.defaultPrice,
  estimatedDurationMinutes: tasks.estimatedDurationMinutes,
  isActive: propertyTasks.isActive,
};

function toPropertyTaskDto(row: Omit<PropertyTaskDto, 'price'>): PropertyTaskDto {
  return { ...row, price: row.customPrice ?? row.defaultPrice };
}

/** `GET /api/properties/:id`: the property, the actor's role and its active tasks. */
export async function getProperty(db: Executor, actor: Actor, id: string): Promise<PropertyDetail> {
  const property = await findVisible(db, actor, id);
  const rows = await db
    .select(propertyTaskColumns)
    .from(propertyTasks)
    .innerJoin(tasks, eq(tasks.id, propertyTasks.taskId))
    .where(and(eq(propertyTasks.propertyId, id), eq(propertyTasks.isActive, true), isNull(tasks.deletedAt)))
    .orderBy(...byName, asc(propertyTasks.id));
  return { ...property, tasks: rows.map(toPropertyTaskDto) };
}

/** Creates the property and links the creator as its owner, in one transaction (spec §7). */
export async function createProperty(
  db: Executor,
  actor: Actor,
  input: z.output<typeof propertyInput>,
): Promise<PropertyDetail> {
  const created = await db.transaction(async (tx) => {
    const [property] = await tx.insert(properties).values(input).returning(propertyColumns);
    if (!property) throw new Error('insert returned nothing');
    await tx.insert(userProperties).values({ userId: actor.id, propertyId: property.id, role: 'owner' });
    return property;
  });
  return { ...toPropertyDto({ ...created, role: 'owner' }), can: propertyCan(actor, 'owner'), tasks: [] };
}

export async function updateProperty(
  db: Executor,
  actor: Actor,
  id: string,
  input: z.output<typeof propertyInput>,
): Promise<PropertyDetail> {
  await requireManager(db, actor, id);
  const [updated] = await db
    .update(properties)
    .set(input)
    .where(and(eq(properties.id, id), managedProperty(actor)))
    .returning({ id: properties.id });
  if (!updated) throw notFound(PROPERTY_NOT_FOUND);
  return getProperty(db, actor, id);
}

/** spec §4: soft delete. */
export async function removeProperty(db: Executor, actor: Actor, id: string): Promise<void> {
  await requireManager(db, actor, id);
  await db
    .update(properties)
    .set({ deletedAt: new Date() })
    .where(and(eq(properties.id, id), managedProperty(actor)));
}

// ── visit history ──

/** `GET /api/properties/:id/visits`: newest first, with completed/total task counts; one query. */
export async function listPropertyVisits(
  db: Executor,
  actor: Actor,
  id: string,
  page: PageQuery,
): Promise<Page<PropertyVisitDto>> {
  await findVisible(db, actor, id);
  const rows = await db
    .select({
      id: visits.id,
      scheduledAt: visits.scheduledAt,
      status: visits.status,
      completedTaskCount: sql<number>`cast(count(${visitTasks.id}) filter (where ${visitTasks.status} = 'completed') as integer)`,
      taskCount: sql<number>`cast(count(${visitTasks.id}) as integer)`,
      total: windowTotal(),
    })
    .from(visits)
    .leftJoin(visitTasks, eq(visitTasks.visitId, visits.id))
    .where(eq(visits.propertyId, id))
    .groupBy(visits.id)
    .orderBy(desc(visits.scheduledAt), desc(visits.id))
    .limit(page.limit)
    .offset(page.offset);
  return toPage(
    rows,
    page,
    () => db.$count(visits, eq(visits.propertyId, id)),
    ({ scheduledAt, ...row }) => ({ ...row, scheduledAt: scheduledAt.toISOString() }),
  );
}

// ── the property's tasks ──

/** `GET /api/properties/:id/tasks`: active and removed, for the Manage Tasks screen. */
export async function listPropertyTasks(
  db: Executor,
  actor: Actor,
  id: string,
  page: PageQuery,
): Promise<Page<PropertyTaskDto>> {
  await findVisible(db, actor, id);
  const onProperty = and(eq(propertyTasks.propertyId, id), isNull(tasks.deletedAt));
  const rows = await db
    .select({ ...propertyTaskColumns, total: windowTotal() })
    .from(propertyTasks)
    .innerJoin(tasks, eq(tasks.id, propertyTasks.taskId))
    .where(onProperty)
    .orderBy(desc(propertyTasks.isActive), ...byName, asc(propertyTasks.id))
    .limit(page.limit)
    .offset(page.offset);
  const countAll = () =>
    db
      .select(counted)
      .from(propertyTasks)
      .innerJoin(tasks, eq(tasks.id, propertyTasks.taskId))
      .where(onProperty)
      .then(theCount);
  return toPage(rows, page, countAll, toPropertyTaskDto);
}

async function findPropertyTask(db: Executor, propertyId: string, propertyTaskId: string) {
  const [row] = await db
    .select(propertyTaskColumns)
    .from(propertyTasks)
    .innerJoin(tasks, eq(tasks.id, propertyTasks.taskId))
    .where(
      and(eq(propertyTasks.id, propertyTaskId), eq(propertyTasks.propertyId, propertyId), isNull(tasks.deletedAt)),
    );
  if (!row) throw notFound(TASK_MESSAGES.notFound);
  return toPropertyTaskDto(row);
}

/**
 * Adds a template to the property; a removed one comes back active with the new custom
 * price. One statement, so two people adding the same template cannot make two rows.
 */
export async function addPropertyTask(
  db: Executor,
  actor: Actor,
  propertyId: string,
  input: z.output<typeof addPropertyTaskInput>,
): Promise<PropertyTaskDto> {
  await findVisible(db, actor, propertyId);
  const [task] = await db
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.id, input.taskId), isNull(tasks.deletedAt)));
  if (!task) throw notFound(TASK_MESSAGES.notFound);
  const [row] = await db
    .insert(propertyTasks)
    .values({ propertyId, taskId: input.taskId, customPrice: input.customPrice, isActive: true })
    .onConflictDoUpdate({
      target: [propertyTasks.propertyId, propertyTasks.taskId],
      set: { isActive: true, customPrice: input.customPrice },
      setWhere: eq(propertyTasks.isActive, false),
    })
    .returning({ id: propertyTasks.id });
  if (!row) throw conflict('This task is already on the property');
  return findPropertyTask(db, propertyId, row.id);
}

export async function updatePropertyTask(
  db: Executor,
  actor: Actor,
  propertyId: string,
  propertyTaskId: string,
  input: z.output<typeof updatePropertyTaskInput>,
): Promise<PropertyTaskDto> {
  await findVisible(db, actor, propertyId);
  await findPropertyTask(db, propertyId, propertyTaskId);
  await db
    .update(propertyTasks)
    .set({
      ...(input.customPrice !== undefined ? { customPrice: input.customPrice } : {}),
      ...(input.isActive !== undefined ? { isActive: input.isActive } : {}),
    })
    .where(and(eq(propertyTasks.id, propertyTaskId), eq(propertyTasks.propertyId, propertyId)));
  return findPropertyTask(db, propertyId, propertyTaskId);
}

/** spec §4: removing a property task sets is_active to false. */
export async function removePropertyTask(
  db: Executor,
  actor: Actor,
  propertyId: string,
  propertyTaskId: string,
): Promise<void> {
  await updatePropertyTask(db, actor, propertyId, propertyTaskId, { isActive: false });
}

// ── people on the property ──

const personColumns = {
  userId: userProperties.userId,
  email: users.email,
  displayName: profiles.displayName,
  role: userProperties.role,
};

/** `GET /api/properties/:id/people`: owners first, then by e-mail. */
export async function listPeople(
  db: Executor,
  actor: Actor,
  propertyId: string,
  page: PageQuery,
): Promise<Page<PropertyPersonDto>> {
  await findVisible(db, actor, propertyId);
  const rows = await db
    .select({ ...personColumns, total: windowTotal() })
    .from(userProperties)
    .innerJoin(users, eq(users.id, userProperties.userId))
    .leftJoin(profiles, eq(profiles.userId, userProperties.userId))
    .where(eq(userProperties.propertyId, propertyId))
    .orderBy(sql`${userProperties.role} = 'owner' desc`, asc(users.email))
    .limit(page.limit)
    .offset(page.offset);
  return toPage(
    rows,
    page,
    () => db.$count(userProperties, eq(userProperties.propertyId, propertyId)),
    (row) => row,
  );
}

async function findPerson(db: Executor, propertyId: string, userId: string): Promise<PropertyPersonDto> {
  const [row] = await db
    .select(personColumns)
    .from(userProperties)
    .innerJoin(users, eq(users.id, userProperties.userId))
    .leftJoin(profiles, eq(profiles.userId, userProperties.userId))
    .where(and(eq(userProperties.propertyId, propertyId), eq(userProperties.userId, userId)));
  if (!row) throw notFound(PEOPLE_MESSAGES.personNotFound);
  return row;
}

/**
 * Changes a role or unlinks someone, keeping at least one owner. The property row is
 * locked first, so two owners removing each other at once cannot leave none.
 */
async function changeLink(
  db: Executor,
  propertyId: string,
  userId: string,
  change: { role: PropertyRole } | 'unlink',
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${properties} where ${properties.id} = ${propertyId} for update`);
    const person = await findPerson(tx, propertyId, userId);
    const losesOwner = person.role === 'owner' && (change === 'unlink' || change.role !== 'owner');
    if (losesOwner) {
      const [row] = await tx
        .select({ owners: sql<number>`cast(count(*) as integer)` })
        .from(userProperties)
        .where(and(eq(userProperties.propertyId, propertyId), eq(userProperties.role, 'owner')));
      if ((row?.owners ?? 0) <= 1) throw conflict(PEOPLE_MESSAGES.lastOwner);
    }
    const where = and(eq(userProperties.propertyId, propertyId), eq(userProperties.userId, userId));
    if (change !== 'unlink') {
      await tx.update(userProperties).set({ role: change.role }).where(where);
      return;
    }
    await tx.delete(userProperties).where(where);
    // Whoever leaves a property leaves its visits too (ARCHITECTURE.md).
    await tx
      .delete(visitUsers)
      .where(
        and(
          eq(visitUsers.userId, userId),
          sql`${visitUsers.visitId} in (select ${visits.id} from ${visits} where ${visits.propertyId} = ${propertyId})`,
        ),
      );
  });
}

export async function updatePerson(
  db: Executor,
  actor: Actor,
  propertyId: string,
  userId: string,
  role: PropertyRole,
): Promise<PropertyPersonDto> {
  await requireManager(db, actor, propertyId);
  await changeLink(db, propertyId, userId, { role });
  return findPerson(db, propertyId, userId);
}

/** Owners (and admins) unlink anyone; anyone linked may leave. */
export async function unlinkPerson(db: Executor, actor: Actor, propertyId: string, userId: string): Promise<void> {
  const property = await findVisible(db, actor, propertyId);
  if (!property.can.managePeople && userId !== actor.id) throw forbidden(PEOPLE_MESSAGES.ownersOnly);
  await changeLink(db, propertyId, userId, 'unlink');
}
