import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VisitDetail, MyVisits } from './visits';

// 'On my way' through the outbox: shown at once (the arrival from the phone's clock),
// sent as POST /api/visits/{id}/on-my-way { etaMinutes } with the key it was queued with (the
// same key on every attempt, so the server's replay answer stops a second message), and a
// refusal once the visit has started stays a failed item with the server's reason.

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

const VISIT = {
  id: 'visit-1',
  status: 'scheduled',
  onMyWayAt: null,
  etaAt: null,
  property: { id: 'property-1', name: 'Kestrel Lodge' },
  tasks: [],
} as unknown as VisitDetail;
const MINE = ['visits', 'mine', 'from', 'to'];

let online = false;
const sent: Sent[] = [];
let answer: (request: Sent) => Response;

beforeEach(async () => {
  vi.resetModules();
  const keyval = await import('idb-keyval');
  await keyval.clear(keyval.createStore('rounds-outbox', 'items'));
  online = false;
  sent.length = 0;
  vi.stubGlobal('sessionStorage', new MemoryStorage());
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('window', { addEventListener: () => undefined });
  vi.stubGlobal('navigator', {
    get onLine() {
      return online;
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
      sent.push(request);
      return answer(request);
    }),
  );
});
afterEach(async () => {
  (await import('../lib/reachability')).stopProbing();
  vi.unstubAllGlobals();
});

async function start() {
  const { queryClient } = await import('./query-client');
  const outbox = await import('./outbox');
  const visits = await import('./visits');
  queryClient.setQueryData<MyVisits>(MINE, { items: [VISIT] } as MyVisits);
  await outbox.startOutbox(queryClient);
  const shown = () => queryClient.getQueryData<MyVisits>(MINE)!.items[0]!;
  return { outbox, visits, shown };
}

describe("'On my way' in the outbox", () => {
  it('shows the arrival at once, then sends { etaMinutes } with its key, the same key on a retry', async () => {
    const { outbox, visits, shown } = await start();
    const change = visits.onMyWayChange(VISIT, 30);
    const item = await outbox.enqueue(change);
    await outbox.settled();
    expect(sent).toEqual([]);
    expect(shown().onMyWayAt).toBe(change.at);
    expect(Date.parse(shown().etaAt!) - Date.parse(change.at)).toBe(30 * 60_000);
    expect(outbox.describeChange(change)).toBe('Kestrel Lodge: on my way, 30 min');

    // Back online: the first attempt gets no usable answer, the second is answered.
    online = true;
    const etaAt = '2031-01-01T09:45:00.000Z';
    answer = () => Response.json({ error: { code: 'UNAVAILABLE', message: 'Try again shortly' } }, { status: 503 });
    await outbox.drain();
    answer = (request) =>
      request.path === '/api/health'
        ? Response.json({ status: 'ok', database: 'ok' })
        : Response.json({ ...VISIT, onMyWayAt: '2031-01-01T09:15:00.000Z', etaAt });
    // The 503 made the server unreachable: nothing is sent until the probe finds it back (its
    // timer would do the same), and then the queue goes at once.
    await outbox.drain();
    expect(sent.filter((request) => request.method === 'POST')).toHaveLength(1);
    const { probe } = await import('../lib/reachability');
    expect(await probe()).toBe(true);
    await outbox.settled();
    const posts = sent.filter((request) => request.method === 'POST');
    expect(posts).toHaveLength(2);
    for (const request of posts) {
      expect(request.path).toBe('/api/visits/visit-1/on-my-way');
      expect(request.body).toEqual({ etaMinutes: 30 });
      expect(request.headers['Idempotency-Key']).toBe(item.idempotencyKey);
    }
    // The server's answer is what the card shows; nothing is left in the queue.
    expect(shown().etaAt).toBe(etaAt);
    await outbox.settled();
    const { entries, createStore } = await import('idb-keyval');
    expect(await entries(createStore('rounds-outbox', 'items'))).toEqual([]);
  });

  it('a refusal (the visit has started) stays failed, with the server’s reason', async () => {
    const { outbox, visits } = await start();
    online = true;
    answer = (request) =>
      request.method === 'POST'
        ? Response.json({ error: { code: 'CONFLICT', message: 'This visit has already started.' } }, { status: 409 })
        : Response.json({ items: [{ ...VISIT, status: 'in_progress' }] });
    await outbox.enqueue(visits.onMyWayChange(VISIT, 15));
    await outbox.settled();
    const { entries, createStore } = await import('idb-keyval');
    const kept = (await entries(createStore('rounds-outbox', 'items'))).map(([, item]) => item) as {
      state: string;
      error: string;
    }[];
    expect(kept).toEqual([expect.objectContaining({ state: 'failed', error: 'This visit has already started.' })]);
  });

  it('is dropped unsent when the visit is started before the queue drains', async () => {
    const { outbox, visits } = await start();
    await outbox.enqueue(visits.onMyWayChange(VISIT, 30));
    await outbox.enqueue(visits.statusChange(VISIT, 'in_progress'));
    online = true;
    answer = () => Response.json({ ...VISIT, status: 'in_progress' });
    await outbox.drain();
    await outbox.settled();
    expect(sent.filter((request) => request.path.endsWith('/on-my-way'))).toEqual([]);
    expect(sent.filter((request) => request.method === 'PATCH')).toHaveLength(1);
  });
});
