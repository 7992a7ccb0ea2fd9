import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WORKSPACE_HEADER } from './current-workspace';

// Issue 24: a change queued offline is sent to the workspace it was made in, even when the tab has
// switched to another workspace by the time the queue drains.

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

/** The browser the outbox runs in: storage, `navigator.onLine`, and a `fetch` that records each request and answers it. */
function stubBrowser(server: { online: () => boolean; sent: Sent[]; answer: (request: Sent) => Response }) {
  vi.stubGlobal('sessionStorage', new MemoryStorage());
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('window', { addEventListener: () => undefined });
  vi.stubGlobal('navigator', {
    get onLine() {
      return server.online();
    },
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      const request: Sent = {
        path,
        method: init.method ?? 'GET',
        headers: init.headers as Record<string, string>,
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null,
      };
      server.sent.push(request);
      return server.answer(request);
    }),
  );
}

describe('the outbox and workspaces', () => {
  let online = false;
  const sent: Sent[] = [];
  /** The server's answer to one request; by default a task at version 2. */
  let answer: (request: Sent) => Response;

  beforeEach(() => {
    vi.resetModules(); // a fresh queue (and a fresh IndexedDB stand-in) for each test
    online = false;
    sent.length = 0;
    answer = () => Response.json({ id: 'task-1', visitId: 'visit-1', version: 2, status: 'completed' });
    stubBrowser({ online: () => online, sent, answer: (request) => answer(request) });
  });
  afterEach(async () => {
    (await import('../lib/reachability')).stopProbing();
    vi.unstubAllGlobals();
  });

  it('keeps the workspace a change was made in and sends it there after a switch', async () => {
    const { rememberWorkspace } = await import('./current-workspace');
    const { queryClient } = await import('./query-client');
    const outbox = await import('./outbox');
    await outbox.startOutbox(queryClient);

    rememberWorkspace('ws-field');
    const item = await outbox.enqueue({
      kind: 'visitTask',
      visitId: 'visit-1',
      taskId: 'task-1',
      taskName: 'Clean gutters',
      status: 'completed',
      previous: 'pending',
      version: 1,
    });
    expect(item.workspaceId).toBe('ws-field');
    await outbox.settled();
    expect(sent).toEqual([]); // offline: nothing sent yet

    rememberWorkspace('ws-office'); // the tab switched meanwhile
    online = true;
    await outbox.drain();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.path).toBe('/api/visits/visit-1/tasks/task-1');
    expect(sent[0]!.headers[WORKSPACE_HEADER]).toBe('ws-field');
    expect(sent[0]!.headers['Idempotency-Key']).toBe(item.idempotencyKey);
  });
});

// Issue 25: the outbox is a generic queue over the areas' write objects.
describe('the outbox over the write objects', () => {
  let online = true;
  const sent: Sent[] = [];
  let answer: (request: Sent) => Response;

  beforeEach(async () => {
    vi.resetModules();
    const keyval = await import('idb-keyval');
    await keyval.clear(keyval.createStore('rounds-outbox', 'items'));
    online = true;
    sent.length = 0;
    answer = (request) =>
      Response.json({
        id: 'task-1',
        visitId: 'visit-1',
        version: ((request.body?.version as number | undefined) ?? 0) + 1,
        status: request.body?.status,
      });
    stubBrowser({ online: () => online, sent, answer: (request) => answer(request) });
  });
  afterEach(async () => {
    (await import('../lib/reachability')).stopProbing();
    vi.unstubAllGlobals();
  });

  const tick = (at: string, version = 1) => ({
    kind: 'visitTask' as const,
    visitId: 'visit-1',
    taskId: 'task-1',
    taskName: 'Clean gutters',
    status: 'completed' as const,
    previous: 'pending' as const,
    version,
    at,
  });

  it('sends a change with the time it was made, not the time it is sent', async () => {
    const { queryClient } = await import('./query-client');
    const outbox = await import('./outbox');
    await outbox.startOutbox(queryClient);
    online = false;
    await outbox.enqueue(tick('2030-06-15T09:00:00.000Z'));
    await outbox.enqueue({
      kind: 'noteCreate',
      id: 'note-1',
      content: 'Gate sticks',
      attachableType: 'visit',
      attachableId: 'visit-1',
      at: '2030-06-15T09:01:00.000Z',
    });
    online = true;
    await outbox.drain();
    expect(sent.map((request) => [request.method, request.path, request.body?.at])).toEqual([
      ['PATCH', '/api/visits/visit-1/tasks/task-1', '2030-06-15T09:00:00.000Z'],
      ['POST', '/api/notes', '2030-06-15T09:01:00.000Z'],
    ]);
  });

  it('invalidates the keys the write settles, the same as the online hook', async () => {
    const { queryClient } = await import('./query-client');
    const { visitTaskWrite } = await import('./visits');
    const outbox = await import('./outbox');
    await outbox.startOutbox(queryClient);
    const invalidated: unknown[] = [];
    const spy = vi.spyOn(queryClient, 'invalidateQueries').mockImplementation(async (filters) => {
      invalidated.push(filters?.queryKey);
    });
    await outbox.enqueue(tick('2030-06-15T09:00:00.000Z'));
    await outbox.settled();
    const result = { id: 'task-1', visitId: 'visit-1', version: 2, status: 'completed' };
    expect(invalidated).toEqual(visitTaskWrite.settle(null, tick(''), result as never));
    expect(invalidated).toEqual([['visits'], ['properties']]);
    spy.mockRestore();
  });

  it('reads a queue an older build kept: its change gets the time it was queued, unknown kinds are left out', async () => {
    const keyval = await import('idb-keyval');
    const store = keyval.createStore('rounds-outbox', 'items');
    const queuedAt = Date.parse('2030-06-15T08:30:00.000Z');
    // The shape issue 17's build wrote: no `at`.
    await keyval.set(
      '000001906000000-000001',
      {
        key: '000001906000000-000001',
        idempotencyKey: 'key-1',
        queuedAt,
        change: {
          kind: 'visitTask',
          visitId: 'visit-1',
          taskId: 'task-1',
          taskName: 'Clean gutters',
          status: 'completed',
          previous: 'pending',
          version: 1,
        },
        state: 'pending',
        attempts: 0,
        error: null,
      },
      store,
    );
    await keyval.set(
      '000001906000000-000002',
      { key: '000001906000000-000002', queuedAt, change: { kind: 'retired' }, state: 'pending' },
      store,
    );
    online = false;
    const { queryClient } = await import('./query-client');
    const outbox = await import('./outbox');
    await outbox.startOutbox(queryClient);
    online = true;
    await outbox.drain();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.headers['Idempotency-Key']).toBe('key-1');
    expect(sent[0]!.body).toEqual({ status: 'completed', version: 1, at: '2030-06-15T08:30:00.000Z' });
  });

  it('a change belongs to the account that made it: sent only once the server names that account', async () => {
    const { queryClient } = await import('./query-client');
    const { accountAnswered } = await import('./account');
    const outbox = await import('./outbox');
    await outbox.startOutbox(queryClient);
    accountAnswered('user-a');
    online = false;
    const item = await outbox.enqueue(tick('2030-06-15T09:00:00.000Z'));
    expect(item.userId).toBe('user-a');

    // Another account signs in on the phone: the network is there, the change stays unsent.
    accountAnswered('user-b');
    online = true;
    await outbox.drain();
    expect(sent).toEqual([]);
    accountAnswered(null);
    await outbox.settled();
    expect(sent).toEqual([]);

    // Its own account again: it goes at once.
    accountAnswered('user-a');
    await outbox.settled();
    expect(sent.map((request) => request.path)).toEqual(['/api/visits/visit-1/tasks/task-1']);
  });

  it('builds a second change to the same record on the version the first one got', async () => {
    const { queryClient } = await import('./query-client');
    const outbox = await import('./outbox');
    await outbox.startOutbox(queryClient);
    online = false;
    await outbox.enqueue(tick('2030-06-15T09:00:00.000Z', 1));
    await outbox.enqueue({ ...tick('2030-06-15T09:02:00.000Z', 1), status: 'pending', previous: 'completed' });
    online = true;
    await outbox.drain();
    await outbox.settled();
    expect(sent.map((request) => request.body?.version)).toEqual([1, 2]);
  });

  it('keeps each change with its request, and takes in what the service worker sent meanwhile', async () => {
    const { queryClient } = await import('./query-client');
    const outbox = await import('./outbox');
    await outbox.startOutbox(queryClient);
    online = false;
    await outbox.enqueue(tick('2030-06-15T09:00:00.000Z'));
    await outbox.enqueue({ kind: 'noteUpdate', id: 'note-1', content: 'Gate sticks' });
    const keyval = await import('idb-keyval');
    const store = keyval.createStore('rounds-outbox', 'items');
    const kept = await keyval.entries<string, { key: string; request: unknown }>(store);
    expect(kept.map(([, item]) => item.request)).toEqual([
      {
        method: 'PATCH',
        path: '/api/visits/visit-1/tasks/task-1',
        json: { status: 'completed', version: 1, at: '2030-06-15T09:00:00.000Z' },
        versioned: { record: 'visitTask:task-1', version: 1 },
      },
      { method: 'PATCH', path: '/api/notes/note-1', json: { content: 'Gate sticks' } },
    ]);

    // The worker sent the tick while the page waited for the network: the page sends only the note.
    await keyval.del(kept[0]![1].key, store);
    online = true;
    await outbox.drain();
    await outbox.settled();
    expect(sent.map((request) => request.path)).toEqual(['/api/notes/note-1']);
  });

  it("a task's note is kept and sent as `notes`, the field's one name on the wire", async () => {
    const { queryClient } = await import('./query-client');
    const outbox = await import('./outbox');
    await outbox.startOutbox(queryClient);
    online = false;
    const { status: _status, previous: _previous, ...noStatus } = tick('2030-06-15T09:00:00.000Z');
    await outbox.enqueue({ ...noStatus, notes: 'Gate sticks' });
    const keyval = await import('idb-keyval');
    const kept = await keyval.entries<string, { request: { json: unknown } }>(
      keyval.createStore('rounds-outbox', 'items'),
    );
    const body = { notes: 'Gate sticks', version: 1, at: '2030-06-15T09:00:00.000Z' };
    expect(kept.map(([, item]) => item.request.json)).toEqual([body]);
    online = true;
    await outbox.drain();
    expect(sent.map((request) => request.body)).toEqual([body]);
  });

  it('a 401 leaves the change waiting, untouched, for the next sign-in', async () => {
    const { queryClient } = await import('./query-client');
    const outbox = await import('./outbox');
    await outbox.startOutbox(queryClient);
    answer = () => Response.json({ error: { code: 'UNAUTHORIZED', message: 'Not authenticated' } }, { status: 401 });
    await outbox.enqueue(tick('2030-06-15T09:00:00.000Z'));
    await outbox.settled();
    expect(sent.length).toBeGreaterThan(0);
    const keyval = await import('idb-keyval');
    const kept = await keyval.entries<string, { state: string; error: string | null }>(
      keyval.createStore('rounds-outbox', 'items'),
    );
    expect(kept.map(([, item]) => [item.state, item.error])).toEqual([['pending', null]]);
  });

  it('a form waiting on a change: sent, queued while offline, or refused and not kept', async () => {
    const { queryClient } = await import('./query-client');
    const outbox = await import('./outbox');
    await outbox.startOutbox(queryClient);
    const note = { kind: 'noteUpdate' as const, id: 'note-1', content: 'Gate sticks' };

    await expect(outbox.submit(note)).resolves.toMatchObject({ sent: true });

    online = false;
    await expect(outbox.submit(note)).resolves.toEqual({ sent: false });
    expect(outbox.describeChange(note)).toBe('Edited note: Gate sticks');
    online = true;
    await outbox.drain();

    answer = () => Response.json({ error: { code: 'NOT_FOUND', message: 'Note not found' } }, { status: 404 });
    await expect(outbox.submit(note)).rejects.toThrow('Note not found');
    await outbox.settled();
    // Not kept: nothing waits in 'Pending changes'.
    const keyval = await import('idb-keyval');
    expect(await keyval.entries(keyval.createStore('rounds-outbox', 'items'))).toEqual([]);
  });

  it('a refusal with no form waiting stays in the queue as failed, and the rest carry on', async () => {
    const { queryClient } = await import('./query-client');
    const outbox = await import('./outbox');
    await outbox.startOutbox(queryClient);
    online = false;
    await outbox.enqueue(tick('2030-06-15T09:00:00.000Z'));
    await outbox.enqueue({ kind: 'noteUpdate', id: 'note-1', content: 'Gate sticks' });
    answer = (request) =>
      request.method === 'PATCH' && request.path.includes('/tasks/')
        ? Response.json({ error: { code: 'NOT_FOUND', message: 'Task not found' } }, { status: 404 })
        : Response.json({ id: 'note-1', content: 'Gate sticks' });
    online = true;
    await outbox.drain();
    const keyval = await import('idb-keyval');
    const kept = await keyval.entries<string, { state: string; change: { kind: string } }>(
      keyval.createStore('rounds-outbox', 'items'),
    );
    expect(kept.map(([, item]) => [item.change.kind, item.state])).toEqual([['visitTask', 'failed']]);
    expect(sent).toHaveLength(2);
  });

  it("a completed visit's lock (409 with no record) is a refusal, not retried; a 5xx with a form waiting is told to it", async () => {
    const { queryClient } = await import('./query-client');
    const outbox = await import('./outbox');
    await outbox.startOutbox(queryClient);
    answer = () =>
      Response.json(
        { error: { code: 'CONFLICT', message: 'This visit is completed. Reopen it to make changes.' } },
        { status: 409 },
      );
    await outbox.enqueue(tick('2030-06-15T09:00:00.000Z'));
    await outbox.settled();
    const keyval = await import('idb-keyval');
    const store = keyval.createStore('rounds-outbox', 'items');
    const kept = await keyval.entries<string, { state: string; error: string }>(store);
    expect(kept.map(([, item]) => [item.state, item.error])).toEqual([
      ['failed', 'This visit is completed. Reopen it to make changes.'],
    ]);
    expect(sent).toHaveLength(1);
    await keyval.clear(store);

    answer = () => Response.json({ error: { code: 'INTERNAL', message: 'Database is down' } }, { status: 503 });
    await expect(outbox.submit(tick('2030-06-15T09:05:00.000Z'))).rejects.toThrow('Database is down');
  });
});
