import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REACHABILITY_PROBE_FIRST_MS } from '../lib/reachability';
import { REQUEST_TIMEOUT_MS } from './http';

// Offline is decided from what requests do: a weak signal (navigator.onLine true, no answers) is
// offline, only our own JSON answers count as the server, and a probe of /api/health says when it
// is back.

type Answer = (path: string, init: RequestInit) => Promise<Response>;

let browserOnline = true;
let answer: Answer;
const asked: string[] = [];

beforeEach(() => {
  vi.resetModules();
  vi.useFakeTimers();
  browserOnline = true;
  asked.length = 0;
  answer = async () => Response.json({ status: 'ok', database: 'ok' });
  vi.stubGlobal('window', { addEventListener: () => undefined });
  vi.stubGlobal('navigator', {
    get onLine() {
      return browserOnline;
    },
  });
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string, init: RequestInit) => {
      asked.push(path);
      return answer(path, init);
    }),
  );
});
afterEach(async () => {
  (await import('../lib/reachability')).stopProbing();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The signed-in app's wiring: its query cache hands each request's outcome to reachability. */
const load = async () => {
  await import('./query-client');
  return { ...(await import('../lib/reachability')), ...(await import('./http')) };
};

describe('reachability', () => {
  it('a request with no answer makes the app offline although the browser says online; the probe brings it back', async () => {
    const { api, isReachable, subscribeReachability } = await load();
    const changes: boolean[] = [];
    subscribeReachability(() => changes.push(isReachable()));
    answer = async () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(api('/api/me')).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
    expect(isReachable()).toBe(false);
    expect(changes).toEqual([false]);

    // The first probe still gets nothing; the next one, later, finds the server.
    await vi.advanceTimersByTimeAsync(REACHABILITY_PROBE_FIRST_MS);
    expect(asked).toEqual(['/api/me', '/api/health']);
    expect(isReachable()).toBe(false);
    answer = async () => Response.json({ status: 'ok', database: 'ok' });
    await vi.advanceTimersByTimeAsync(REACHABILITY_PROBE_FIRST_MS);
    expect(asked).toHaveLength(2); // backoff: twice as long the second time
    await vi.advanceTimersByTimeAsync(REACHABILITY_PROBE_FIRST_MS);
    expect(asked).toEqual(['/api/me', '/api/health', '/api/health']);
    expect(isReachable()).toBe(true);
    expect(changes).toEqual([false, true]);
  });

  it('only our own answer counts: a 401 is the server’s word, a captive portal’s page and a 5xx are no answer', async () => {
    const { api, isReachable, ApiError } = await load();
    answer = async () =>
      Response.json({ error: { code: 'UNAUTHENTICATED', message: 'Not authenticated' } }, { status: 401 });
    await expect(api('/api/me')).rejects.toMatchObject({ status: 401 });
    expect(isReachable()).toBe(true);

    answer = async () =>
      new Response('<html>Sign in to the hotel Wi-Fi</html>', { headers: { 'Content-Type': 'text/html' } });
    const portal = await api('/api/me').catch((error: unknown) => error);
    expect(portal).toBeInstanceOf(ApiError);
    expect(portal).toMatchObject({ status: 0 });
    expect(isReachable()).toBe(false);

    // The portal answers the probe too: still offline.
    await vi.advanceTimersByTimeAsync(REACHABILITY_PROBE_FIRST_MS);
    expect(isReachable()).toBe(false);

    answer = async () => Response.json({ status: 'ok', database: 'ok' });
    await vi.advanceTimersByTimeAsync(2 * REACHABILITY_PROBE_FIRST_MS);
    expect(isReachable()).toBe(true);
    answer = async () => Response.json({ error: { code: 'INTERNAL', message: 'Bad gateway' } }, { status: 502 });
    await expect(api('/api/visits')).rejects.toMatchObject({ status: 502 });
    expect(isReachable()).toBe(false);
  });

  it('a request with no answer in 8 s is a time-out, not a refusal', async () => {
    const { api, isReachable } = await load();
    answer = (_path, init) =>
      new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    const request = api('/api/me').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    expect(await request).toMatchObject({ status: 0, code: 'TIMEOUT' });
    expect(isReachable()).toBe(false);
  });

  it('with no network at all it is offline and does not probe', async () => {
    const { isReachable, reportUnreachable } = await load();
    browserOnline = false;
    expect(isReachable()).toBe(false);
    reportUnreachable();
    await vi.advanceTimersByTimeAsync(10 * REACHABILITY_PROBE_FIRST_MS);
    expect(asked).toEqual([]);
  });
});
