import type { ErrorBody } from '../../shared/schemas/common';
import type { MissingItem } from '../../shared/evidence';

/** Every failed API call becomes one of these; `message` is what the user sees. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    /** A 409 CONFLICT's current record. */
    readonly current?: unknown,
    /** A refused completion's list of what is missing. */
    readonly missing?: MissingItem[],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Json = Record<string, unknown> | unknown[];

let defaultHeaders: () => Record<string, string> = () => ({});

/**
 * Headers every request carries from now on, a caller's own winning. The signed-in app
 * sends the tab's workspace (`X-Workspace`, api/query-client.ts); /login and /signup, which load no
 * workspace code, send none.
 */
export function setDefaultHeaders(make: () => Record<string, string>) {
  defaultHeaders = make;
}

export const NO_ANSWER = 'Could not reach the server. Check your connection and try again.';

/** A request with no answer after this long counts as no network (a weak signal), not as a refusal. */
export const REQUEST_TIMEOUT_MS = 8000;

let reportReached: (reached: boolean) => void = () => undefined;

/**
 * Where each request's outcome goes: whether our server answered it. The signed-in app's query
 * cache (api/query-client.ts) hands it to lib/reachability.ts; /login and /signup load neither.
 */
export function reportReachabilityTo(report: (reached: boolean) => void) {
  reportReached = report;
}

/** For requests not made by `api()` (uploads with progress): the default headers under `headers`, and their outcome. */
export const withDefaultHeaders = (headers: Record<string, string>) => ({ ...defaultHeaders(), ...headers });
export const reportReachability = (reached: boolean) => reportReached(reached);

/**
 * fetch for our JSON API: same-origin cookies, JSON in and out, errors thrown as ApiError. A
 * network error, no answer within `REQUEST_TIMEOUT_MS`, a 5xx, or an answer that is not our JSON
 * (a captive portal's page, a body cut off) is no answer: status 0 (or the 5xx), and the server
 * is reported unreachable. Only our own answers, a 401 included, are the server's word. A
 * `FormData` body goes as multipart (the service worker's uploads: it has no XMLHttpRequest).
 */
export async function api<T>(
  path: string,
  init: Omit<RequestInit, 'body' | 'headers' | 'signal'> & {
    body?: Json | FormData;
    headers?: Record<string, string>;
  } = {},
): Promise<T> {
  const { body, headers, ...rest } = init;
  const multipart = typeof FormData === 'function' && body instanceof FormData;
  const timeout = new AbortController();
  // An upload has no time-out (as `uploadForm`, api/upload.ts): a photo on a slow signal may take longer.
  const timer = multipart ? undefined : setTimeout(() => timeout.abort(), REQUEST_TIMEOUT_MS);
  let response: Response | undefined;
  let data: unknown;
  try {
    response = await fetch(path, {
      credentials: 'same-origin',
      ...rest,
      signal: timeout.signal,
      headers: {
        Accept: 'application/json',
        ...(body && !multipart ? { 'Content-Type': 'application/json' } : {}),
        ...defaultHeaders(),
        ...headers,
      },
      body: multipart ? body : body ? JSON.stringify(body) : undefined,
    });
    data = response.status === 204 ? null : await response.json();
  } catch {
    // no answer: below
  } finally {
    clearTimeout(timer);
  }
  const answered = data !== undefined && response!.status < 500;
  reportReached(answered);
  if (response && response.status >= 500) throw toApiError(response.status, data ?? null);
  if (!answered) throw new ApiError(0, timeout.signal.aborted ? 'TIMEOUT' : 'NETWORK', NO_ANSWER);
  if (!response!.ok) throw toApiError(response!.status, data);
  return (response!.status === 204 ? undefined : data) as T;
}

/** Reads our `{ error: { … } }` bodies and better-auth's `{ code, message }` alike. */
export function toApiError(status: number, data: unknown): ApiError {
  const ours = (data as ErrorBody | null)?.error;
  if (ours && typeof ours === 'object')
    return new ApiError(status, ours.code, ours.message, ours.fields, ours.current, ours.missing);
  const theirs = data as { code?: string; message?: string } | null;
  if (theirs?.message) return new ApiError(status, theirs.code ?? String(status), theirs.message);
  return new ApiError(status, String(status), `Request failed (${status})`);
}

export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

/** `?a=1&b=x` from the given values, leaving out undefined and empty ones ('' when none remain). */
export function queryString(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
