import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { createStore, del, entries, set } from 'idb-keyval';
import { isReachable, subscribeReachability } from '../lib/reachability';
import { answeredAccount, onAccountAnswered } from './account';
import { tabWorkspaceId, WORKSPACE_HEADER } from './current-workspace';
import { ApiError, errorMessage } from './http';
import { noteCreateWrite, noteUpdateWrite, type NoteCreateChange, type NoteUpdateChange } from './notes';
import { photoWrite, type PhotoChange } from './photos';
import {
  onMyWayWrite,
  signatureWrite,
  visitStatusWrite,
  visitTaskWrite,
  type OnMyWayChange,
  type SignatureChange,
  type VisitStatusChange,
  type VisitTaskChange,
} from './visits';
import { areaKeys } from './keys';
import { invalidate, requestOf, sendWrite, type Write } from './write';
import {
  OUTBOX_CHANGED_MESSAGE,
  OUTBOX_DB,
  OUTBOX_LOCK,
  OUTBOX_SYNC_TAG,
  refusalOf,
  type WriteRequest,
} from './write-request';
import type { Me } from './session';

// The outbox: the field writes (ticking a task, a visit's status, adding or editing a
// note, taking a photo) are queued in IndexedDB, applied at once to the query cache, and sent in
// the order they were made, now if the network is there, else when it returns. Each carries an
// Idempotency-Key made when it was queued, so a replay after a lost answer changes nothing twice;
// creates carry their own id. A 4xx marks that item failed (Retry / Discard) and the rest carry
// on; a 409 marks it a conflict ('Changed by someone else'); no answer at all stops the run and
// retries with backoff. Each change keeps the workspace it was made in and is sent
// there, whichever workspace the tab is in when the queue drains.
//
// The queue knows no kind of change. Each is a `Write` defined in its area's file (how
// to send, show, settle and name it); the queue looks it up by `kind`. Items kept by an older
// build have the same kinds and fields, and each write's `upgrade` fills what they lack.
//
// The queue belongs to the account that made its changes (`userId`): only that account sees them,
// and they are sent only once the server has said, in this page, that this account is signed in
// (api/account.ts). Signing out, /clear-auth and an expired session therefore leave them for the
// same account's next sign-in; another account on the same phone neither sees nor sends them.
// Items kept by an older build have no account: they are anyone's, as they were then.
//
// Background Sync: each item also keeps its request as plain data (`request`, made by its write),
// so that the service worker (sw/outbox-sync.ts) can send the account's changes after the tab is
// closed, the same way the page does. Whoever sends holds the lock `OUTBOX_LOCK`, and a page's run
// first takes in what the worker did to the queue meanwhile: no change is sent by both.

export type OutboxChange =
  | VisitTaskChange
  | VisitStatusChange
  | NoteCreateChange
  | NoteUpdateChange
  | PhotoChange
  | SignatureChange
  | OnMyWayChange;

type AnyWrite = Write<OutboxChange, unknown>;

/** Every write the outbox can queue, by kind. */
const WRITES = Object.fromEntries(
  [visitTaskWrite, visitStatusWrite, noteCreateWrite, noteUpdateWrite, photoWrite, signatureWrite, onMyWayWrite].map(
    (write) => [write.kind, write],
  ),
) as Record<OutboxChange['kind'], AnyWrite>;

const writeOf = (change: OutboxChange): AnyWrite => WRITES[change.kind];

export interface OutboxItem {
  /** The IndexedDB key; sorts in the order the changes were made. */
  key: string;
  /** Sent as Idempotency-Key: the same for every attempt of the same body. */
  idempotencyKey: string;
  queuedAt: number;
  /** The tab's workspace when the change was made, sent as `X-Workspace`; absent: the user's default. */
  workspaceId?: string;
  /** The account that made the change: the only one that sees and sends it. */
  userId?: string;
  change: OutboxChange;
  /** pending: to send; failed: refused (4xx), waits for Retry or Discard; conflict: a 409. */
  state: 'pending' | 'failed' | 'conflict';
  attempts: number;
  error: string | null;
  /** The server's record when the change met a newer version (409). */
  current?: unknown;
  /** What sending the change is (its write's request), kept for the service worker's Background Sync. */
  request?: WriteRequest;
}

const store = createStore(...OUTBOX_DB);
let items: OutboxItem[] = [];
let loaded: Promise<void> | null = null;
let client: QueryClient | null = null;
const listeners = new Set<() => void>();
let sequence = 0;
/** The item whose request is in flight: never dropped as superseded. */
let sending: string | null = null;

/** The items of the account on screen (`mine`), what `useOutbox` shows. */
let visible: OutboxItem[] = [];
/** true for a while after a run has sent the last of the account's changes. */
let allSent = false;
let allSentTimer: ReturnType<typeof setTimeout> | undefined;
/** How long 'All changes sent' stays on screen. */
const ALL_SENT_SHOWN_MS = 6000;

function publish(next: OutboxItem[]) {
  items = next;
  visible = items.filter(mine);
  for (const listener of listeners) listener();
}

/** The account whose data is on screen: the server's answer in this page, else the kept session's. */
function accountOnScreen(): string | null {
  const answered = answeredAccount();
  if (answered !== undefined) return answered;
  return client?.getQueryData<Me | null>(areaKeys.me)?.id ?? null;
}

const mine = (item: OutboxItem) => !item.userId || item.userId === accountOnScreen();
/** Sent only when the server has said, in this page, that its account is the one signed in. */
const sendable = (item: OutboxItem) => !item.userId || item.userId === answeredAccount();

async function save(changed: OutboxItem) {
  const item = { ...changed, request: requestOf(writeOf(changed.change), changed.change) };
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

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** The queue of the account on screen, as React state. */
export function useOutbox(): OutboxItem[] {
  return useSyncExternalStore(subscribe, () => visible);
}

/** How many changes are queued on this phone, whoever made them (the sign-in guard's question). */
export function useQueuedOnDevice(): number {
  return useSyncExternalStore(subscribe, () => items.length);
}

/** true for a few seconds after the queue has drained: the phone says 'All changes sent'. */
export function useAllChangesSent(): boolean {
  return useSyncExternalStore(subscribe, () => allSent);
}

function announceAllSent(shown: boolean) {
  clearTimeout(allSentTimer);
  allSent = shown;
  if (shown) allSentTimer = setTimeout(() => announceAllSent(false), ALL_SENT_SHOWN_MS);
  for (const listener of listeners) listener();
}

/** An item as kept by any build: its change brought up to this build's shape; unknown kinds are left out. */
export function upgradeItem(item: OutboxItem): OutboxItem | null {
  const write = WRITES[item.change?.kind];
  if (!write) return null;
  return write.upgrade ? { ...item, change: write.upgrade(item.change, item.queuedAt) } : item;
}

/** Loads the queue kept in IndexedDB, and drains it now and whenever the network comes back. */
export function startOutbox(queryClient: QueryClient): Promise<void> {
  client = queryClient;
  loaded ??= (async () => {
    const stored = await entries<string, OutboxItem>(store);
    publish(stored.flatMap(([, item]) => upgradeItem(item) ?? []).sort((a, b) => (a.key < b.key ? -1 : 1)));
    // The server is reachable again (lib/reachability.ts), or has named the signed-in account:
    // the changes waiting for either go now.
    let wasReachable = isReachable();
    subscribeReachability(() => {
      const reachable = isReachable();
      if (reachable && !wasReachable) onOnline();
      wasReachable = reachable;
    });
    onAccountAnswered(() => {
      publish(items);
      void drain();
    });
    // The kept session restored, or a new answer: the list shown follows the account on screen.
    queryClient.getQueryCache().subscribe((event) => {
      if (event.query.queryKey[0] === areaKeys.me[0] && event.type === 'updated') publish(items);
    });
    // The service worker has sent or settled changes while this page was open.
    if (typeof navigator !== 'undefined' && 'serviceWorker' in navigator) {
      navigator.serviceWorker.addEventListener('message', (event: MessageEvent<{ type?: string } | null>) => {
        if (event.data?.type === OUTBOX_CHANGED_MESSAGE) void exclusively(takeInWorkerChanges);
      });
    }
    void drain();
  })();
  return loaded;
}

/** Queues one change, shows it at once in the cache, and tries to send it. */
export async function enqueue(change: OutboxChange): Promise<OutboxItem> {
  // The screen changes first; the queue is written right after.
  if (client) writeOf(change).apply?.(client, change);
  if (loaded) await loaded;
  sequence += 1;
  const workspaceId = tabWorkspaceId();
  const userId = accountOnScreen();
  const item: OutboxItem = {
    key: `${String(Date.now()).padStart(15, '0')}-${String(sequence).padStart(6, '0')}`,
    idempotencyKey: crypto.randomUUID(),
    queuedAt: Date.now(),
    ...(workspaceId ? { workspaceId } : {}),
    ...(userId ? { userId } : {}),
    change,
    state: 'pending',
    attempts: 0,
    error: null,
  };
  // Changes waiting behind the network that this one makes pointless go unsent (not one being sent now).
  const write = writeOf(change);
  for (const earlier of items) {
    if (
      earlier.key !== sending &&
      earlier.state === 'pending' &&
      earlier.userId === item.userId &&
      write.supersedes?.(change, earlier.change)
    ) {
      await drop(earlier);
    }
  }
  await save(item);
  if (!isReachable()) askForBackgroundSync();
  void drain();
  return item;
}

/** What `submit` came to: sent (with the server's answer), or kept in the queue for later. */
export type Submitted = { sent: true; result: unknown } | { sent: false };

const waiting = new Map<string, { resolve: (outcome: Submitted) => void; reject: (error: unknown) => void }>();

/**
 * Queues a change like `enqueue`, for a form that stays open until it is saved: resolves once it
 * is sent, or once it waits for the network (or a conflict choice) in the queue; a refusal (4xx)
 * is thrown to the form, which shows it where it was made, and the change is not kept.
 */
export async function submit(change: OutboxChange): Promise<Submitted> {
  const item = await enqueue(change);
  return new Promise<Submitted>((resolve, reject) => {
    waiting.set(item.key, { resolve, reject });
    void drain();
  });
}

function answer(
  key: string,
  settle: (waiter: { resolve: (outcome: Submitted) => void; reject: (error: unknown) => void }) => void,
) {
  const waiter = waiting.get(key);
  if (!waiter) return;
  waiting.delete(key);
  settle(waiter);
}

// ── sending ──

let running: Promise<void> | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let backoffMs = 0;
const MAX_BACKOFF_MS = 60_000;

/** Set when a drain is asked for during a run: the run goes round once more (the network may have come back). */
let again = false;

/**
 * The network is back: send now, with no backoff. The attempts made while the phone was offline
 * (or while the network was coming back) must not leave the queue waiting a minute to sync.
 */
function onOnline() {
  backoffMs = 0;
  clearTimeout(retryTimer);
  void drain();
}

/** Sends the pending items in order; one run at a time. */
export function drain(): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    do {
      again = false;
      await run();
    } while (again);
  })().finally(() => {
    running = null;
  });
  return running;
}

/** Resolves once nothing is pending (or the network is gone): for tests and the bench. */
export async function settled(): Promise<void> {
  while (running) await running;
}

/** One sender at a time, across this page, other tabs and the service worker (where the browser has locks). */
function exclusively<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request(OUTBOX_LOCK, task) : task();
}

/**
 * Takes in what another sender (the service worker, another tab) did to the queue since this page
 * read it: the changes it sent are gone (what they settle refetches), the ones it settled or
 * rebased are taken as kept. Run holding the lock, before sending anything.
 */
async function takeInWorkerChanges() {
  if (loaded) await loaded;
  const known = items;
  const stored = new Map(await entries<string, OutboxItem>(store));
  // Sent (gone) or refused by the other sender: the screen shows the server's state again.
  const settled = known.filter((item) => stored.get(item.key)?.state !== item.state);
  // What was queued meanwhile (not yet read above) stays as it is.
  publish(
    items.flatMap((item) => {
      const kept = stored.get(item.key);
      return !known.includes(item) ? [item] : kept ? [upgradeItem(kept) ?? item] : [];
    }),
  );
  if (settled.length === 0) return;
  if (visible.length === 0) announceAllSent(true);
  if (client)
    await invalidate(
      client,
      settled.flatMap((item) => writeOf(item.change).settle(null, item.change, undefined)),
    );
}

/**
 * Asks the browser to wake the service worker when the network is back (Background Sync,
 * Chromium): the queue then drains even if every tab of the app has been closed.
 */
function askForBackgroundSync() {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  void navigator.serviceWorker
    .getRegistration()
    .then((registration) => {
      if (registration && 'sync' in registration) {
        const sync = registration.sync as { register: (tag: string) => Promise<void> };
        return sync.register(OUTBOX_SYNC_TAG);
      }
    })
    .catch(() => undefined);
}

function run() {
  return exclusively(async () => {
    await takeInWorkerChanges();
    await sendQueue();
  });
}

async function sendQueue() {
  if (loaded) await loaded;
  clearTimeout(retryTimer);
  const tried = new Set<string>();
  // The keys the sent changes settle, refetched once the run is over: a refetch in the middle
  // would show the server's state over the changes still waiting behind.
  const stale: QueryKey[] = [];
  let sent = 0;
  for (;;) {
    if (!isReachable()) break;
    const item = items.find(
      (candidate) => candidate.state === 'pending' && !tried.has(candidate.key) && sendable(candidate),
    );
    if (!item) break;
    tried.add(item.key);
    const write = writeOf(item.change);
    try {
      sending = item.key;
      const result = await sendWrite(write, item.change, { headers: headersOf(item) }).finally(() => {
        sending = null;
      });
      await drop(item);
      sent += 1;
      stale.push(...write.settle(cacheFor(item), item.change, result));
      await rebase(item, result);
      backoffMs = 0;
      answer(item.key, (waiter) => waiter.resolve({ sent: true, result }));
    } catch (error) {
      const attempts = item.attempts + 1;
      const refusal = refusalOf(error, Boolean(write.versioned));
      const transient = refusal === 'retry';
      const conflict = refusal === 'conflict';
      // Answered by the server (a 5xx too), not just 'the same key is still being answered'.
      const answered =
        error instanceof ApiError &&
        error.status !== 0 &&
        error.status !== 401 &&
        !conflict &&
        (!transient || error.status !== 409);
      if (waiting.has(item.key) && answered) {
        // Answered with an error while its form waits: the form shows why and the change is not
        // kept (the server made nothing of it). With no answer at all it stays queued, below.
        await drop(item);
        if (client) stale.push(...write.settle(null, item.change, undefined));
        answer(item.key, (waiter) => waiter.reject(error));
        continue;
      }
      if (refusal === 'signedOut') {
        // The session ended: the change waits as it is for the account's next sign-in, which drains it.
        break;
      }
      if (transient) {
        // No answer, or the server could not cope: keep the order, try again later.
        await save({ ...item, attempts, error: errorMessage(error, 'Could not reach the server') });
        askForBackgroundSync();
        backoffMs = Math.min(MAX_BACKOFF_MS, backoffMs ? backoffMs * 2 : 2000);
        retryTimer = setTimeout(() => void drain(), backoffMs);
        // The timer sends it again: not a drain asked for meanwhile (each change made offline asks
        // for one), which would retry at once and double the wait each time.
        again = false;
        break;
      }
      if (conflict && error instanceof ApiError) {
        await save({ ...item, attempts, state: 'conflict', error: error.message, current: error.current });
      } else {
        // Refused: the screen shows the server's state again, not the change (a
        // completion refused for missing evidence must not look completed); the item stays, failed.
        await save({ ...item, attempts, state: 'failed', error: errorMessage(error, 'Refused') });
        stale.push(...write.settle(null, item.change, undefined));
      }
    }
  }
  // What is still queued now waits for the network or a choice: its form need not.
  for (const key of [...waiting.keys()]) {
    if (items.some((item) => item.key === key)) answer(key, (waiter) => waiter.resolve({ sent: false }));
  }
  if (sent > 0 && visible.length === 0) announceAllSent(true);
  if (stale.length > 0 && client) await invalidate(client, stale);
}

function headersOf(item: OutboxItem): Record<string, string> {
  return {
    'Idempotency-Key': item.idempotencyKey,
    ...(item.workspaceId ? { [WORKSPACE_HEADER]: item.workspaceId } : {}),
  };
}

/**
 * The cache to show a change's result in: the tab's, when the change was made in the workspace the
 * tab is in now (the cache's entries belong to that workspace: api/query-client.ts).
 */
function cacheFor(item: OutboxItem): QueryClient | null {
  return (item.workspaceId ?? null) === tabWorkspaceId() ? client : null;
}

/** Later changes to the same record build on the version the server answered. */
async function rebase(sent: OutboxItem, result: unknown) {
  const versioned = writeOf(sent.change).versioned;
  if (!versioned) return;
  const record = versioned.record(sent.change);
  const from = versioned.version(sent.change);
  const to = versioned.versionOf(result);
  for (const other of items) {
    const change = other.change;
    const same = writeOf(change).versioned;
    if (
      other.state === 'pending' &&
      same === versioned &&
      same.record(change) === record &&
      same.version(change) === from
    ) {
      // Saved before the run picks the next item, so it goes with the new version.
      await save({ ...other, change: same.withVersion(change, to) });
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

/** Discard: forget the change and show the server's state again (what its write settles). */
export async function discardItem(item: OutboxItem) {
  await drop(item);
  if (client) await invalidate(client, writeOf(item.change).settle(null, item.change, undefined));
}

/** 'Keep mine': send my change again over the version the server has now (a new body: a new key). */
export async function keepMine(item: OutboxItem) {
  const write = writeOf(item.change);
  const versioned = write.versioned;
  if (!item.current || !versioned) return;
  const change = versioned.withVersion(item.change, versioned.versionOf(item.current));
  await save({
    ...item,
    idempotencyKey: crypto.randomUUID(),
    state: 'pending',
    error: null,
    current: undefined,
    change,
  });
  const shown = cacheFor(item);
  if (shown) write.apply?.(shown, change);
  await drain();
}

/** 'Take theirs': drop my change and show the server's record. */
export async function takeTheirs(item: OutboxItem) {
  await drop(item);
  const shown = cacheFor(item);
  const versioned = writeOf(item.change).versioned;
  if (shown && item.current && versioned) versioned.replace(shown, item.current);
}

/**
 * Discarding the account's unsent changes, the explicit choice of 'Sign out anyway' or of
 * /clear-auth: the account on screen's changes go; another account's stay for its next sign-in.
 */
export async function discardMine() {
  for (const item of items.filter(mine)) await del(item.key, store);
  publish(items.filter((item) => !mine(item)));
}

/** The words for one queued change in the list. */
export function describeChange(change: OutboxChange): string {
  return writeOf(change).describe(change);
}

/** For 'Changed by someone else': what was changed, and my value and the server's. */
export function describeConflict(item: OutboxItem) {
  const versioned = writeOf(item.change).versioned;
  if (!versioned || !item.current) return null;
  return {
    subject: versioned.subject(item.change),
    statusKind: versioned.statusKind,
    mine: versioned.mine(item.change),
    theirs: versioned.theirs(item.current),
  };
}
