import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '../../shared/constants';
import type { AssignTaskInput, ListTasksQuery, TaskInput } from '../../shared/schemas/tasks';
import { areaKeys } from './keys';
import { useMutationThatInvalidates } from './mutations';
import { del, get, patch, post, type ListParams } from './contract';

// The shared catalogue of task templates (/api/tasks).

export type TaskListParams = ListParams<ListTasksQuery>;

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
      get('/tasks', { query: { q: params.q, offset: params.offset, limit: params.limit ?? DEFAULT_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

export const taskQuery = (id: string) =>
  queryOptions({ queryKey: taskKeys.detail(id), queryFn: () => get('/tasks/:id', { param: { id } }) });

/** The properties the user can see, each saying whether this template is on it. */
export const taskAssignmentsQuery = (id: string, q: string, offset: number) =>
  queryOptions({
    queryKey: taskKeys.assignments(id, q, offset),
    queryFn: () => get('/tasks/:id/properties', { param: { id }, query: { q, offset, limit: DEFAULT_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

/** Time on site per template over the last 90 days (owners and managers). */
export const timeReportQuery = (offset: number) =>
  queryOptions({
    queryKey: taskKeys.timeReport(offset),
    queryFn: () => get('/tasks/time-report', { query: { offset, limit: DEFAULT_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

export const useTasks = (params: TaskListParams) => useQuery(tasksQuery(params));
export const useTask = (id: string) => useQuery(taskQuery(id));
export const useTimeReport = (offset: number) => useQuery(timeReportQuery(offset));
export const useTaskAssignments = (id: string, q: string, offset: number) =>
  useQuery(taskAssignmentsQuery(id, q, offset));

export const useCreateTask = () =>
  useMutationThatInvalidates(
    (body: TaskInput) => post('/tasks', { json: { ...body } }),
    () => [taskKeys.lists()],
  );

export function useUpdateTask(id: string) {
  const queryClient = useQueryClient();
  return useMutationThatInvalidates(
    (body: TaskInput) => patch('/tasks/:id', { param: { id }, json: { ...body } }),
    // properties and visits show the template's name and default price
    () => [taskKeys.lists(), areaKeys.properties, areaKeys.visits],
    (task) => queryClient.setQueryData(taskKeys.detail(id), task),
  );
}

export function useDeleteTask() {
  const queryClient = useQueryClient();
  return useMutationThatInvalidates(
    (id: string) => del('/tasks/:id', { param: { id } }),
    () => [taskKeys.lists(), areaKeys.properties],
    (_data, id) => queryClient.removeQueries({ queryKey: taskKeys.detail(id) }),
  );
}

/** Adds the template to several properties at once; their task lists change too. */
export const useAssignTask = (id: string) =>
  useMutationThatInvalidates(
    (body: AssignTaskInput) => post('/tasks/:id/assign', { param: { id }, json: { ...body } }),
    () => [taskKeys.detail(id), areaKeys.properties],
  );
