import { dehydrate, QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WORKSPACE_HEADER as SHARED_HEADER } from '../../shared/messages/workspaces';
import { forgetWorkspaces, rememberWorkspace, tabWorkspaceId, WORKSPACE_HEADER } from './current-workspace';
import { restoreUnanswered } from './restore';

// The tab's workspace (sessionStorage) scopes the query cache, so one business's data is
// never shown in another, from memory or from the copy kept in IndexedDB.

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

describe('the workspace of a tab', () => {
  beforeEach(() => {
    vi.stubGlobal('sessionStorage', new MemoryStorage());
    vi.stubGlobal('localStorage', new MemoryStorage());
    forgetWorkspaces();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('names its header as the server reads it', () => {
    expect(WORKSPACE_HEADER).toBe(SHARED_HEADER);
  });

  it('is kept for the tab in sessionStorage, and forgotten on sign-out', () => {
    expect(tabWorkspaceId()).toBeNull();
    rememberWorkspace('ws-a');
    expect(tabWorkspaceId()).toBe('ws-a');
    expect(sessionStorage.getItem('rounds-workspace')).toBe('ws-a');
    forgetWorkspaces();
    expect(tabWorkspaceId()).toBeNull();
    expect(sessionStorage.getItem('rounds-workspace')).toBeNull();
  });

  it('scopes every query but /api/me to the workspace, in memory and in the kept copy', async () => {
    const { queryClient, workspaceScopedHash } = await import('./query-client');
    queryClient.clear();
    const properties = ['properties', 'list', { offset: 0 }];

    rememberWorkspace('ws-a');
    queryClient.setQueryData(properties, ['Maple Cottage']);
    queryClient.setQueryData(['me'], { email: 'ada@example.com' });
    const keptInA = dehydrate(queryClient);

    rememberWorkspace('ws-b');
    expect(queryClient.getQueryData(properties)).toBeUndefined();
    expect(queryClient.getQueryData(['me'])).toEqual({ email: 'ada@example.com' });
    queryClient.setQueryData(properties, ['Birch Lodge']);
    expect(workspaceScopedHash(properties)).not.toBe(workspaceScopedHash(['me']));

    // A page of workspace B restores the copy kept in A: A's list stays A's.
    const fresh = new QueryClient({ defaultOptions: { queries: { queryKeyHashFn: workspaceScopedHash } } });
    await restoreUnanswered(fresh, keptInA);
    expect(fresh.getQueryData(properties)).toBeUndefined();
    rememberWorkspace('ws-a');
    expect(fresh.getQueryData(properties)).toEqual(['Maple Cottage']);
    expect(queryClient.getQueryData(properties)).toEqual(['Maple Cottage']);
    rememberWorkspace('ws-b');
    expect(queryClient.getQueryData(properties)).toEqual(['Birch Lodge']);
  });

  it('is sent as X-Workspace with every request of the signed-in app, a caller’s own header winning', async () => {
    const sent: Record<string, string>[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_path: string, init: RequestInit) => {
        sent.push(init.headers as Record<string, string>);
        return new Response(null, { status: 204 });
      }),
    );
    await import('./query-client'); // the signed-in app's cache sets the default header
    const { api } = await import('./http');
    rememberWorkspace('ws-a');
    await api('/api/properties');
    await api('/api/notes', { headers: { [WORKSPACE_HEADER]: 'ws-queued' } });
    rememberWorkspace(null);
    await api('/api/properties');
    expect(sent.map((headers) => headers[WORKSPACE_HEADER])).toEqual(['ws-a', 'ws-queued', undefined]);
  });
});
