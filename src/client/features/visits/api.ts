import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VisitStatus } from '../../../shared/constants';
import type { Page } from '../../../shared/schemas/common';
import type { PropertyDetail, PropertyListItem } from '../../../shared/schemas/properties';
import type { TaskDto } from '../../../shared/schemas/tasks';
import type {
  AddVisitTaskInput,
  UpdateVisitTaskInput,
  VisitCandidateDto,
  VisitDetailDto,
  VisitListItemDto,
  VisitPersonDto,
  VisitTaskDto,
  VisitTaskOptionDto,
} from '../../../shared/schemas/visits';
import { api, queryString } from '../../api/http';

export const PAGE_SIZE = 20;

export interface VisitFilters {
  status?: VisitStatus;
  propertyId?: string;
  offset: number;
}

/** What the create and edit forms send (scheduledAt as ISO). */
export interface VisitBody {
  propertyId: string;
  scheduledAt: string;
  status: VisitStatus;
  addPropertyTasks?: boolean;
}

export const visitKeys = {
  all: ['visits'] as const,
  lists: () => [...visitKeys.all, 'list'] as const,
  list: (filters: VisitFilters) => [...visitKeys.lists(), filters] as const,
  detail: (id: string) => [...visitKeys.all, 'detail', id] as const,
  taskOptions: (id: string, scope: string, q: string) => [...visitKeys.detail(id), 'task-options', scope, q] as const,
  candidates: (id: string) => [...visitKeys.detail(id), 'candidates'] as const,
  propertyOptions: (q: string) => [...visitKeys.all, 'property-options', q] as const,
};

export const visitsQuery = (filters: VisitFilters) =>
  queryOptions({
    queryKey: visitKeys.list(filters),
    queryFn: () => api<Page<VisitListItemDto>>(`/api/visits${queryString({ ...filters, limit: PAGE_SIZE })}`),
    placeholderData: keepPreviousData,
  });

export const visitQuery = (id: string) =>
  queryOptions({ queryKey: visitKeys.detail(id), queryFn: () => api<VisitDetailDto>(`/api/visits/${id}`) });

export const taskOptionsQuery = (id: string, scope: 'property' | 'all', q: string) =>
  queryOptions({
    queryKey: visitKeys.taskOptions(id, scope, q),
    queryFn: () =>
      api<Page<VisitTaskOptionDto>>(`/api/visits/${id}/task-options${queryString({ scope, q, limit: 50 })}`),
    placeholderData: keepPreviousData,
  });

export const candidatesQuery = (id: string) =>
  queryOptions({
    queryKey: visitKeys.candidates(id),
    queryFn: () => api<Page<VisitCandidateDto>>(`/api/visits/${id}/candidates?limit=100`),
  });

/** The properties the user can see, for the visit form's select (GET /api/properties). */
export const propertyOptionsQuery = (q: string) =>
  queryOptions({
    queryKey: visitKeys.propertyOptions(q),
    queryFn: () => api<Page<PropertyListItem>>(`/api/properties${queryString({ q, limit: 50 })}`),
    placeholderData: keepPreviousData,
  });

/** One property (GET /api/properties/:id), for the name of a property chosen by id in the URL. */
export const chosenPropertyQuery = (id: string) =>
  queryOptions({
    queryKey: [...visitKeys.all, 'chosen-property', id] as const,
    queryFn: () => api<PropertyDetail>(`/api/properties/${id}`),
    retry: false,
  });

export const useVisits = (filters: VisitFilters) => useQuery(visitsQuery(filters));
export const useChosenProperty = (id: string) => useQuery({ ...chosenPropertyQuery(id), enabled: Boolean(id) });
export const useVisit = (id: string) => useQuery(visitQuery(id));
export const useTaskOptions = (id: string, scope: 'property' | 'all', q: string) =>
  useQuery(taskOptionsQuery(id, scope, q));
export const useCandidates = (id: string, enabled: boolean) => useQuery({ ...candidatesQuery(id), enabled });
export const usePropertyOptions = (q: string) => useQuery(propertyOptionsQuery(q));

/** After any change to visits: lists, details and the upcoming list (its key starts with 'visits'). */
function useInvalidateVisits() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: visitKeys.all });
}

export function useCreateVisit() {
  const invalidate = useInvalidateVisits();
  return useMutation({
    mutationFn: (body: VisitBody) => api<VisitDetailDto>('/api/visits', { method: 'POST', body: { ...body } }),
    onSuccess: invalidate,
  });
}

export function useUpdateVisit(id: string) {
  const invalidate = useInvalidateVisits();
  return useMutation({
    mutationFn: (body: Partial<VisitBody>) =>
      api<VisitDetailDto>(`/api/visits/${id}`, { method: 'PATCH', body: { ...body } }),
    onSuccess: invalidate,
  });
}

export function useDeleteVisit(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>(`/api/visits/${id}`, { method: 'DELETE' }),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: visitKeys.detail(id) });
      await queryClient.invalidateQueries({ queryKey: visitKeys.all });
    },
  });
}

export function useAddVisitTask() {
  const invalidate = useInvalidateVisits();
  return useMutation({
    mutationFn: ({ visitId, ...body }: AddVisitTaskInput & { visitId: string }) =>
      api<VisitTaskDto>(`/api/visits/${visitId}/tasks`, { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

export function useUpdateVisitTask(visitId: string) {
  const invalidate = useInvalidateVisits();
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateVisitTaskInput & { id: string }) =>
      api<VisitTaskDto>(`/api/visits/${visitId}/tasks/${id}`, { method: 'PATCH', body }),
    onSuccess: invalidate,
  });
}

export function useRemoveVisitTask(visitId: string) {
  const invalidate = useInvalidateVisits();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/visits/${visitId}/tasks/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

export function useAddVisitUser(visitId: string) {
  const invalidate = useInvalidateVisits();
  return useMutation({
    mutationFn: (userId: string) =>
      api<VisitPersonDto>(`/api/visits/${visitId}/users`, { method: 'POST', body: { userId } }),
    onSuccess: invalidate,
  });
}

export function useRemoveVisitUser(visitId: string) {
  const invalidate = useInvalidateVisits();
  return useMutation({
    mutationFn: (userId: string) => api<void>(`/api/visits/${visitId}/users/${userId}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

/** A task template (GET /api/tasks/:id), for the 'Add to Visit' page's title. */
export const taskTemplateQuery = (id: string) =>
  queryOptions({
    queryKey: [...visitKeys.all, 'task-template', id] as const,
    queryFn: () => api<TaskDto>(`/api/tasks/${id}`),
    retry: false,
  });
export const useTaskTemplate = (id: string) => useQuery(taskTemplateQuery(id));
