// The first GET requests a page is known to make (the signed-in user, the dashboard's lists),
// started by the entry while the page's code is still loading, instead of one after another
// once each component has rendered. `api()` takes a started response once; after a few seconds,
// after any write (signing in changes what /api/me answers), or if it failed, the request is
// simply made again.
//
// This module imports nothing: the entry loads it on every page, /login included.

/** The GET paths pages start early, shared with the queries that read them so the two agree. */
export const earlyPaths = {
  me: '/api/me',
  invitations: '/api/invitations',
  upcomingVisits: (limit: number) => `/api/visits/upcoming?limit=${limit}`,
};

const EARLY_MS = 10_000;
const started = new Map<string, Promise<Response>>();

export function startEarly(paths: readonly string[]) {
  for (const path of paths) {
    if (started.has(path)) continue;
    const response = fetch(path, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
    response.catch(() => undefined); // a failed early request is retried by api(), not reported
    started.set(path, response);
    setTimeout(() => started.delete(path), EARLY_MS);
  }
}

/** The early response for this GET, once; undefined when there is none. */
export function takeEarly(path: string): Promise<Response> | undefined {
  const response = started.get(path);
  started.delete(path);
  return response;
}

/** Any write may change what an early request answered: none of them is used after it. */
export function forgetEarly() {
  started.clear();
}
