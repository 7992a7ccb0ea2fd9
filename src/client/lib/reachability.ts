// Whether the server can be reached, decided from what requests do and not from
// `navigator.onLine` alone: a phone with bars but no data (or behind a captive portal) says it is
// online while every request fails. A request that gets no answer from our server (a network
// error, a time-out, a 5xx, a page that is not ours) marks the app unreachable; from then on only
// a light probe of `/api/health`, with backoff, decides when it is back. While unreachable the
// query cache pauses its requests (api/query-client.ts) and the outbox waits (api/outbox.ts), so a
// dead network costs one probe every few seconds. Framework-free; `api()` (api/http.ts) reports each request's outcome here once the signed-in
// app's query cache has loaded (api/query-client.ts).

export const HEALTH_PATH = '/api/health';
/** The probe is light: an answer slower than this is no answer. */
const PROBE_TIMEOUT_MS = 5000;
/** After a failure, the server is asked whether it is back after this long, then twice as long each time… */
export const REACHABILITY_PROBE_FIRST_MS = 1000;
/** …up to this. */
export const REACHABILITY_PROBE_MAX_MS = 10_000;

let failed = false;
let probeTimer: ReturnType<typeof setTimeout> | undefined;
let probeDelay = 0;
let probing = false;
const listeners = new Set<() => void>();

const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/** true when the browser has a network and no request has failed since the server last answered. */
export const isReachable = () => browserOnline() && !failed;

/** Calls `listener` whenever `isReachable()` may have changed. */
export function subscribeReachability(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function notify() {
  for (const listener of [...listeners]) listener();
}

/** A request got no answer from our server: unreachable until a probe says otherwise. */
export function reportUnreachable() {
  if (!failed) {
    failed = true;
    notify();
  }
  if (!probeTimer && !probing) scheduleProbe();
}

/** Our server answered a request (any status, with our JSON): it is reachable. */
export function reportReachable() {
  // A real answer, not only the probe's: the next failure is probed soon again. (A probe alone
  // keeps the backoff, so one request that keeps failing does not flip the app every second.)
  probeDelay = 0;
  markReachable();
}

function markReachable() {
  clearTimeout(probeTimer);
  probeTimer = undefined;
  if (!failed) return;
  failed = false;
  notify();
}

/** Stops the probe's timer (a test's page going away). */
export function stopProbing() {
  clearTimeout(probeTimer);
  probeTimer = undefined;
}

function scheduleProbe() {
  probeDelay = Math.min(REACHABILITY_PROBE_MAX_MS, probeDelay ? probeDelay * 2 : REACHABILITY_PROBE_FIRST_MS);
  probeTimer = setTimeout(() => void probe(), probeDelay);
}

/**
 * Asks `/api/health` now (after a failure; else answers at once): reachable on its
 * `{ status: 'ok' }`, else the next probe is scheduled. 'Sync now' calls it rather than wait.
 */
export async function probe(): Promise<boolean> {
  clearTimeout(probeTimer);
  probeTimer = undefined;
  if (!failed) return isReachable();
  // With no network at all the browser's `online` event asks again; nothing to try meanwhile.
  if (!browserOnline() || probing) return false;
  probing = true;
  let answered = false;
  try {
    const response = await fetch(HEALTH_PATH, {
      cache: 'no-store',
      credentials: 'omit',
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    const body = (await response.json().catch(() => null)) as { status?: unknown } | null;
    answered = response.ok && body?.status === 'ok';
  } catch {
    // still no answer
  } finally {
    probing = false;
  }
  if (answered) markReachable();
  else if (failed && !probeTimer) scheduleProbe();
  return answered;
}

if (typeof window !== 'undefined' && typeof window.addEventListener === 'function') {
  window.addEventListener('offline', notify);
  // The network is back, or the person is looking at the app again: ask now, not at the next backoff.
  const askNow = () => {
    notify();
    if (failed) {
      probeDelay = 0;
      void probe();
    }
  };
  window.addEventListener('online', askNow);
  window.addEventListener('focus', askNow);
}
