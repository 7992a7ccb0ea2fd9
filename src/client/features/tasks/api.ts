import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '../../../shared/schemas/common';
import type { AssignTaskInput, TaskAssignmentDto, TaskDto, TaskInput } from '../../../shared/schemas/tasks';
import { api, queryString } from '../../api/http';

export const PAGE_SIZE = 20;

export const taskKeys = {
  all: ['tasks'] as const,
  lists: () => [...taskKeys.all, 'list'] as const,
  list: (params: { q?: string; offset: number }) => [...taskKeys.lists(), params] as const,
  detail: (id: string) => [...taskKeys.all, 'detail', id] as const,
  assignments: (id: string, q: string, offset: number) => [...taskKeys.detail(id), 'properties', q, offset] as const,
};

export const tasksQuery = (params: { q?: string; offset: number }) =>
  queryOptions({
    queryKey: taskKeys.list(params),
    queryFn: () =>
      api<Page<TaskDto>>(`/api/tasks${queryString({ q: params.q, offset: params.offset, limit: PAGE_SIZE })}`),
    placeholderData: keepPreviousData,
  });

export const taskQuery = (id: string) =>
  queryOptions({ queryKey: taskKeys.detail(id), queryFn: () => api<TaskDto>(`/api/tasks/${id}`) });

export const taskAssignmentsQuery = (id: string, q: string, offset: number) =>
  queryOptions({
    queryKey: taskKeys.assignments(id, q, offset),
    queryFn: () =>
      api<Page<TaskAssignmentDto>>(`/api/tasks/${id}/properties${queryString({ q, offset, limit: PAGE_SIZE })}`),
    placeholderData: keepPreviousData,
  });

export const useTasks = (params: { q?: string; offset: number }) => useQuery(tasksQuery(params));
export const useTask = (id: string) => useQuery(taskQuery(id));
export const useTaskAssignments = (id: string, q: string, offset: number) =>
  useQuery(taskAssignmentsQuery(id, q, offset));

export function useCreateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TaskInput) => api<TaskDto>('/api/tasks', { method: 'POST', body: { ...body } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taskKeys.lists() }),
  });
}

export function useUpdateTask(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TaskInput) => api<TaskDto>(`/api/tasks/${id}`, { method: 'PATCH', body: { ...body } }),
    onSuccess: (task) => {
      queryClient.setQueryData(taskKeys.detail(id), task);
      return queryClient.invalidateQueries({ queryKey: taskKeys.lists() });
    },
  });
}

export function useDeleteTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/tasks/${id}`, { method: 'DELETE' }),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: taskKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: taskKeys.lists() });
    },
  });
}

export function useAssignTask(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AssignTaskInput) =>
      api<{ assigned: number }>(`/api/tasks/${id}/assign`, { method: 'POST', body: { ...body } }),
    // the properties' task lists change too; they live under the properties feature's keys
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: taskKeys.detail(id) }),
        queryClient.invalidateQueries({ queryKey: ['properties'] }),
      ]),
  });
}
