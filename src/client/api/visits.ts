import {
  keepPreviousData,
  onlineManager,
  queryOptions,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE, type VisitStatus, type VisitTaskStatus } from '../../shared/constants';
import type { Page } from '../../shared/schemas/common';
import type {
  AddVisitTaskInput,
  CreateVisitInput,
  ListVisitsQuery,
  UpdateVisitInput,
  UpdateVisitTaskInput,
} from '../../shared/schemas/visits';
import type { InspectionResult, PhotoTag } from '../../shared/evidence';
import type { EtaMinutes } from '../../shared/notifications';
import { del, get, type Get, type ItemOf, patch, post } from './contract';
import { areaKeys } from './keys';
import { useMutationThatInvalidates } from './mutations';
import { madeNow, type Write } from './write';

// Visits, their tasks and their people (/api/visits…).

/** A visit with its tasks, as `GET /api/visits/:id` answers it. */
export type VisitDetail = Get<'/visits/:id'>;
/** A visit of a list (`GET /api/visits`). */
export type VisitListItem = ItemOf<'/visits'>;
/** One of a visit's tasks. */
export type VisitTask = VisitDetail['tasks'][number];
/** Someone on a visit, with their role. */
export type VisitPerson = VisitListItem['people'][number];
/** The Today view's visits (`GET /api/visits/mine`). */
export type MyVisits = Get<'/visits/mine'>;

/** A list's filters (`GET /api/visits`, shared/schemas/visits.ts) and its page. */
export type VisitFilters = Pick<ListVisitsQuery, 'status' | 'propertyId' | 'clientId' | 'when' | 'unbilled'> & {
  offset: number;
};

export const visitKeys = {
  all: areaKeys.visits,
  lists: () => [...visitKeys.all, 'list'] as const,
  list: (filters: VisitFilters) => [...visitKeys.lists(), filters] as const,
  upcoming: (limit: number) => [...visitKeys.all, 'upcoming', limit] as const,
  calendar: (window: CalendarWindow) => [...visitKeys.all, 'calendar', window] as const,
  detail: (id: string) => [...visitKeys.all, 'detail', id] as const,
  mineAll: () => [...visitKeys.all, 'mine'] as const,
  mine: (from: string, to: string) => [...visitKeys.mineAll(), from, to] as const,
  taskOptions: (id: string, scope: string, q: string) => [...visitKeys.detail(id), 'task-options', scope, q] as const,
  candidates: (id: string) => [...visitKeys.detail(id), 'candidates'] as const,
};

export const visitsQuery = (filters: VisitFilters) =>
  queryOptions({
    queryKey: visitKeys.list(filters),
    queryFn: () => get('/visits', { query: { ...filters, limit: DEFAULT_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

/** The calendar's visible range (ISO instants, [from, to)) and its filters. */
export type CalendarWindow = Required<Pick<ListVisitsQuery, 'from' | 'to'>> &
  Pick<ListVisitsQuery, 'propertyId' | 'userId'>;

/**
 * The API's cap on a window's page (MAX_WINDOW_PAGE_SIZE in shared/schemas/visits.ts, which
 * is not imported here: it would bring zod into every page that lists visits).
 */
const CALENDAR_LIMIT = 500;

/** Every visit in the window the caller can see: a month holds far fewer than the 500 a window allows. */
export const calendarVisitsQuery = (window: CalendarWindow) =>
  queryOptions({
    queryKey: visitKeys.calendar(window),
    queryFn: () => get('/visits', { query: { ...window, limit: CALENDAR_LIMIT } }),
    placeholderData: keepPreviousData,
  });

/** spec §7: the visits the user is assigned to, from now on, soonest first. */
export const upcomingVisitsQuery = (limit: number) =>
  queryOptions({
    queryKey: visitKeys.upcoming(limit),
    queryFn: () => get('/visits/upcoming', { query: { limit } }),
  });

/** /today: the caller's visits scheduled in [from, to) with their tasks, plus earlier ones still in progress. */
export const myVisitsQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: visitKeys.mine(from, to),
    queryFn: () => get('/visits/mine', { query: { from, to } }),
  });

export const visitQuery = (id: string) =>
  queryOptions({ queryKey: visitKeys.detail(id), queryFn: () => get('/visits/:id', { param: { id } }) });

/** Templates that can go on the visit: the property's active tasks, or the whole catalogue. */
export const taskOptionsQuery = (id: string, scope: 'property' | 'all', q: string) =>
  queryOptions({
    queryKey: visitKeys.taskOptions(id, scope, q),
    queryFn: () => get('/visits/:id/task-options', { param: { id }, query: { scope, q, limit: 50 } }),
    placeholderData: keepPreviousData,
  });

/** Members of the workspace who are not on the visit yet (owners and managers). */
export const candidatesQuery = (id: string) =>
  queryOptions({
    queryKey: visitKeys.candidates(id),
    queryFn: () => get('/visits/:id/candidates', { param: { id }, query: { limit: 100 } }),
  });

export const useVisits = (filters: VisitFilters, enabled = true) => useQuery({ ...visitsQuery(filters), enabled });
/**
 * Honest offline: the visits already in the cache (the calendar's other windows, the
 * lists, /today) that fall in the window, for a window never fetched while there is no network.
 * Shown as old data (updated at 0): the server's answer replaces it as soon as it can be asked.
 */
export function cachedVisitsIn(client: QueryClient, window: CalendarWindow): Page<VisitListItem> | undefined {
  const from = Date.parse(window.from);
  const to = Date.parse(window.to);
  const found = new Map<string, VisitListItem>();
  for (const [, data] of client.getQueriesData<{ items?: unknown }>({ queryKey: visitKeys.all })) {
    if (!Array.isArray(data?.items)) continue;
    for (const visit of data.items as Partial<VisitListItem>[]) {
      const at = Date.parse(visit.scheduledAt ?? '');
      if (!visit.id || !visit.property || !visit.people || !(at >= from && at < to)) continue;
      if (window.propertyId && visit.propertyId !== window.propertyId) continue;
      if (window.userId && !visit.people.some((person) => person.userId === window.userId)) continue;
      found.set(visit.id, visit as VisitListItem);
    }
  }
  if (found.size === 0) return undefined;
  const items = [...found.values()].sort((a, b) => a.scheduledAt.localeCompare(b.scheduledAt));
  return { items, total: items.length };
}

export function useCalendarVisits(window: CalendarWindow | null) {
  const client = useQueryClient();
  const options = calendarVisitsQuery(window ?? { from: '', to: '' });
  return useQuery({
    ...options,
    enabled: window !== null,
    initialData: () => (window && !onlineManager.isOnline() ? cachedVisitsIn(client, window) : undefined),
    initialDataUpdatedAt: 0,
  });
}
export const useUpcomingVisits = (limit: number) => useQuery(upcomingVisitsQuery(limit));
export const useVisit = (id: string) => useQuery(visitQuery(id));
export const useMyVisits = (from: string, to: string) => useQuery(myVisitsQuery(from, to));
export const useTaskOptions = (id: string, scope: 'property' | 'all', q: string) =>
  useQuery(taskOptionsQuery(id, scope, q));
export const useCandidates = (id: string, enabled: boolean) => useQuery({ ...candidatesQuery(id), enabled });

// ── changes: a visit shows on its property's visit history too ──

const touched = () => [visitKeys.all, areaKeys.properties];

export const useCreateVisit = () =>
  useMutationThatInvalidates((body: CreateVisitInput) => post('/visits', { json: { ...body } }), touched);

export function useUpdateVisit(id: string) {
  const queryClient = useQueryClient();
  return useMutationThatInvalidates(
    (body: UpdateVisitInput) => patch('/visits/:id', { param: { id }, json: { ...body } }),
    touched,
    (visit) => queryClient.setQueryData(visitKeys.detail(id), visit),
  );
}

/** Moves any visit (the calendar's drag, and its undo). */
export function useRescheduleVisit() {
  const queryClient = useQueryClient();
  return useMutationThatInvalidates(
    ({ id, scheduledAt }: { id: string; scheduledAt: string }) =>
      patch('/visits/:id', { param: { id }, json: { scheduledAt } }),
    touched,
    (visit) => queryClient.setQueryData(visitKeys.detail(visit.id), visit),
  );
}

export function useDeleteVisit(id: string) {
  const queryClient = useQueryClient();
  return useMutationThatInvalidates(
    () => del('/visits/:id', { param: { id } }),
    touched,
    () => queryClient.removeQueries({ queryKey: visitKeys.detail(id) }),
  );
}

export const useAddVisitTask = () =>
  useMutationThatInvalidates(
    ({ visitId, ...body }: AddVisitTaskInput & { visitId: string }) =>
      post('/visits/:id/tasks', { param: { id: visitId }, json: body }),
    touched,
  );

/** A task's price (owners and managers, online only); ticks and task notes are `visitTaskWrite`. */
export const useUpdateVisitTask = (visitId: string) =>
  useMutationThatInvalidates(
    ({ id, ...body }: Pick<UpdateVisitTaskInput, 'price'> & { id: string }) =>
      patch('/visits/:id/tasks/:taskId', { param: { id: visitId, taskId: id }, json: body }),
    touched,
  );

export const useRemoveVisitTask = (visitId: string) =>
  useMutationThatInvalidates(
    (id: string) => del('/visits/:id/tasks/:taskId', { param: { id: visitId, taskId: id } }),
    touched,
  );

export const useAddVisitUser = (visitId: string) =>
  useMutationThatInvalidates(
    (userId: string) => post('/visits/:id/users', { param: { id: visitId }, json: { userId } }),
    () => [visitKeys.all],
  );

export const useRemoveVisitUser = (visitId: string) =>
  useMutationThatInvalidates(
    (userId: string) => del('/visits/:id/users/:userId', { param: { id: visitId, userId } }),
    () => [visitKeys.all],
  );

// ── the writes a phone may queue (defined once, sent online or from the outbox) ──

/** A task's tick, status or note, on a visit. */
export interface VisitTaskChange {
  kind: 'visitTask';
  visitId: string;
  taskId: string;
  taskName: string;
  status?: VisitTaskStatus;
  /** The status before the change, shown nowhere but kept for the record. */
  previous?: VisitTaskStatus;
  notes?: string;
  /** Evidence: a reading (null clears it) and an inspection result. */
  reading?: number | null;
  result?: InspectionResult | null;
  version: number;
  /** When the change was made: the server keeps it as completed-at when plausible. */
  at?: string;
}

/** A visit's status: started, completed, reopened. */
export interface VisitStatusChange {
  kind: 'visitStatus';
  visitId: string;
  propertyName: string;
  status: VisitStatus;
  previous: VisitStatus;
  /** 'Complete anyway': the office's reason for completing with evidence missing. */
  overrideReason?: string;
  version: number;
  at?: string;
}

/** A change to a visit task as the phone makes it (a tick, a note, evidence): from what it shows, now. */
export const taskChange = (
  task: VisitTask,
  fields: Pick<VisitTaskChange, 'status' | 'notes' | 'reading' | 'result'>,
): VisitTaskChange => ({
  kind: 'visitTask',
  visitId: task.visitId,
  taskId: task.id,
  taskName: task.name,
  ...fields,
  ...(fields.status ? { previous: task.status } : {}),
  version: task.version,
  at: madeNow(),
});

/** A visit's status change as the phone makes it: from what it shows, now. */
export const statusChange = (visit: VisitDetail, status: VisitStatus, overrideReason?: string): VisitStatusChange => ({
  kind: 'visitStatus',
  visitId: visit.id,
  propertyName: visit.property.name,
  status,
  previous: visit.status,
  version: visit.version,
  at: madeNow(),
  ...(overrideReason ? { overrideReason } : {}),
});

/** The customer's signature, drawn on the phone; the image is kept in IndexedDB while queued. */
export interface SignatureChange {
  kind: 'signature';
  visitId: string;
  propertyName: string;
  signerName: string;
  blob: Blob;
  signedAt: string;
}

/** 'On my way', with the arrival the technician estimated; queued like any field write. */
export interface OnMyWayChange {
  kind: 'onMyWay';
  visitId: string;
  propertyName: string;
  etaMinutes: EtaMinutes;
  /** When it was tapped: the arrival shown until the server answers is this plus the estimate. */
  at: string;
}

export const onMyWayChange = (visit: VisitDetail, etaMinutes: EtaMinutes): OnMyWayChange => ({
  kind: 'onMyWay',
  visitId: visit.id,
  propertyName: visit.property.name,
  etaMinutes,
  at: madeNow(),
});

/** Changes one visit wherever it is cached: /today's list and its own page. */
function updateVisit(client: QueryClient, visitId: string, change: (visit: VisitDetail) => VisitDetail) {
  client.setQueriesData<MyVisits>({ queryKey: visitKeys.mineAll() }, (data) =>
    data ? { ...data, items: data.items.map((visit) => (visit.id === visitId ? change(visit) : visit)) } : data,
  );
  client.setQueryData<VisitDetail>(visitKeys.detail(visitId), (visit) => (visit ? change(visit) : visit));
}

function replaceTask(client: QueryClient, task: VisitTask) {
  updateVisit(client, task.visitId, (visit) => ({
    ...visit,
    tasks: visit.tasks.map((old) => (old.id === task.id ? task : old)),
  }));
}

function replaceVisit(client: QueryClient, fresh: VisitDetail) {
  updateVisit(client, fresh.id, (visit) => ({ ...visit, ...fresh, tasks: fresh.tasks ?? visit.tasks }));
}

/** An older build's queued change has no `at`: the time it was queued is when it was made. */
const withTime = <C extends { at?: string }>(change: C, queuedAt: number): C =>
  change.at ? change : { ...change, at: new Date(queuedAt).toISOString() };

export const visitTaskWrite: Write<VisitTaskChange, VisitTask> = {
  kind: 'visitTask',
  request: (change) => ({
    method: 'PATCH',
    path: `/api/visits/${change.visitId}/tasks/${change.taskId}`,
    json: {
      ...(change.status ? { status: change.status } : {}),
      ...(change.notes !== undefined ? { notes: change.notes } : {}),
      ...(change.reading !== undefined ? { reading: change.reading } : {}),
      ...(change.result !== undefined ? { result: change.result } : {}),
      version: change.version,
      ...(change.at ? { at: change.at } : {}),
    },
  }),
  apply: (client, change) =>
    updateVisit(client, change.visitId, (visit) => ({
      ...visit,
      tasks: visit.tasks.map((task) =>
        task.id === change.taskId
          ? {
              ...task,
              ...(change.status ? { status: change.status } : {}),
              ...(change.notes !== undefined ? { notes: change.notes } : {}),
              ...(change.reading !== undefined ? { reading: change.reading } : {}),
              ...(change.result !== undefined ? { result: change.result } : {}),
            }
          : task,
      ),
    })),
  settle: (client, _change, task) => {
    if (client) replaceTask(client, task);
    return touched();
  },
  describe: (change) =>
    change.status
      ? `${change.taskName}: ${change.status === 'completed' ? 'done' : change.status === 'skipped' ? 'skipped' : 'not done'}`
      : change.reading !== undefined
        ? `${change.taskName}: reading ${change.reading ?? 'cleared'}`
        : change.result !== undefined
          ? `${change.taskName}: ${change.result ?? 'result cleared'}`
          : `${change.taskName}: note`,
  versioned: {
    record: (change) => `visitTask:${change.taskId}`,
    version: (change) => change.version,
    withVersion: (change, version) => ({ ...change, version }),
    versionOf: (task) => task.version,
    replace: replaceTask,
    subject: (change) => change.taskName,
    statusKind: 'visitTask',
    mine: (change) => change.status ?? change.notes ?? String(change.reading ?? change.result ?? ''),
    theirs: (task) => task.status,
  },
  upgrade: withTime,
};

export const visitStatusWrite: Write<VisitStatusChange, VisitDetail> = {
  kind: 'visitStatus',
  // Started (or completed, cancelled) before its 'On my way' went: the client is not told.
  supersedes: (change, earlier) =>
    earlier.kind === 'onMyWay' &&
    (earlier as OnMyWayChange).visitId === change.visitId &&
    change.status !== 'scheduled',
  request: (change) => ({
    method: 'PATCH',
    path: `/api/visits/${change.visitId}`,
    json: {
      status: change.status,
      version: change.version,
      ...(change.at ? { at: change.at } : {}),
      ...(change.overrideReason ? { overrideReason: change.overrideReason } : {}),
    },
  }),
  apply: (client, change) => updateVisit(client, change.visitId, (visit) => ({ ...visit, status: change.status })),
  settle: (client, _change, visit) => {
    if (client) replaceVisit(client, visit);
    return touched();
  },
  describe: (change) =>
    `${change.propertyName}: ${
      change.status === 'in_progress'
        ? change.previous === 'completed'
          ? 'visit reopened'
          : 'visit started'
        : change.status === 'completed'
          ? change.overrideReason
            ? 'visit completed anyway'
            : 'visit completed'
          : change.status.replace('_', ' ')
    }`,
  versioned: {
    record: (change) => `visit:${change.visitId}`,
    version: (change) => change.version,
    withVersion: (change, version) => ({ ...change, version }),
    versionOf: (visit) => visit.version,
    replace: replaceVisit,
    subject: (change) => change.propertyName,
    statusKind: 'visit',
    mine: (change) => change.status,
    theirs: (visit) => visit.status,
  },
  upgrade: withTime,
};

export const signatureWrite: Write<SignatureChange, VisitDetail> = {
  kind: 'signature',
  request: (change) => ({
    method: 'POST',
    path: `/api/visits/${change.visitId}/signature`,
    form: [
      ['signerName', change.signerName],
      ['signedAt', change.signedAt],
      ['file', { blob: change.blob, fileName: 'signature.png' }],
    ],
  }),
  // The gate counts it at once; the picture is drawn from the queue's blob until the server has it.
  apply: (client, change) =>
    updateVisit(client, change.visitId, (visit) => ({
      ...visit,
      signature: { signerName: change.signerName, signedAt: change.signedAt, url: '' },
    })),
  settle: (client, _change, visit) => {
    if (client && visit) replaceVisit(client, visit);
    return touched();
  },
  describe: (change) => `${change.propertyName}: signature of ${change.signerName}`,
};

/**
 * `POST /api/visits/{id}/on-my-way` `{ etaMinutes }` with the outbox's Idempotency-Key: a replay
 * gets the first answer, and the client is told once. Refused (409) once the visit has started:
 * the item stays failed with the server's reason, and the card shows the visit as it is.
 */
export const onMyWayWrite: Write<OnMyWayChange, VisitDetail> = {
  kind: 'onMyWay',
  request: (change) => ({
    method: 'POST',
    path: `/api/visits/${change.visitId}/on-my-way`,
    json: { etaMinutes: change.etaMinutes },
  }),
  apply: (client, change) =>
    updateVisit(client, change.visitId, (visit) => ({
      ...visit,
      onMyWayAt: change.at,
      etaAt: new Date(Date.parse(change.at) + change.etaMinutes * 60_000).toISOString(),
    })),
  settle: (client, _change, visit) => {
    if (client && visit) replaceVisit(client, visit);
    return touched();
  },
  describe: (change) => `${change.propertyName}: on my way, ${change.etaMinutes} min`,
};

/** A queued evidence photo counts for its task at once (the gate runs on the phone). */
export function countEvidencePhoto(client: QueryClient, visitId: string, taskId: string, tag: PhotoTag) {
  updateVisit(client, visitId, (visit) => ({
    ...visit,
    tasks: visit.tasks.map((task) =>
      task.id === taskId ? { ...task, photos: { ...task.photos, [tag]: task.photos[tag] + 1 } } : task,
    ),
  }));
}

/** What an evidence photo's answer makes stale: the visit's counts. */
export const evidenceKeys = () => [visitKeys.all];
