import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '../../shared/constants';
import type {
  AddPropertyTaskInput,
  ListPropertiesQuery,
  PropertyInput,
  UpdatePropertyTaskInput,
} from '../../shared/schemas/properties';
import { areaKeys } from './keys';
import { useMutationThatInvalidates } from './mutations';
import { del, get, type Get, type ItemOf, patch, post, type ListParams } from './contract';

/** One of a property's tasks (`GET /api/properties/:id/tasks`). */
export type PropertyTask = ItemOf<'/properties/:id/tasks'>;
/** A property with its client, its active tasks and what the caller may do (`GET /api/properties/:id`). */
export type PropertyDetail = Get<'/properties/:id'>;
/** A row of `GET /api/properties`. */
export type PropertyListItem = ItemOf<'/properties'>;

// Properties and their tasks (GET/POST/PATCH/DELETE /api/properties…). Who may see them is the
// workspace's business (api/workspaces.ts), not a per-property list of people.

export const PROPERTY_VISITS_PAGE_SIZE = 10;

export type PropertyListParams = ListParams<ListPropertiesQuery>;

export const propertyKeys = {
  all: areaKeys.properties,
  lists: () => [...propertyKeys.all, 'list'] as const,
  list: (params: PropertyListParams) => [...propertyKeys.lists(), params] as const,
  detail: (id: string) => [...propertyKeys.all, 'detail', id] as const,
  tasks: (id: string, offset: number) => [...propertyKeys.detail(id), 'tasks', offset] as const,
  visits: (id: string, offset: number) => [...propertyKeys.detail(id), 'visits', offset] as const,
};

export const propertiesQuery = (params: PropertyListParams) =>
  queryOptions({
    queryKey: propertyKeys.list(params),
    queryFn: () =>
      get('/properties', {
        query: {
          q: params.q,
          clientId: params.clientId,
          offset: params.offset,
          limit: params.limit ?? DEFAULT_PAGE_SIZE,
        },
      }),
    placeholderData: keepPreviousData,
  });

export const propertyQuery = (id: string) =>
  queryOptions({ queryKey: propertyKeys.detail(id), queryFn: () => get('/properties/:id', { param: { id } }) });

/** Manage Tasks: a page of the property's tasks (active first, then removed). */
export const propertyTasksQuery = (id: string, offset: number) =>
  queryOptions({
    queryKey: propertyKeys.tasks(id, offset),
    queryFn: () => get('/properties/:id/tasks', { param: { id }, query: { limit: DEFAULT_PAGE_SIZE, offset } }),
    placeholderData: keepPreviousData,
  });

export const propertyVisitsQuery = (id: string, offset: number) =>
  queryOptions({
    queryKey: propertyKeys.visits(id, offset),
    queryFn: () =>
      get('/properties/:id/visits', { param: { id }, query: { limit: PROPERTY_VISITS_PAGE_SIZE, offset } }),
    placeholderData: keepPreviousData,
  });

export const useProperties = (params: PropertyListParams) => useQuery(propertiesQuery(params));
/** One property; pass '' to wait (for a property chosen later). */
export const useProperty = (id: string, options: { retry?: boolean } = {}) =>
  useQuery({ ...propertyQuery(id), enabled: Boolean(id), ...options });
export const usePropertyTasks = (id: string, offset: number) => useQuery(propertyTasksQuery(id, offset));
export const usePropertyVisits = (id: string, offset: number) => useQuery(propertyVisitsQuery(id, offset));

// ── changes ──

export const useCreateProperty = () =>
  useMutationThatInvalidates(
    (body: PropertyInput) => post('/properties', { json: { ...body } }),
    () => [propertyKeys.lists(), areaKeys.clients],
  );

export function useUpdateProperty(id: string) {
  const queryClient = useQueryClient();
  return useMutationThatInvalidates(
    (body: PropertyInput) => patch('/properties/:id', { param: { id }, json: { ...body } }),
    // a visit shows its property's name and address (and its client); a client counts its properties
    () => [propertyKeys.lists(), areaKeys.visits, areaKeys.clients],
    (property) => queryClient.setQueryData(propertyKeys.detail(id), property),
  );
}

/** 'Create client from this property': a client named after it, billed at its address. */
export function useCreateClientFromProperty(id: string) {
  const queryClient = useQueryClient();
  return useMutationThatInvalidates(
    () => post('/properties/:id/client', { param: { id }, json: {} }),
    () => [propertyKeys.lists(), areaKeys.clients, areaKeys.visits],
    (property) => queryClient.setQueryData(propertyKeys.detail(id), property),
  );
}

export function useDeleteProperty() {
  const queryClient = useQueryClient();
  return useMutationThatInvalidates(
    (id: string) => del('/properties/:id', { param: { id } }),
    () => [propertyKeys.lists(), areaKeys.visits],
    (_data, id) => queryClient.removeQueries({ queryKey: propertyKeys.detail(id) }),
  );
}

// Everything about one property (its detail, tasks and visits) lives under its detail key.

export const useAddPropertyTask = (propertyId: string) =>
  useMutationThatInvalidates(
    (body: AddPropertyTaskInput) => post('/properties/:id/tasks', { param: { id: propertyId }, json: { ...body } }),
    () => [propertyKeys.detail(propertyId)],
  );

export const useUpdatePropertyTask = (propertyId: string) =>
  useMutationThatInvalidates(
    ({ id, ...body }: UpdatePropertyTaskInput & { id: string }) =>
      patch('/properties/:id/tasks/:propertyTaskId', { param: { id: propertyId, propertyTaskId: id }, json: body }),
    () => [propertyKeys.detail(propertyId)],
  );

export const useRemovePropertyTask = (propertyId: string) =>
  useMutationThatInvalidates(
    (id: string) => del('/properties/:id/tasks/:propertyTaskId', { param: { id: propertyId, propertyTaskId: id } }),
    () => [propertyKeys.detail(propertyId)],
  );
