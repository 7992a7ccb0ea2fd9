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

describe('the outbox and workspaces', () => {
  let online = false;
  const sent: { path: string; headers: Record<string, string> }[] = [];

  beforeEach(() => {
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
        sent.push({ path, headers: init.headers as Record<string, string> });
        return Response.json({ id: 'task-1', visitId: 'visit-1', version: 2, status: 'completed' });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

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
