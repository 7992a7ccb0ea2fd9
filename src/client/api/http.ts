import type { ErrorBody } from '../../shared/schemas/common';
import type { MissingItem } from '../../shared/evidence';
import { REQUEST_TIMEOUT_MS } from '../../shared/constants';
import { reportReachable, reportUnreachable } from '../lib/reachability';

/** Every failed API call becomes one of these; `message` is what the user sees. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    /** A 409 CONFLICT's current record (issue 17). */
    readonly current?: unknown,
    /** A refused completion's list of what is missing (issue 27). */
    readonly missing?: MissingItem[],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Json = Record<string, unknown> | unknown[];

let defaultHeaders: () => Record<string, string> = () => ({});

/**
 * Headers every request carries from now on, a caller's own winning. Issue 24: the signed-in app
 * sends the tab's workspace (`X-Workspace`, api/query-client.ts); /login and /signup, which load no
 * workspace code, send none.
 */
export function setDefaultHeaders(make: () => Record<string, string>) {
  defaultHeaders = make;
}

const NO_ANSWER = 'Could not reach the server. Check your connection and try again.';

/** No answer from our server: a network error, a time-out, a 5xx or a page that is not ours (status 0 or 5xx). */
export const isNoAnswer = (error: unknown) => !(error instanceof ApiError) || error.status === 0 || error.status >= 500;

/**
 * fetch for our JSON API: same-origin cookies, JSON in and out, errors thrown as ApiError. A
 * request with no answer in `REQUEST_TIMEOUT_MS`, a network error, a 5xx, or an answer that is not
 * our JSON (a captive portal's page) is "no answer" (status 0, or the 5xx) and marks the server
 * unreachable (lib/reachability.ts); only our own 4xx, a 401 included, is the server's word.
 */
export async function api<T>(
  path: string,
  init: Omit<RequestInit, 'body' | 'headers'> & { body?: Json; headers?: Record<string, string> } = {},
): Promise<T> {
  const { body, headers, signal, ...rest } = init;
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), REQUEST_TIMEOUT_MS);
  try {
    return await answerOf<T>(path, signal, timeout.signal, {
      credentials: 'same-origin',
      ...rest,
      signal: signal ? AbortSignal.any([signal, timeout.signal]) : timeout.signal,
      headers: {
        Accept: 'application/json',
        ...(body ? { 'Content-Type': 'application/json' } : {}),
        ...defaultHeaders(),
        ...headers,
      },
      body: body ? JSON.stringify(body) : undefined,
    });
  } finally {
    clearTimeout(timer);
  }
}

const UNREAD = Symbol('unread');

async function answerOf<T>(
  path: string,
  callerSignal: AbortSignal | null | undefined,
  timeout: AbortSignal,
  init: RequestInit,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    // The caller gave up (a query no longer wanted): not a sign of the network.
    if (callerSignal?.aborted) throw error;
    reportUnreachable();
    throw new ApiError(0, timeout.aborted ? 'TIMEOUT' : 'NETWORK', NO_ANSWER);
  }
  if (response.status === 204) {
    reportReachable();
    return undefined as T;
  }
  // Not our JSON, or cut off (the time-out ends the body too): no answer, never an empty success.
  const isJson = (response.headers.get('content-type') ?? '').includes('json');
  const data: unknown = isJson ? await response.json().catch(() => UNREAD) : UNREAD;
  if (data === UNREAD || response.status >= 500) {
    reportUnreachable();
    if (response.status >= 500) throw toApiError(response.status, data === UNREAD ? null : data);
    throw new ApiError(0, timeout.aborted ? 'TIMEOUT' : 'NOT_OUR_SERVER', NO_ANSWER);
  }
  reportReachable();
  if (!response.ok) throw toApiError(response.status, data);
  return data as T;
}

/** Reads our `{ error: { … } }` bodies and better-auth's `{ code, message }` alike. */
function toApiError(status: number, data: unknown): ApiError {
  const ours = (data as ErrorBody | null)?.error;
  if (ours && typeof ours === 'object')
    return new ApiError(status, ours.code, ours.message, ours.fields, ours.current, ours.missing);
  const theirs = data as { code?: string; message?: string } | null;
  if (theirs?.message) return new ApiError(status, theirs.code ?? String(status), theirs.message);
  return new ApiError(status, String(status), `Request failed (${status})`);
}

/**
 * POSTs a multipart form, reporting the share of bytes sent (0–1) as they go: `fetch` cannot
 * report upload progress, XMLHttpRequest can. Errors come back as ApiError, like `api()`.
 */
export function uploadForm<T>(
  path: string,
  form: FormData,
  onProgress?: (sent: number) => void,
  headers: Record<string, string> = {},
): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries({ ...defaultHeaders(), ...headers })) {
      request.setRequestHeader(name, value);
    }
    request.responseType = 'text';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    request.onerror = () => {
      reportUnreachable();
      reject(new ApiError(0, 'NETWORK', NO_ANSWER));
    };
    request.onload = () => {
      if (request.status >= 500) reportUnreachable();
      else reportReachable();
      let data: unknown = null;
      try {
        data = request.responseText ? JSON.parse(request.responseText) : null;
      } catch {
        // not JSON: a proxy's error page
      }
      if (request.status >= 200 && request.status < 300) resolve(data as T);
      else reject(toApiError(request.status, data));
    };
    request.send(form);
  });
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
