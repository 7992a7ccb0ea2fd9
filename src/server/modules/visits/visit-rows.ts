import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { parseCents } from '../../../shared/money';
import {
  VISIT_MESSAGES,
  type VisitListItemDto,
  type VisitPersonDto,
  type VisitTaskDto,
} from '../../../shared/schemas/visits';
import type { VisitClientDto } from '../../../shared/schemas/clients';
import { isPortalClient, type Member, type Viewer } from '../../access/member';
import { policy, requireRecord } from '../../access/policy';
import type { Executor } from '../../db/client';
import { clients, photos, profiles, properties, users, visits, visitTasks, visitUsers } from '../../db/schema';
import { propertySummary } from '../../db/shapes';
import { readingOutOfRange, type PhotoTag } from '../../../shared/evidence';
import { notFound } from '../../errors';

// What the visits module's services share: the columns of a visit as lists show it, the visit
// look-up every write starts with, and a visit's tasks.

/** The visit's people as one JSON array (lead first), so a list stays one query. */
const peopleJson = sql<VisitPersonDto[]>`coalesce((
  select json_agg(json_build_object(
    'userId', ${visitUsers.userId}, 'email', ${users.email},
    'displayName', ${profiles.displayName}, 'role', ${visitUsers.role}
  ) order by ${visitUsers.role} desc, ${users.email})
  from ${visitUsers}
  join ${users} on ${users.id} = ${visitUsers.userId}
  left join ${profiles} on ${profiles.userId} = ${users.id}
  where ${visitUsers.visitId} = ${visits.id}
), '[]'::json)`;

/**
 * The property's client as every viewer of the visit sees it: its name and phone, and
 * nothing else, so the technician on the visit can call them. Needs `properties` in the query.
 */
const clientJson = sql<VisitClientDto | null>`(
  select json_build_object('name', ${clients.name}, 'phone', ${clients.phone})
  from ${clients} where ${clients.id} = ${properties.clientId}
)`;

/** The columns of a `VisitListItemDto` (with `toListItem`): the visits list, a series' occurrences and the details. */
export const listItemColumns = {
  id: visits.id,
  propertyId: visits.propertyId,
  scheduledAt: visits.scheduledAt,
  startedAt: visits.startedAt,
  completedAt: visits.completedAt,
  onMyWayAt: visits.onMyWayAt,
  etaAt: visits.etaAt,
  status: visits.status,
  version: visits.version,
  seriesId: visits.seriesId,
  anytime: visits.anytime,
  routeOrder: visits.routeOrder,
  property: propertySummary,
  client: clientJson,
  people: peopleJson,
};

export const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** The visit if the member can see it; 'Visit not found' otherwise. */
export const requireVisit = (db: Executor, member: Member, id: string, { forChange = false } = {}) =>
  requireRecord(db, member, 'visit', id, {
    columns: { id: visits.id, propertyId: visits.propertyId, status: visits.status, version: visits.version },
    // A change to the visit's tasks holds the visit row (FOR SHARE) until it commits: completing the
    // visit waits for it, and it sees a completion made first, so no tick lands on a locked visit.
    lock: forChange ? 'share' : undefined,
  });

/**
 * A visit task's evidence photos by tag (index photos_visit_task_idx). Qualified by
 * hand: drizzle leaves columns bare in a one-table select, and a bare `id` here would be the photo's.
 */
export const taskPhotoCounts = sql<Record<PhotoTag, number>>`(
  select json_build_object(
    'before', count(*) filter (where evidence.tag = 'before'),
    'after', count(*) filter (where evidence.tag = 'after'),
    'other', count(*) filter (where evidence.tag = 'other'))
  from ${photos} as evidence where evidence.visit_task_id = ${visitTasks}.id
)`;

/** A visit's tasks, their own copies; no price for whoever may not see prices (a portal client: none). */
export function selectVisitTasks(db: Executor, viewer: Viewer, where: SQL): Promise<VisitTaskDto[]> {
  const seePrices = !isPortalClient(viewer) && policy.workspace.can(viewer).seePrices;
  return db
    .select({
      id: visitTasks.id,
      visitId: visitTasks.visitId,
      taskId: visitTasks.taskId,
      name: visitTasks.name,
      description: visitTasks.description,
      estimatedDurationMinutes: visitTasks.estimatedDurationMinutes,
      price: visitTasks.price,
      status: visitTasks.status,
      notes: visitTasks.notes,
      completedAt: visitTasks.completedAt,
      version: visitTasks.version,
      requirements: visitTasks.requirements,
      reading: visitTasks.reading,
      result: visitTasks.result,
      photos: taskPhotoCounts,
      followUpOf: visitTasks.followUpOf,
    })
    .from(visitTasks)
    .where(where)
    .orderBy(asc(visitTasks.createdAt), asc(visitTasks.name), asc(visitTasks.id))
    .then((rows) =>
      rows.map((row) => ({
        ...row,
        price: seePrices ? row.price : null,
        completedAt: iso(row.completedAt),
        readingFlagged: readingOutOfRange(row.requirements, row.reading),
      })),
    );
}

export async function getVisitTask(
  db: Executor,
  member: Member,
  visitId: string,
  visitTaskId: string,
): Promise<VisitTaskDto> {
  const [row] = await selectVisitTasks(
    db,
    member,
    and(eq(visitTasks.id, visitTaskId), eq(visitTasks.visitId, visitId))!,
  );
  if (!row) throw notFound(VISIT_MESSAGES.taskNotFound);
  return row;
}

export function toListItem(row: {
  id: string;
  propertyId: string;
  scheduledAt: Date;
  startedAt: Date | null;
  completedAt: Date | null;
  onMyWayAt: Date | null;
  etaAt: Date | null;
  status: VisitListItemDto['status'];
  version: number;
  seriesId: string | null;
  anytime: boolean;
  routeOrder: number | null;
  property: VisitListItemDto['property'];
  client: VisitClientDto | null;
  people: VisitPersonDto[];
}): VisitListItemDto {
  return {
    ...row,
    scheduledAt: row.scheduledAt.toISOString(),
    startedAt: iso(row.startedAt),
    completedAt: iso(row.completedAt),
    onMyWayAt: iso(row.onMyWayAt),
    etaAt: iso(row.etaAt),
  };
}

/** numeric values computed in SQL arrive as strings; money is integer cents in TypeScript. */
export const toCents = (value: string | number) => parseCents(String(value));
