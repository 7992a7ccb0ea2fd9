import type { QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { createStore, del, entries, set, clear } from 'idb-keyval';
import type { NoteAttachableType, PhotoAttachableType, VisitStatus, VisitTaskStatus } from '../../shared/constants';
import type { MeDto } from '../../shared/schemas/auth';
import type { Page } from '../../shared/schemas/common';
import type { NoteDto } from '../../shared/schemas/notes';
import type { MyVisitsDto, VisitDetailDto, VisitTaskDto } from '../../shared/schemas/visits';
import { tabWorkspaceId, WORKSPACE_HEADER } from './current-workspace';
import { api, ApiError, errorMessage, uploadForm } from './http';
import { areaKeys } from './keys';
import { noteKeys } from './notes';
import { photoKeys } from './photos';
import { visitKeys } from './visits';

// Issue 17, the outbox: the field writes (ticking a task, a visit's status, adding or editing a
// note, taking a photo) are queued in IndexedDB, applied at once to the query cache, and sent in
// the order they were made, now if the network is there, else when it returns. Each carries an
// Idempotency-Key made when it was queued, so a replay after a lost answer changes nothing twice;
// creates carry their own id. A 4xx marks that item failed (Retry / Discard) and the rest carry
// on; a 409 marks it a conflict ('Changed by someone else'); no answer at all stops the run and
// retries with backoff. Each change keeps the workspace it was made in (issue 24) and is sent
// there, whichever workspace the tab is in when the queue drains.

export type OutboxChange =
  | {
      kind: 'visitTask';
      visitId: string;
      taskId: string;
      taskName: string;
      status: VisitTaskStatus;
      previous: VisitTaskStatus;
      version: number;
    }
  | {
      kind: 'visitStatus';
      visitId: string;
      propertyName: string;
      status: VisitStatus;
      previous: VisitStatus;
      version: number;
    }
  | { kind: 'noteCreate'; id: string; content: string; attachableType: NoteAttachableType; attachableId: string }
  | { kind: 'noteUpdate'; id: string; content: string }
  | {
      kind: 'photo';
      id: string;
      blob: Blob;
      fileName: string;
      attachableType: PhotoAttachableType;
      attachableId: string;
    };

export interface OutboxItem {
  /** The IndexedDB key; sorts in the order the changes were made. */
  key: string;
  /** Sent as Idempotency-Key: the same for every attempt of the same body. */
  idempotencyKey: string;
  queuedAt: number;
  /** The tab's workspace when the change was made, sent as `X-Workspace`; absent: the user's default. */
  workspaceId?: string;
  change: OutboxChange;
  /** pending: to send; failed: refused (4xx), waits for Retry or Discard; conflict: a 409. */
  state: 'pending' | 'failed' | 'conflict';
  attempts: number;
  error: string | null;
  /** The server's record when the change met a newer version (409). */
  current?: VisitTaskDto | VisitDetailDto;
}

const store = createStore('rounds-outbox', 'items');
let items: OutboxItem[] = [];
let loaded: Promise<void> | null = null;
let client: QueryClient | null = null;
const listeners = new Set<() => void>();
let sequence = 0;

function publish(next: OutboxItem[]) {
  items = next;
  for (const listener of listeners) listener();
}

async function save(item: OutboxItem) {
  await set(item.key, item, store);
  publish(
    items.some((old) => old.key === item.key)
      ? items.map((old) => (old.key === item.key ? item : old))
      : [...items, item],
  );
}

async function drop(item: OutboxItem) {
  await del(item.key, store);
  publish(items.filter((old) => old.key !== item.key));
}

/** The queue, as React state. */
export function useOutbox(): OutboxItem[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => items,
  );
}

/** Loads the queue kept in IndexedDB, and drains it now and whenever the network comes back. */
export function startOutbox(queryClient: QueryClient): Promise<void> {
  client = queryClient;
  loaded ??= (async () => {
    const stored = await entries<string, OutboxItem>(store);
    publish(stored.map(([, item]) => item).sort((a, b) => (a.key < b.key ? -1 : 1)));
    window.addEventListener('online', () => void drain());
    void drain();
  })();
  return loaded;
}

/** Queues one change, shows it at once in the cache, and tries to send it. */
export async function enqueue(change: OutboxChange): Promise<OutboxItem> {
  // The screen changes first; the queue is written right after.
  if (client) applyOptimistic(client, change);
  if (loaded) await loaded;
  sequence += 1;
  const workspaceId = tabWorkspaceId();
  const item: OutboxItem = {
    key: `${String(Date.now()).padStart(15, '0')}-${String(sequence).padStart(6, '0')}`,
    idempotencyKey: crypto.randomUUID(),
    queuedAt: Date.now(),
    ...(workspaceId ? { workspaceId } : {}),
    change,
    state: 'pending',
    attempts: 0,
    error: null,
  };
  await save(item);
  void drain();
  return item;
}

// ── sending ──

let running: Promise<void> | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let backoffMs = 0;
const MAX_BACKOFF_MS = 60_000;

/** Sends the pending items in order; one run at a time. */
export function drain(): Promise<void> {
  running ??= run().finally(() => {
    running = null;
  });
  return running;
}

/** Resolves once nothing is pending (or the network is gone): for tests and the bench. */
export async function settled(): Promise<void> {
  while (running) await running;
}

async function run() {
  if (loaded) await loaded;
  clearTimeout(retryTimer);
  const tried = new Set<string>();
  let sent = 0;
  for (;;) {
    if (typeof navigator !== 'undefined' && !navigator.onLine) break;
    const item = items.find((candidate) => candidate.state === 'pending' && !tried.has(candidate.key));
    if (!item) break;
    tried.add(item.key);
    try {
      const result = await send(item);
      await drop(item);
      afterSent(item, result);
      sent += 1;
      backoffMs = 0;
    } catch (error) {
      const attempts = item.attempts + 1;
      const transient =
        !(error instanceof ApiError) ||
        error.status === 0 ||
        error.status >= 500 ||
        error.status === 429 ||
        // 409 with no record: the same key is still being answered by another copy of the request.
        (error.status === 409 && !error.current);
      if (transient) {
        // No answer, or the server could not cope: keep the order, try again later.
        await save({ ...item, attempts, error: errorMessage(error, 'Could not reach the server') });
        backoffMs = Math.min(MAX_BACKOFF_MS, backoffMs ? backoffMs * 2 : 2000);
        retryTimer = setTimeout(() => void drain(), backoffMs);
        break;
      }
      if (error.status === 409 && error.current) {
        await save({
          ...item,
          attempts,
          state: 'conflict',
          error: error.message,
          current: error.current as OutboxItem['current'],
        });
      } else {
        await save({ ...item, attempts, state: 'failed', error: error.message });
      }
    }
  }
  if (sent > 0 && client) {
    await Promise.all(
      [visitKeys.all, noteKeys.lists(), photoKeys.all, areaKeys.properties].map((queryKey) =>
        client?.invalidateQueries({ queryKey }),
      ),
    );
  }
}

function send(item: OutboxItem): Promise<unknown> {
  const headers: Record<string, string> = {
    'Idempotency-Key': item.idempotencyKey,
    ...(item.workspaceId ? { [WORKSPACE_HEADER]: item.workspaceId } : {}),
  };
  const change = item.change;
  switch (change.kind) {
    case 'visitTask':
      return api<VisitTaskDto>(`/api/visits/${change.visitId}/tasks/${change.taskId}`, {
        method: 'PATCH',
        headers,
        body: { status: change.status, version: change.version },
      });
    case 'visitStatus':
      return api<VisitDetailDto>(`/api/visits/${change.visitId}`, {
        method: 'PATCH',
        headers,
        body: { status: change.status, version: change.version },
      });
    case 'noteCreate':
      return api<NoteDto>('/api/notes', {
        method: 'POST',
        headers,
        body: {
          id: change.id,
          content: change.content,
          attachableType: change.attachableType,
          attachableId: change.attachableId,
        },
      });
    case 'noteUpdate':
      return api<NoteDto>(`/api/notes/${change.id}`, { method: 'PATCH', headers, body: { content: change.content } });
    case 'photo': {
      const form = new FormData();
      form.set('id', change.id);
      form.set('caption', '');
      form.set('attachableType', change.attachableType);
      form.set('attachableId', change.attachableId);
      form.set('file', change.blob, change.fileName);
      return uploadForm('/api/photos', form, undefined, headers);
    }
  }
}

/**
 * The cache to show a change's result in: the tab's, when the change was made in the workspace the
 * tab is in now (the cache's entries belong to that workspace: api/query-client.ts).
 */
function cacheFor(item: OutboxItem): QueryClient | null {
  return (item.workspaceId ?? null) === tabWorkspaceId() ? client : null;
}

/** The server's answer replaces the guess; later changes to the same record build on its new version. */
function afterSent(item: OutboxItem, result: unknown) {
  const change = item.change;
  const shown = cacheFor(item);
  if (change.kind === 'visitTask') {
    const task = result as VisitTaskDto;
    if (shown) replaceTask(shown, task);
    rebase((other) => other.kind === 'visitTask' && other.taskId === task.id, change.version, task.version);
  } else if (change.kind === 'visitStatus') {
    const visit = result as VisitDetailDto;
    if (shown) replaceVisit(shown, visit);
    rebase((other) => other.kind === 'visitStatus' && other.visitId === visit.id, change.version, visit.version);
  }
}

function rebase(sameRecord: (change: OutboxChange) => boolean, from: number, to: number) {
  for (const other of items) {
    const change = other.change;
    if (other.state === 'pending' && sameRecord(change) && 'version' in change && change.version === from) {
      void save({ ...other, change: { ...change, version: to } });
    }
  }
}

// ── the list's choices ──

/**
 * Retry: send a failed item again. With a new key: the server keeps a refusal (4xx) as the answer
 * to its key, and a refused change was not applied, so it cannot be applied twice.
 */
export async function retryItem(item: OutboxItem) {
  await save({ ...item, idempotencyKey: crypto.randomUUID(), state: 'pending', error: null });
  await drain();
}

/** Discard: forget the change and show the server's state again. */
export async function discardItem(item: OutboxItem) {
  await drop(item);
  await client?.invalidateQueries({ queryKey: areaKeys.visits });
  await client?.invalidateQueries({ queryKey: noteKeys.lists() });
}

/** 'Keep mine': send my change again over the version the server has now (a new body: a new key). */
export async function keepMine(item: OutboxItem) {
  const change = item.change;
  if (!item.current || (change.kind !== 'visitTask' && change.kind !== 'visitStatus')) return;
  await save({
    ...item,
    idempotencyKey: crypto.randomUUID(),
    state: 'pending',
    error: null,
    current: undefined,
    change: { ...change, version: item.current.version },
  });
  const shown = cacheFor(item);
  if (shown) applyOptimistic(shown, { ...change, version: item.current.version });
  await drain();
}

/** 'Take theirs': drop my change and show the server's record. */
export async function takeTheirs(item: OutboxItem) {
  await drop(item);
  const shown = cacheFor(item);
  if (shown && item.current) {
    if (item.change.kind === 'visitTask') replaceTask(shown, item.current as VisitTaskDto);
    else replaceVisit(shown, item.current as VisitDetailDto);
  }
}

/** Signing out: nothing of this user's stays on the phone. */
export async function clearOutbox() {
  await clear(store);
  publish([]);
}

// ── the cache, changed at once ──

function updateMyVisits(queryClient: QueryClient, visitId: string, change: (visit: VisitDetailDto) => VisitDetailDto) {
  queryClient.setQueriesData<MyVisitsDto>({ queryKey: visitKeys.mineAll() }, (data) =>
    data ? { ...data, items: data.items.map((visit) => (visit.id === visitId ? change(visit) : visit)) } : data,
  );
  queryClient.setQueryData<VisitDetailDto>(visitKeys.detail(visitId), (visit) => (visit ? change(visit) : visit));
}

function replaceTask(queryClient: QueryClient, task: VisitTaskDto) {
  updateMyVisits(queryClient, task.visitId, (visit) => ({
    ...visit,
    tasks: visit.tasks.map((old) => (old.id === task.id ? task : old)),
  }));
}

function replaceVisit(queryClient: QueryClient, fresh: VisitDetailDto) {
  updateMyVisits(queryClient, fresh.id, (visit) => ({ ...visit, ...fresh, tasks: fresh.tasks ?? visit.tasks }));
}

function applyOptimistic(queryClient: QueryClient, change: OutboxChange) {
  switch (change.kind) {
    case 'visitTask':
      return updateMyVisits(queryClient, change.visitId, (visit) => ({
        ...visit,
        tasks: visit.tasks.map((task) => (task.id === change.taskId ? { ...task, status: change.status } : task)),
      }));
    case 'visitStatus':
      return updateMyVisits(queryClient, change.visitId, (visit) => ({ ...visit, status: change.status }));
    case 'noteCreate': {
      const me = queryClient.getQueryData<MeDto | null>(areaKeys.me);
      const now = new Date().toISOString();
      const note: NoteDto = {
        id: change.id,
        content: change.content,
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
      return queryClient.setQueriesData<Page<NoteDto>>(
        {
          queryKey: noteKeys.lists(),
          predicate: (query) =>
            (query.queryKey[2] as { attachableId?: string } | undefined)?.attachableId === change.attachableId,
        },
        (page) => (page ? { ...page, items: [note, ...page.items], total: page.total + 1 } : page),
      );
    }
    case 'noteUpdate':
      return queryClient.setQueriesData<Page<NoteDto>>({ queryKey: noteKeys.lists() }, (page) =>
        page
          ? {
              ...page,
              items: page.items.map((note) =>
                note.id === change.id ? { ...note, content: change.content, edited: true } : note,
              ),
            }
          : page,
      );
    case 'photo':
      // Shown from the queue itself (its blob), until the server has it: see PendingPhotos.
      return;
  }
}

/** The words for one queued change in the list. */
export function describeChange(change: OutboxChange): string {
  switch (change.kind) {
    case 'visitTask':
      return `${change.taskName}: ${change.status === 'completed' ? 'done' : 'not done'}`;
    case 'visitStatus':
      return `${change.propertyName}: ${change.status === 'in_progress' ? 'visit started' : change.status === 'completed' ? 'visit completed' : change.status}`;
    case 'noteCreate':
      return `New note: ${change.content.slice(0, 60)}`;
    case 'noteUpdate':
      return `Edited note: ${change.content.slice(0, 60)}`;
    case 'photo':
      return `Photo ${change.fileName}`;
  }
}
