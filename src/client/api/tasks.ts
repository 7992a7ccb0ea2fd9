import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '../../shared/constants';
import type { Page } from '../../shared/schemas/common';
import type {
  AssignTaskInput,
  TaskAssignmentDto,
  TaskDto,
  TaskInput,
  TimeReportItemDto,
} from '../../shared/schemas/tasks';
import { api, queryString } from './http';
import { areaKeys } from './keys';
import { useMutationThatInvalidates } from './mutations';

// The shared catalogue of task templates (/api/tasks).

export interface TaskListParams {
  q?: string;
  offset: number;
  limit?: number;
}

export const taskKeys = {
  all: areaKeys.tasks,
  lists: () => [...taskKeys.all, 'list'] as const,
  list: (params: TaskListParams) => [...taskKeys.lists(), params] as const,
  detail: (id: string) => [...taskKeys.all, 'detail', id] as const,
  assignments: (id: string, q: string, offset: number) => [...taskKeys.detail(id), 'properties', q, offset] as const,
  timeReport: (offset: number) => [...taskKeys.all, 'time-report', offset] as const,
};

export const tasksQuery = (params: TaskListParams) =>
  queryOptions({
    queryKey: taskKeys.list(params),
    queryFn: () =>
      api<Page<TaskDto>>(
        `/api/tasks${queryString({ q: params.q, offset: params.offset, limit: params.limit ?? DEFAULT_PAGE_SIZE })}`,
      ),
    placeholderData: keepPreviousData,
  });

export const taskQuery = (id: string) =>
  queryOptions({ queryKey: taskKeys.detail(id), queryFn: () => api<TaskDto>(`/api/tasks/${id}`) });

/** The properties the user can see, each saying whether this template is on it. */
export const taskAssignmentsQuery = (id: string, q: string, offset: number) =>
  queryOptions({
    queryKey: taskKeys.assignments(id, q, offset),
    queryFn: () =>
      api<Page<TaskAssignmentDto>>(
        `/api/tasks/${id}/properties${queryString({ q, offset, limit: DEFAULT_PAGE_SIZE })}`,
      ),
    placeholderData: keepPreviousData,
  });

/** Time on site per template over the last 90 days (owners and managers). */
export const timeReportQuery = (offset: number) =>
  queryOptions({
    queryKey: taskKeys.timeReport(offset),
    queryFn: () =>
      api<Page<TimeReportItemDto>>(`/api/tasks/time-report${queryString({ offset, limit: DEFAULT_PAGE_SIZE })}`),
    placeholderData: keepPreviousData,
  });

export const useTasks = (params: TaskListParams) => useQuery(tasksQuery(params));
export const useTask = (id: string) => useQuery(taskQuery(id));
export const useTimeReport = (offset: number) => useQuery(timeReportQuery(offset));
export const useTaskAssignments = (id: string, q: string, offset: number) =>
  useQuery(taskAssignmentsQuery(id, q, offset));

export const useCreateTask = () =>
  useMutationThatInvalidates(
    (body: TaskInput) => api<TaskDto>('/api/tasks', { method: 'POST', body: { ...body } }),
    () => [taskKeys.lists()],
  );

export function useUpdateTask(id: string) {
  const queryClient = useQueryClient();
  return useMutationThatInvalidates(
    (body: TaskInput) => api<TaskDto>(`/api/tasks/${id}`, { method: 'PATCH', body: { ...body } }),
    // properties and visits show the template's name and default price
    () => [taskKeys.lists(), areaKeys.properties, areaKeys.visits],
    (task) => queryClient.setQueryData(taskKeys.detail(id), task),
  );
}

export function useDeleteTask() {
  const queryClient = useQueryClient();
  return useMutationThatInvalidates(
    (id: string) => api<void>(`/api/tasks/${id}`, { method: 'DELETE' }),
    () => [taskKeys.lists(), areaKeys.properties],
    (_data, id) => queryClient.removeQueries({ queryKey: taskKeys.detail(id) }),
  );
}

/** Adds the template to several properties at once; their task lists change too. */
export const useAssignTask = (id: string) =>
  useMutationThatInvalidates(
    (body: AssignTaskInput) =>
      api<{ assigned: number }>(`/api/tasks/${id}/assign`, { method: 'POST', body: { ...body } }),
    () => [taskKeys.detail(id), areaKeys.properties],
  );
