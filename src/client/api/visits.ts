import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE, type VisitStatus, type VisitWhen } from '../../shared/constants';
import type { Page } from '../../shared/schemas/common';
import type {
  AddVisitTaskInput,
  MyVisitsDto,
  UpcomingVisitDto,
  UpdateVisitTaskInput,
  VisitCandidateDto,
  VisitDetailDto,
  VisitListItemDto,
  VisitPersonDto,
  VisitTaskDto,
  VisitTaskOptionDto,
} from '../../shared/schemas/visits';
import { api, queryString } from './http';
import { areaKeys } from './keys';
import { useMutationThatInvalidates } from './mutations';

// Visits, their tasks and their people (/api/visits…).

export interface VisitFilters {
  status?: VisitStatus;
  propertyId?: string;
  /** Issue 25: upcoming (from the start of today, soonest first) or past (latest first). */
  when?: VisitWhen;
  offset: number;
}

/** What the create and edit forms send (scheduledAt as an ISO instant). */
export interface VisitBody {
  propertyId: string;
  scheduledAt: string;
  status: VisitStatus;
  addPropertyTasks?: boolean;
  /** Issue 24, 'Assign to': the members on the visit, the lead first. */
  assigneeIds?: string[];
}

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
    queryFn: () => api<Page<VisitListItemDto>>(`/api/visits${queryString({ ...filters, limit: DEFAULT_PAGE_SIZE })}`),
    placeholderData: keepPreviousData,
  });

/** The calendar's visible range (ISO instants, [from, to)) and its filters (issue 18). */
export interface CalendarWindow {
  from: string;
  to: string;
  propertyId?: string;
  userId?: string;
}

/**
 * The API's cap on a window's page (MAX_WINDOW_PAGE_SIZE in shared/schemas/visits.ts, which
 * is not imported here: it would bring zod into every page that lists visits).
 */
const CALENDAR_LIMIT = 500;

/** Every visit in the window the caller can see: a month holds far fewer than the 500 a window allows. */
export const calendarVisitsQuery = (window: CalendarWindow) =>
  queryOptions({
    queryKey: visitKeys.calendar(window),
    queryFn: () => api<Page<VisitListItemDto>>(`/api/visits${queryString({ ...window, limit: CALENDAR_LIMIT })}`),
    placeholderData: keepPreviousData,
  });

/** spec §7: the visits the user is assigned to, from now on, soonest first. */
export const upcomingVisitsQuery = (limit: number) =>
  queryOptions({
    queryKey: visitKeys.upcoming(limit),
    queryFn: () => api<{ items: UpcomingVisitDto[] }>(`/api/visits/upcoming?limit=${limit}`),
  });

/** Issue 17, /today: the caller's visits scheduled in [from, to) with their tasks, plus earlier ones still in progress. */
export const myVisitsQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: visitKeys.mine(from, to),
    queryFn: () => api<MyVisitsDto>(`/api/visits/mine${queryString({ from, to })}`),
  });

export const visitQuery = (id: string) =>
  queryOptions({ queryKey: visitKeys.detail(id), queryFn: () => api<VisitDetailDto>(`/api/visits/${id}`) });

/** Templates that can go on the visit: the property's active tasks, or the whole catalogue. */
export const taskOptionsQuery = (id: string, scope: 'property' | 'all', q: string) =>
  queryOptions({
    queryKey: visitKeys.taskOptions(id, scope, q),
    queryFn: () =>
      api<Page<VisitTaskOptionDto>>(`/api/visits/${id}/task-options${queryString({ scope, q, limit: 50 })}`),
    placeholderData: keepPreviousData,
  });

/** Members of the workspace who are not on the visit yet (owners and managers). */
export const candidatesQuery = (id: string) =>
  queryOptions({
    queryKey: visitKeys.candidates(id),
    queryFn: () => api<Page<VisitCandidateDto>>(`/api/visits/${id}/candidates?limit=100`),
  });

export const useVisits = (filters: VisitFilters) => useQuery(visitsQuery(filters));
export const useCalendarVisits = (window: CalendarWindow | null) =>
  useQuery({ ...calendarVisitsQuery(window ?? { from: '', to: '' }), enabled: window !== null });
export const useUpcomingVisits = (limit: number) => useQuery(upcomingVisitsQuery(limit));
export const useVisit = (id: string) => useQuery(visitQuery(id));
export const useMyVisits = (from: string, to: string) => useQuery(myVisitsQuery(from, to));
export const useTaskOptions = (id: string, scope: 'property' | 'all', q: string) =>
  useQuery(taskOptionsQuery(id, scope, q));
export const useCandidates = (id: string, enabled: boolean) => useQuery({ ...candidatesQuery(id), enabled });

// ── changes: a visit shows on its property's visit history too ──

const touched = () => [visitKeys.all, areaKeys.properties];

export const useCreateVisit = () =>
  useMutationThatInvalidates(
    (body: VisitBody) => api<VisitDetailDto>('/api/visits', { method: 'POST', body: { ...body } }),
    touched,
  );

export function useUpdateVisit(id: string) {
  const queryClient = useQueryClient();
  return useMutationThatInvalidates(
    (body: Partial<VisitBody>) => api<VisitDetailDto>(`/api/visits/${id}`, { method: 'PATCH', body: { ...body } }),
    touched,
    (visit) => queryClient.setQueryData(visitKeys.detail(id), visit),
  );
}

/** Moves any visit (the calendar's drag, and its undo). */
export function useRescheduleVisit() {
  const queryClient = useQueryClient();
  return useMutationThatInvalidates(
    ({ id, scheduledAt }: { id: string; scheduledAt: string }) =>
      api<VisitDetailDto>(`/api/visits/${id}`, { method: 'PATCH', body: { scheduledAt } }),
    touched,
    (visit) => queryClient.setQueryData(visitKeys.detail(visit.id), visit),
  );
}

export function useDeleteVisit(id: string) {
  const queryClient = useQueryClient();
  return useMutationThatInvalidates(
    () => api<void>(`/api/visits/${id}`, { method: 'DELETE' }),
    touched,
    () => queryClient.removeQueries({ queryKey: visitKeys.detail(id) }),
  );
}

export const useAddVisitTask = () =>
  useMutationThatInvalidates(
    ({ visitId, ...body }: AddVisitTaskInput & { visitId: string }) =>
      api<VisitTaskDto>(`/api/visits/${visitId}/tasks`, { method: 'POST', body }),
    touched,
  );

export const useUpdateVisitTask = (visitId: string) =>
  useMutationThatInvalidates(
    ({ id, ...body }: UpdateVisitTaskInput & { id: string }) =>
      api<VisitTaskDto>(`/api/visits/${visitId}/tasks/${id}`, { method: 'PATCH', body }),
    touched,
  );

export const useRemoveVisitTask = (visitId: string) =>
  useMutationThatInvalidates(
    (id: string) => api<void>(`/api/visits/${visitId}/tasks/${id}`, { method: 'DELETE' }),
    touched,
  );

export const useAddVisitUser = (visitId: string) =>
  useMutationThatInvalidates(
    (userId: string) => api<VisitPersonDto>(`/api/visits/${visitId}/users`, { method: 'POST', body: { userId } }),
    () => [visitKeys.all],
  );

export const useRemoveVisitUser = (visitId: string) =>
  useMutationThatInvalidates(
    (userId: string) => api<void>(`/api/visits/${visitId}/users/${userId}`, { method: 'DELETE' }),
    () => [visitKeys.all],
  );
