import { and, asc, eq, gte, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import {
  optimiseRoutes,
  UNPLACED_REASON_TEXT,
  type LatLng,
  type RouteStop,
  type RouteTechnician,
  type StopStatus,
} from '../../../shared/route-optimiser';
import {
  BUSINESS_DAY,
  DEFAULT_SERVICE_MINUTES,
  ROUTE_MESSAGES,
  type RoutePlanDto,
  type optimizeRoutesInput,
} from '../../../shared/schemas/routes';
import type { z } from 'zod';
import type { Member } from '../../access/member';
import { policy } from '../../access/policy';
import type { Database, Executor } from '../../db/client';
import { properties, visits, visitTasks, visitUsers, workspaceMembers, workspaces } from '../../db/schema';
import { updateVersioned } from '../../db/versioned';
import { notFound } from '../../errors';
import { noticeVisitChange, replacePeople, visitStateForChange } from '../visits';
import { straightLineTravel, type TravelTimes } from '../../travel/travel-times';

// `POST /api/routes/optimize`: one day's visits in the business's time zone, planned across the
// technicians with the shared optimiser (src/shared/route-optimiser), and with `apply` saved.
// See docs/decisions/routes-of-the-day.md.

type OptimizeInput = z.output<typeof optimizeRoutesInput>;

/** A visit with its time on site is longer than this (a stamp left running): not history. */
const PLAUSIBLE_VISIT_MINUTES = 12 * 60;

interface DayVisit {
  id: string;
  scheduledAt: Date;
  startedAt: Date | null;
  status: 'scheduled' | 'in_progress' | 'completed' | 'cancelled';
  anytime: boolean;
  routeOrder: number | null;
  latitude: number | null;
  longitude: number | null;
  leadId: string | null;
  estimateMinutes: number | null;
  historyMinutes: number | null;
}

/** Wall-clock minutes from midnight of `date` in `timeZone` of an instant (clamped to that day). */
function clockMinutes(instant: Date, date: Temporal.PlainDate, timeZone: string): number {
  const zoned = Temporal.Instant.fromEpochMilliseconds(instant.getTime()).toZonedDateTimeISO(timeZone);
  const day = Temporal.PlainDate.compare(zoned.toPlainDate(), date);
  if (day < 0) return 0;
  if (day > 0) return 24 * 60 - 1;
  return zoned.hour * 60 + zoned.minute + zoned.second / 60;
}

/** The instant at `minutes` past midnight (wall clock) of `date` in `timeZone`, to the second. */
function instantAt(minutes: number, date: Temporal.PlainDate, timeZone: string): string {
  const seconds = Math.min(Math.round(minutes * 60), 24 * 3600 - 1);
  const time = new Temporal.PlainTime(Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60), seconds % 60);
  return new Date(date.toZonedDateTime({ timeZone, plainTime: time }).epochMilliseconds).toISOString();
}

const pointOf = (lat: number | null, lng: number | null): LatLng | null =>
  lat === null || lng === null ? null : { lat, lng };

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

/** The technicians whose days are planned, with their start and end points (the depot by default). */
async function techniciansOf(db: Executor, member: Member, userIds: string[] | 'team') {
  const [workspace] = await db
    .select({ timeZone: workspaces.timeZone, lat: workspaces.depotLatitude, lng: workspaces.depotLongitude })
    .from(workspaces)
    .where(eq(workspaces.id, member.workspaceId));
  if (!workspace) throw notFound(ROUTE_MESSAGES.technicianNotFound);
  const rows = await db
    .select({
      userId: workspaceMembers.userId,
      startLat: workspaceMembers.startLatitude,
      startLng: workspaceMembers.startLongitude,
      endLat: workspaceMembers.endLatitude,
      endLng: workspaceMembers.endLongitude,
    })
    .from(workspaceMembers)
    .where(
      and(
        eq(workspaceMembers.workspaceId, member.workspaceId),
        userIds === 'team' ? eq(workspaceMembers.role, 'technician') : inArray(workspaceMembers.userId, userIds),
      ),
    )
    .orderBy(asc(workspaceMembers.createdAt), asc(workspaceMembers.userId));
  if (userIds !== 'team' && rows.length !== userIds.length) throw notFound(ROUTE_MESSAGES.technicianNotFound);
  const depot = pointOf(workspace.lat, workspace.lng);
  return {
    timeZone: workspace.timeZone,
    depot,
    technicians: rows.map((row) => ({
      id: row.userId,
      start: pointOf(row.startLat, row.startLng) ?? depot,
      end: pointOf(row.endLat, row.endLng) ?? depot,
    })),
  };
}

/**
 * The day's visits the plan may touch, in one query: those led by a planned technician, and
 * (when the office plans the team's day) those with nobody on them. Cancelled ones are left out.
 * Time on site: the median actual time of completed visits at the property, else the sum of the
 * tasks' estimates, else DEFAULT_SERVICE_MINUTES.
 */
async function visitsOfDay(
  db: Executor,
  member: Member,
  day: { from: Date; to: Date },
  leads: string[],
  withTray: boolean,
): Promise<DayVisit[]> {
  const lead = sql<string | null>`(select ${visitUsers.userId} from ${visitUsers}
    where ${visitUsers.visitId} = ${visits.id} and ${visitUsers.role} = 'lead' limit 1)`;
  const nobody = sql`not exists (select 1 from ${visitUsers} where ${visitUsers.visitId} = ${visits.id})`;
  const estimate = sql<number | null>`(select sum(${visitTasks.estimatedDurationMinutes})::int from ${visitTasks}
    where ${visitTasks.visitId} = ${visits.id} and ${visitTasks.status} <> 'skipped')`;
  const history = sql<number | null>`(select percentile_cont(0.5) within group (order by
      extract(epoch from (done.completed_at - done.started_at)) / 60)::float8
    from ${visits} as done
    where done.property_id = ${visits.propertyId} and done.workspace_id = ${visits.workspaceId}
      and done.status = 'completed' and done.started_at is not null and done.completed_at > done.started_at
      and done.completed_at - done.started_at < make_interval(mins => ${PLAUSIBLE_VISIT_MINUTES}))`;
  const ledBy =
    leads.length === 0
      ? sql`false`
      : sql`exists (select 1 from ${visitUsers} where ${visitUsers.visitId} = ${visits.id}
          and ${visitUsers.role} = 'lead' and ${inArray(visitUsers.userId, leads)})`;
  return db
    .select({
      id: visits.id,
      scheduledAt: visits.scheduledAt,
      startedAt: visits.startedAt,
      status: visits.status,
      anytime: visits.anytime,
      routeOrder: visits.routeOrder,
      latitude: properties.latitude,
      longitude: properties.longitude,
      leadId: lead,
      estimateMinutes: estimate,
      historyMinutes: history,
    })
    .from(visits)
    .innerJoin(properties, eq(properties.id, visits.propertyId))
    .where(
      and(
        policy.visit.scope(member),
        gte(visits.scheduledAt, day.from),
        lt(visits.scheduledAt, day.to),
        ne(visits.status, 'cancelled'),
        isNull(properties.deletedAt),
        withTray ? sql`(${ledBy} or ${nobody})` : ledBy,
      ),
    )
    .orderBy(asc(visits.scheduledAt), asc(visits.id));
}

const STATUS: Record<DayVisit['status'], StopStatus> = {
  scheduled: 'planned',
  cancelled: 'planned',
  in_progress: 'started',
  completed: 'completed',
};

function toStop(visit: DayVisit, date: Temporal.PlainDate, timeZone: string, planned: Set<string>): RouteStop {
  const status = STATUS[visit.status];
  const service = Math.max(
    1,
    Math.round(visit.historyMinutes ?? (visit.estimateMinutes || null) ?? DEFAULT_SERVICE_MINUTES),
  );
  const stop: RouteStop = {
    id: visit.id,
    location: pointOf(visit.latitude, visit.longitude),
    serviceMinutes: service,
    status,
  };
  if (visit.leadId && planned.has(visit.leadId)) {
    // Assigned visits stay with their technician.
    stop.assignedTo = visit.leadId;
    stop.technicianIds = [visit.leadId];
    if (visit.routeOrder !== null) stop.routeOrder = visit.routeOrder;
  }
  if (status !== 'planned') {
    stop.startedAt = clockMinutes(visit.startedAt ?? visit.scheduledAt, date, timeZone);
  } else if (visit.anytime) {
    // The business day; a visit that cannot end by its close may still start at its opening.
    stop.window = { earliest: BUSINESS_DAY.start, latest: Math.max(BUSINESS_DAY.start, BUSINESS_DAY.end - service) };
  } else {
    stop.pinnedAt = clockMinutes(visit.scheduledAt, date, timeZone);
  }
  return stop;
}

/** Proposes (and with `apply` saves) the routes of one day; see docs/api.md. */
export async function optimizeRoutes(
  db: Database,
  member: Member,
  input: OptimizeInput,
  travelTimes: TravelTimes = straightLineTravel(),
): Promise<RoutePlanDto> {
  const { userIds } = policy.route.days(member, input.technicianIds);
  const team = await techniciansOf(db, member, userIds);
  const date = Temporal.PlainDate.from(input.date);
  const day = {
    from: new Date(date.toZonedDateTime({ timeZone: team.timeZone }).epochMilliseconds),
    to: new Date(date.add({ days: 1 }).toZonedDateTime({ timeZone: team.timeZone }).epochMilliseconds),
  };
  const planned = new Set(team.technicians.map((technician) => technician.id));
  const dayVisits = await visitsOfDay(db, member, day, [...planned], policy.route.assignsTray(member));
  const stops = dayVisits.map((visit) => toStop(visit, date, team.timeZone, planned));
  const technicians: RouteTechnician[] = team.technicians.map((technician) => ({
    id: technician.id,
    // Fixed-time visits keep their time whenever it is: the shift is the whole day.
    shift: { start: 0, end: 24 * 60 - 1 },
    start: technician.start,
    end: technician.end,
  }));
  const now = Temporal.Now.zonedDateTimeISO(team.timeZone);
  const today = Temporal.PlainDate.compare(now.toPlainDate(), date) === 0;
  const routeInput = { stops, technicians, ...(today ? { now: now.hour * 60 + now.minute } : {}) };
  const travel = await travelTimes.matrix(routeInput);
  const plan = optimiseRoutes(routeInput, { seed: 1, allowReassignment: false, travel });

  const answer: RoutePlanDto = {
    routes: plan.routes.map((route) => ({
      userId: route.technicianId,
      stops: route.stops.map((stop) => ({
        visitId: stop.stopId,
        arrivesAt: instantAt(stop.arrivesAt, date, team.timeZone),
        departsAt: instantAt(stop.departsAt, date, team.timeZone),
        driveMinutes: round(stop.driveMinutes, 1),
        distanceKm: round(stop.distanceKm, 2),
      })),
      totalDriveMinutes: round(route.totalDriveMinutes, 1),
      totalDistanceKm: round(route.totalDistanceKm, 2),
    })),
    unplaced: plan.unplaced.map((stop) => ({
      visitId: stop.stopId,
      reason: stop.reason === 'no-coordinates' ? ROUTE_MESSAGES.notOnTheMap : UNPLACED_REASON_TEXT[stop.reason],
    })),
  };
  if (input.apply) await applyPlan(db, member, answer, dayVisits);
  return answer;
}

/**
 * Saves the plan in one transaction: each visit's place in its route (1 first), the route's
 * technician as lead of a visit that had none (told as any assignment is), and no place for
 * the visits left unplaced. A visit whose place and lead do not change is not written.
 */
async function applyPlan(db: Database, member: Member, plan: RoutePlanDto, dayVisits: DayVisit[]): Promise<void> {
  const byId = new Map(dayVisits.map((visit) => [visit.id, visit]));
  await db.transaction(async (tx) => {
    for (const route of plan.routes) {
      for (const [index, stop] of route.stops.entries()) {
        const visit = byId.get(stop.visitId);
        if (!visit) continue;
        const order = index + 1;
        const assign = visit.leadId === null;
        if (!assign && visit.routeOrder === order) continue;
        const before = assign ? await visitStateForChange(tx, visit.id) : null;
        await updateVersioned(tx, visits, eq(visits.id, visit.id), { routeOrder: order }, undefined);
        if (assign) {
          await replacePeople(tx, member, visit.id, [route.userId]);
          if (before) await noticeVisitChange(tx, member, visit.id, before);
        }
      }
    }
    const unplaced = plan.unplaced
      .map((stop) => byId.get(stop.visitId))
      .filter((visit) => visit !== undefined && visit.routeOrder !== null)
      .map((visit) => visit!.id);
    if (unplaced.length > 0) {
      await tx
        .update(visits)
        .set({ routeOrder: null, version: sql`${visits.version} + 1` })
        .where(inArray(visits.id, unplaced));
    }
  });
}
