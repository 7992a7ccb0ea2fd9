import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NoteAttachableType } from '../../shared/constants';
import type { Page } from '../../shared/schemas/common';
import type { CreateNoteInput, NoteDto, UpdateNoteInput } from '../../shared/schemas/notes';
import { api, queryString } from './http';
import { areaKeys } from './keys';
import { useMutationThatInvalidates } from './mutations';

// Notes (/api/notes…).

export interface NoteFilters {
  q?: string;
  attachableType?: NoteAttachableType;
  attachableId?: string;
  offset: number;
  limit: number;
}

export const noteKeys = {
  all: areaKeys.notes,
  lists: () => [...noteKeys.all, 'list'] as const,
  list: (filters: NoteFilters) => [...noteKeys.lists(), filters] as const,
  detail: (id: string) => [...noteKeys.all, 'detail', id] as const,
};

export const notesQuery = (filters: NoteFilters) =>
  queryOptions({
    queryKey: noteKeys.list(filters),
    queryFn: () => api<Page<NoteDto>>(`/api/notes${queryString({ ...filters })}`),
    placeholderData: keepPreviousData,
  });

export const noteQuery = (id: string) =>
  queryOptions({ queryKey: noteKeys.detail(id), queryFn: () => api<NoteDto>(`/api/notes/${id}`) });

export const useNotes = (filters: NoteFilters) => useQuery(notesQuery(filters));
export const useNote = (id: string) => useQuery({ ...noteQuery(id), enabled: Boolean(id) });

export const useCreateNote = () =>
  useMutationThatInvalidates(
    (body: CreateNoteInput) => api<NoteDto>('/api/notes', { method: 'POST', body: { ...body } }),
    () => [noteKeys.lists()],
  );

export function useUpdateNote() {
  const queryClient = useQueryClient();
  return useMutationThatInvalidates(
    ({ id, ...body }: UpdateNoteInput & { id: string }) =>
      api<NoteDto>(`/api/notes/${id}`, { method: 'PATCH', body: { ...body } }),
    () => [noteKeys.lists()],
    (note) => queryClient.setQueryData(noteKeys.detail(note.id), note),
  );
}

export function useDeleteNote() {
  const queryClient = useQueryClient();
  return useMutationThatInvalidates(
    (id: string) => api<void>(`/api/notes/${id}`, { method: 'DELETE' }),
    () => [noteKeys.lists()],
    (_data, id) => queryClient.removeQueries({ queryKey: noteKeys.detail(id) }),
  );
}
