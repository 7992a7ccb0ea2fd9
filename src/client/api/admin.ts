import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountRole } from '../../shared/constants';
import { areaKeys } from './keys';
import { useMutationThatInvalidates } from './mutations';
import { get, patch } from './contract';

// Users and roles, for admins (/api/admin/users).

export interface UsersFilter {
  q: string;
  role: AccountRole | '';
  limit: number;
  offset: number;
}

export const adminUserKeys = {
  all: areaKeys.adminUsers,
  lists: () => [...adminUserKeys.all, 'list'] as const,
  list: (filter: UsersFilter) => [...adminUserKeys.lists(), filter] as const,
  detail: (id: string) => [...adminUserKeys.all, 'detail', id] as const,
};

export const adminUsersQuery = (filter: UsersFilter) =>
  queryOptions({
    queryKey: adminUserKeys.list(filter),
    queryFn: () =>
      get('/admin/users', {
        query: { limit: filter.limit, offset: filter.offset, q: filter.q.trim(), role: filter.role },
      }),
    placeholderData: keepPreviousData,
  });

export const adminUserQuery = (id: string) =>
  queryOptions({ queryKey: adminUserKeys.detail(id), queryFn: () => get('/admin/users/:id', { param: { id } }) });

export const useAdminUsers = (filter: UsersFilter) => useQuery(adminUsersQuery(filter));
export const useAdminUser = (id: string) => useQuery(adminUserQuery(id));

export function useUpdateUserRole(id: string) {
  const queryClient = useQueryClient();
  return useMutationThatInvalidates(
    (role: AccountRole) => patch('/admin/users/:id', { param: { id }, json: { role } }),
    // Not the detail: refetching it would fail with 403 for an admin who just gave up the role.
    () => [adminUserKeys.lists()],
    (user) => queryClient.setQueryData(adminUserKeys.detail(id), user),
  );
}
