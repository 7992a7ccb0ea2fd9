import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PropertyRole } from '../../../shared/constants';
import type { Page } from '../../../shared/schemas/common';
import type {
  AddPropertyTaskInput,
  LinkPersonInput,
  PropertyDetail,
  PropertyInput,
  PropertyListItem,
  PropertyPersonDto,
  PropertyTaskDto,
  PropertyVisitDto,
  UpdatePropertyTaskInput,
} from '../../../shared/schemas/properties';
import type { TaskDto } from '../../../shared/schemas/tasks';
import { api, queryString } from '../../api/http';

export const PAGE_SIZE = 20;

export const propertyKeys = {
  all: ['properties'] as const,
  lists: () => [...propertyKeys.all, 'list'] as const,
  list: (params: { q?: string; offset: number }) => [...propertyKeys.lists(), params] as const,
  detail: (id: string) => [...propertyKeys.all, 'detail', id] as const,
  tasks: (id: string, offset: number) => [...propertyKeys.detail(id), 'tasks', offset] as const,
  visits: (id: string, offset: number) => [...propertyKeys.detail(id), 'visits', offset] as const,
  people: (id: string) => [...propertyKeys.detail(id), 'people'] as const,
  templates: (q: string) => [...propertyKeys.all, 'task-templates', q] as const,
};

export const propertiesQuery = (params: { q?: string; offset: number }) =>
  queryOptions({
    queryKey: propertyKeys.list(params),
    queryFn: () =>
      api<Page<PropertyListItem>>(
        `/api/properties${queryString({ q: params.q, offset: params.offset, limit: PAGE_SIZE })}`,
      ),
    placeholderData: keepPreviousData,
  });

export const propertyQuery = (id: string) =>
  queryOptions({ queryKey: propertyKeys.detail(id), queryFn: () => api<PropertyDetail>(`/api/properties/${id}`) });

/** Manage Tasks: a page of the property's tasks (active first, then removed). */
export const propertyTasksQuery = (id: string, offset: number) =>
  queryOptions({
    queryKey: propertyKeys.tasks(id, offset),
    queryFn: () =>
      api<Page<PropertyTaskDto>>(`/api/properties/${id}/tasks${queryString({ limit: PAGE_SIZE, offset })}`),
    placeholderData: keepPreviousData,
  });

export const propertyVisitsQuery = (id: string, offset: number) =>
  queryOptions({
    queryKey: propertyKeys.visits(id, offset),
    queryFn: () => api<Page<PropertyVisitDto>>(`/api/properties/${id}/visits${queryString({ limit: 10, offset })}`),
    placeholderData: keepPreviousData,
  });

export const propertyPeopleQuery = (id: string) =>
  queryOptions({
    queryKey: propertyKeys.people(id),
    queryFn: () => api<Page<PropertyPersonDto>>(`/api/properties/${id}/people?limit=100`),
  });

/** Templates offered by the "Add a task" picker. */
export const taskTemplatesQuery = (q: string) =>
  queryOptions({
    queryKey: propertyKeys.templates(q),
    queryFn: () => api<Page<TaskDto>>(`/api/tasks${queryString({ q, limit: 50 })}`),
    placeholderData: keepPreviousData,
  });

export const useProperties = (params: { q?: string; offset: number }) => useQuery(propertiesQuery(params));
export const useProperty = (id: string) => useQuery(propertyQuery(id));
export const usePropertyTasks = (id: string, offset: number) => useQuery(propertyTasksQuery(id, offset));
export const usePropertyVisits = (id: string, offset: number) => useQuery(propertyVisitsQuery(id, offset));
export const usePropertyPeople = (id: string) => useQuery(propertyPeopleQuery(id));
export const useTaskTemplates = (q: string) => useQuery(taskTemplatesQuery(q));

export function useCreateProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PropertyInput) => api<PropertyDetail>('/api/properties', { method: 'POST', body: { ...body } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: propertyKeys.lists() }),
  });
}

export function useUpdateProperty(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PropertyInput) =>
      api<PropertyDetail>(`/api/properties/${id}`, { method: 'PATCH', body: { ...body } }),
    onSuccess: (property) => {
      queryClient.setQueryData(propertyKeys.detail(id), property);
      return queryClient.invalidateQueries({ queryKey: propertyKeys.lists() });
    },
  });
}

export function useDeleteProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/properties/${id}`, { method: 'DELETE' }),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: propertyKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: propertyKeys.lists() });
    },
  });
}

/** After any change to a property's tasks: the Manage Tasks list and the detail. */
function useInvalidateProperty(id: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: propertyKeys.detail(id) });
}

export function useAddPropertyTask(propertyId: string) {
  const invalidate = useInvalidateProperty(propertyId);
  return useMutation({
    mutationFn: (body: AddPropertyTaskInput) =>
      api<PropertyTaskDto>(`/api/properties/${propertyId}/tasks`, { method: 'POST', body: { ...body } }),
    onSuccess: invalidate,
  });
}

export function useUpdatePropertyTask(propertyId: string) {
  const invalidate = useInvalidateProperty(propertyId);
  return useMutation({
    mutationFn: ({ id, ...body }: UpdatePropertyTaskInput & { id: string }) =>
      api<PropertyTaskDto>(`/api/properties/${propertyId}/tasks/${id}`, { method: 'PATCH', body }),
    onSuccess: invalidate,
  });
}

export function useRemovePropertyTask(propertyId: string) {
  const invalidate = useInvalidateProperty(propertyId);
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/properties/${propertyId}/tasks/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

export function useLinkPerson(propertyId: string) {
  const invalidate = useInvalidateProperty(propertyId);
  return useMutation({
    mutationFn: (body: LinkPersonInput) =>
      api<PropertyPersonDto>(`/api/properties/${propertyId}/people`, { method: 'POST', body: { ...body } }),
    onSuccess: invalidate,
  });
}

export function useUpdatePerson(propertyId: string) {
  const invalidate = useInvalidateProperty(propertyId);
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: PropertyRole }) =>
      api<PropertyPersonDto>(`/api/properties/${propertyId}/people/${userId}`, { method: 'PATCH', body: { role } }),
    onSuccess: invalidate,
  });
}

export function useUnlinkPerson(propertyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api<void>(`/api/properties/${propertyId}/people/${userId}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: propertyKeys.all }),
  });
}
