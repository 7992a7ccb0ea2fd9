import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NoteAttachableType } from '../../shared/constants';
import type { Page } from '../../shared/schemas/common';
import type { z } from 'zod';
import type { listNotesQuery, UpdateNoteInput } from '../../shared/schemas/notes';
import { areaKeys } from './keys';
import { useMutationThatInvalidates } from './mutations';
import { madeNow, useWriteMutation, type Write } from './write';
import { type Get, del, get, type ListParams } from './contract';
import type { Me } from './session';

/** A note as the API answers it. */
export type Note = Get<'/notes/:id'>;

// Notes (/api/notes…).

/** The schema's output: its fields are read through `blankToUndefined`, whose input is `unknown`. */
export type NoteFilters = ListParams<z.output<typeof listNotesQuery>>;

export const noteKeys = {
  all: areaKeys.notes,
  lists: () => [...noteKeys.all, 'list'] as const,
  list: (filters: NoteFilters) => [...noteKeys.lists(), filters] as const,
  detail: (id: string) => [...noteKeys.all, 'detail', id] as const,
};

export const notesQuery = (filters: NoteFilters) =>
  queryOptions({
    queryKey: noteKeys.list(filters),
    queryFn: () => get('/notes', { query: { ...filters } }),
    placeholderData: keepPreviousData,
  });

export const noteQuery = (id: string) =>
  queryOptions({ queryKey: noteKeys.detail(id), queryFn: () => get('/notes/:id', { param: { id } }) });

export const useNotes = (filters: NoteFilters) => useQuery(notesQuery(filters));
export const useNote = (id: string) => useQuery({ ...noteQuery(id), enabled: Boolean(id) });

/** A new note, made on the phone with its own id: a replay can never make it twice. */
export interface NoteCreateChange {
  kind: 'noteCreate';
  id: string;
  content: string;
  /** On the visit report sent to the client. */
  shareWithClient?: boolean;
  /** Omitted: a standalone note (spec §5). */
  attachableType?: NoteAttachableType;
  attachableId?: string;
  /** When it was written: the server keeps it as the note's time when plausible. */
  at?: string;
}

export interface NoteUpdateChange {
  kind: 'noteUpdate';
  id: string;
  content: string;
  shareWithClient?: boolean;
}

export const noteCreateWrite: Write<NoteCreateChange, Note> = {
  kind: 'noteCreate',
  request: (change) => ({
    method: 'POST',
    path: '/api/notes',
    json: {
      id: change.id,
      content: change.content,
      shareWithClient: change.shareWithClient,
      attachableType: change.attachableType,
      attachableId: change.attachableId,
      at: change.at,
    },
  }),
  apply: (client, change) => {
    if (!change.attachableType || !change.attachableId) return;
    const me = client.getQueryData<Me | null>(areaKeys.me);
    const now = change.at ?? madeNow();
    const note: Note = {
      id: change.id,
      content: change.content,
      shareWithClient: !!change.shareWithClient,
      attachableType: change.attachableType,
      attachableId: change.attachableId,
      attachedName: null,
      createdBy: me?.id ?? '',
      author: { displayName: me?.profile.displayName ?? null, email: me?.email ?? '' },
      createdAt: now,
      updatedAt: now,
      edited: false,
      can: { edit: true, delete: false },
    };
    client.setQueriesData<Page<Note>>(
      {
        queryKey: noteKeys.lists(),
        predicate: (query) =>
          (query.queryKey[2] as { attachableId?: string } | undefined)?.attachableId === change.attachableId,
      },
      (page) => (page ? { ...page, items: [note, ...page.items], total: page.total + 1 } : page),
    );
  },
  settle: () => [noteKeys.lists()],
  describe: (change) => `New note: ${change.content.slice(0, 60)}`,
  upgrade: (change, queuedAt) => (change.at ? change : { ...change, at: new Date(queuedAt).toISOString() }),
};

export const noteUpdateWrite: Write<NoteUpdateChange, Note> = {
  kind: 'noteUpdate',
  request: (change) => ({
    method: 'PATCH',
    path: `/api/notes/${change.id}`,
    json: { content: change.content, shareWithClient: change.shareWithClient },
  }),
  apply: (client, change) =>
    client.setQueriesData<Page<Note>>({ queryKey: noteKeys.lists() }, (page) =>
      page
        ? {
            ...page,
            items: page.items.map((note) =>
              note.id === change.id ? { ...note, content: change.content, edited: true } : note,
            ),
          }
        : page,
    ),
  settle: (client, _change, note) => {
    client?.setQueryData(noteKeys.detail(note.id), note);
    return [noteKeys.lists()];
  },
  describe: (change) => `Edited note: ${change.content.slice(0, 60)}`,
};

/** What the note form sends; a blank type or id: a standalone note. */
export interface NewNote {
  content: string;
  shareWithClient?: boolean;
  attachableType?: NoteAttachableType | '';
  attachableId?: string;
}

/** The note form (online): the same write the outbox sends, made now. */
export const useCreateNote = () =>
  useWriteMutation(noteCreateWrite, (body: NewNote): NoteCreateChange => ({
    kind: 'noteCreate',
    id: crypto.randomUUID(),
    content: body.content,
    shareWithClient: body.shareWithClient,
    attachableType: body.attachableType || undefined,
    attachableId: body.attachableId || undefined,
    at: madeNow(),
  }));

export const useUpdateNote = () =>
  useWriteMutation(
    noteUpdateWrite,
    ({ id, content, shareWithClient }: UpdateNoteInput & { id: string }): NoteUpdateChange => ({
      kind: 'noteUpdate',
      id,
      content,
      shareWithClient,
    }),
  );

export function useDeleteNote() {
  const queryClient = useQueryClient();
  return useMutationThatInvalidates(
    (id: string) => del('/notes/:id', { param: { id } }),
    () => [noteKeys.lists()],
    (_data, id) => queryClient.removeQueries({ queryKey: noteKeys.detail(id) }),
  );
}
