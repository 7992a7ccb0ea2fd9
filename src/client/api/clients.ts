import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '../../shared/constants';
import type { ClientInput, ListClientsQuery } from '../../shared/schemas/clients';
import { queryString } from './http';
import { areaKeys } from './keys';
import { useMutationThatInvalidates } from './mutations';
import { del, get, patch, post, type ListParams } from './contract';

// Clients (GET/POST/PATCH/DELETE /api/clients…). A property names its client and a
// visit shows its client's name: client changes touch properties and visits too.

export type ClientListParams = ListParams<ListClientsQuery>;

export const clientKeys = {
  all: areaKeys.clients,
  lists: () => [...clientKeys.all, 'list'] as const,
  list: (params: ClientListParams) => [...clientKeys.lists(), params] as const,
  detail: (id: string) => [...clientKeys.all, 'detail', id] as const,
};

export const clientsQuery = (params: ClientListParams) =>
  queryOptions({
    queryKey: clientKeys.list(params),
    queryFn: () =>
      get('/clients', { query: { q: params.q, offset: params.offset, limit: params.limit ?? DEFAULT_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

export const clientQuery = (id: string) =>
  queryOptions({ queryKey: clientKeys.detail(id), queryFn: () => get('/clients/:id', { param: { id } }) });

export const useClients = (params: ClientListParams, enabled = true) => useQuery({ ...clientsQuery(params), enabled });
/** One client; pass '' to wait. */
export const useClient = (id: string, options: { retry?: boolean } = {}) =>
  useQuery({ ...clientQuery(id), enabled: Boolean(id), ...options });

/** The CSV export of the list under its search (a download link; the server streams it). */
export const clientsCsvUrl = (q?: string) => `/api/clients.csv${queryString({ q })}`;

const touched = () => [clientKeys.all, areaKeys.properties, areaKeys.visits];

export const useCreateClient = () =>
  useMutationThatInvalidates((body: ClientInput) => post('/clients', { json: { ...body } }), touched);

export function useUpdateClient(id: string) {
  const queryClient = useQueryClient();
  return useMutationThatInvalidates(
    (body: Partial<ClientInput>) => patch('/clients/:id', { param: { id }, json: { ...body } }),
    touched,
    (client) => queryClient.setQueryData(clientKeys.detail(id), client),
  );
}

export function useDeleteClient() {
  const queryClient = useQueryClient();
  return useMutationThatInvalidates(
    (id: string) => del('/clients/:id', { param: { id } }),
    touched,
    (_data, id) => queryClient.removeQueries({ queryKey: clientKeys.detail(id) }),
  );
}
