import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutboxChange } from '../api/outbox';

// Background Sync in the service worker (outbox-sync.ts): the changes the page queued are sent
// from their kept requests, the same requests the page sends, and settled as the page would.

vi.mock('idb-keyval', () => {
  const stores = new Map<string, Map<string, unknown>>();
  const storeOf = (name: string) => stores.get(name) ?? stores.set(name, new Map()).get(name)!;
  return {
    createStore: (name: string) => name,
    set: async (key: string, value: unknown, store: string) => void storeOf(store).set(key, value),
    del: async (key: string, store: string) => void storeOf(store).delete(key),
    entries: async (store: string) => [...storeOf(store).entries()],
    clear: async (store: string) => storeOf(store).clear(),
  };
});

class MemoryStorage {
  private items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

type Sent = { path: string; method: string; headers: Record<string, string>; body: Record<string, unknown> | null };
type SyncListener = (event: { tag: string; waitUntil: (work: Promise<unknown>) => void }) => void;

describe('Background Sync of the queue', () => {
  const sent: Sent[] = [];
  let me: () => Response;
  let answer: (request: Sent) => Response;
  let onSync: SyncListener | undefined;
  const told: unknown[] = [];

  beforeEach(async () => {
    vi.resetModules();
    const keyval = await import('idb-keyval');
    await keyval.clear(keyval.createStore('rounds-outbox', 'items'));
    sent.length = 0;
    told.length = 0;
    onSync = undefined;
    me = () => Response.json({ id: 'user-a' });
    answer = (request) =>
      Response.json({ id: 'task-1', version: ((request.body?.version as number | undefined) ?? 0) + 1 });
    vi.stubGlobal('sessionStorage', new MemoryStorage());
    vi.stubGlobal('localStorage', new MemoryStorage());
    vi.stubGlobal('window', { addEventListener: () => undefined });
    // The page is offline (it sends nothing); the worker's requests reach the server.
    vi.stubGlobal('navigator', { onLine: false });
    vi.stubGlobal('self', {
      addEventListener: (type: string, listener: SyncListener) => {
        if (type === 'sync') onSync = listener;
      },
      clients: { matchAll: async () => [{ postMessage: (message: unknown) => told.push(message) }] },
      navigator: {},
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string, init: RequestInit) => {
        if (path === '/api/me') return me();
        const request: Sent = {
          path,
          method: init.method ?? 'GET',
          headers: init.headers as Record<string, string>,
          body: typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null,
        };
        sent.push(request);
        return answer(request);
      }),
    );
  });
  afterEach(async () => {
    (await import('../lib/reachability')).stopProbing();
    vi.unstubAllGlobals();
  });

  const tick = (status: 'completed' | 'pending') => ({
    kind: 'visitTask' as const,
    visitId: 'visit-1',
    taskId: 'task-1',
    taskName: 'Clean gutters',
    status,
    previous: status === 'completed' ? ('pending' as const) : ('completed' as const),
    version: 1,
    at: '2030-06-15T09:00:00.000Z',
  });
  const note = (content: string) => ({ kind: 'noteCreate' as const, id: `note-${content}`, content });

  /** The page queues changes offline as `account`. */
  async function queue(account: string, changes: OutboxChange[]) {
    const { queryClient } = await import('../api/query-client');
    const { accountAnswered } = await import('../api/account');
    const outbox = await import('../api/outbox');
    await outbox.startOutbox(queryClient);
    accountAnswered(account);
    const items = [];
    for (const change of changes) items.push(await outbox.enqueue(change));
    await outbox.settled();
    return items;
  }

  /** The browser wakes the worker with the queue's tag; resolves or rejects as its work does. */
  async function sync() {
    await import('./outbox-sync');
    let work: Promise<unknown> = Promise.resolve();
    onSync!({ tag: 'rounds-outbox', waitUntil: (promise) => (work = promise) });
    return work;
  }

  async function kept() {
    const keyval = await import('idb-keyval');
    const items = await keyval.entries<string, { state: string; error: string | null; change: { kind: string } }>(
      keyval.createStore('rounds-outbox', 'items'),
    );
    return items.map(([, item]) => [item.change.kind, item.state, item.error]);
  }

  it("sends the signed-in account's changes in order, as the page would; another account's stay", async () => {
    const [first] = await queue('user-a', [tick('completed'), tick('pending'), note('Gate sticks')]);
    await queue('user-b', [note('Not mine')]);
    expect(sent).toEqual([]);

    await sync();
    expect(sent.map((request) => [request.method, request.path, request.body?.version])).toEqual([
      ['PATCH', '/api/visits/visit-1/tasks/task-1', 1],
      // The second change to the task builds on the version the first one got.
      ['PATCH', '/api/visits/visit-1/tasks/task-1', 2],
      ['POST', '/api/notes', undefined],
    ]);
    expect(sent[0]!.headers['Idempotency-Key']).toBe(first!.idempotencyKey);
    expect(sent[2]!.body).toMatchObject({ id: 'note-Gate sticks', content: 'Gate sticks' });
    expect(await kept()).toEqual([['noteCreate', 'pending', null]]);
    expect(told).toEqual([{ type: 'rounds-outbox-changed' }]);
  });

  it('signed out (401): nothing is sent, nothing is settled', async () => {
    await queue('user-a', [tick('completed')]);
    me = () => Response.json({ error: { code: 'UNAUTHORIZED', message: 'Not authenticated' } }, { status: 401 });
    await sync();
    expect(sent).toEqual([]);
    expect(await kept()).toEqual([['visitTask', 'pending', null]]);
  });

  it('a refusal is kept failed, a newer version a conflict, and no answer stops the run for the browser to retry', async () => {
    await queue('user-a', [tick('completed'), note('Refused'), note('No answer'), note('After')]);
    answer = (request) =>
      request.path.includes('/tasks/')
        ? Response.json(
            { error: { code: 'CONFLICT', message: 'Changed by someone else', current: { id: 'task-1', version: 3 } } },
            { status: 409 },
          )
        : request.body?.content === 'Refused'
          ? Response.json({ error: { code: 'NOT_FOUND', message: 'Visit not found' } }, { status: 404 })
          : new Response('Bad gateway', { status: 502 });
    await expect(sync()).rejects.toThrow();
    expect(sent.map((request) => request.body?.content ?? request.path)).toEqual([
      '/api/visits/visit-1/tasks/task-1',
      'Refused',
      'No answer',
    ]);
    expect(await kept()).toEqual([
      ['visitTask', 'conflict', 'Changed by someone else'],
      ['noteCreate', 'failed', 'Visit not found'],
      ['noteCreate', 'pending', 'Request failed (502)'],
      ['noteCreate', 'pending', null],
    ]);
  });
});
