import { queryOptions, useQuery, type FetchQueryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { formatsFor, type Formats } from '../../shared/formats';
import { localityOf } from '../lib/locality';
import { paths } from '../paths';
import { rememberWorkspace, tabWorkspaceId } from './current-workspace';
import { accountAnswered } from './account';
import { ApiError } from './http';
import { areaKeys } from './keys';
import { queryClient as appQueryClient } from './query-client';
import { type Get, get } from './contract';

/** The signed-in account as `GET /api/me` answers it. */
export type Me = Get<'/me'>;

export const sessionKeys = { me: areaKeys.me };

/** The signed-in user, or null when signed out. */
export const meQuery = queryOptions({
  queryKey: sessionKeys.me,
  queryFn: async (): Promise<Me | null> => {
    try {
      const asked = tabWorkspaceId();
      const me = await get('/me');
      accountAnswered(me?.id ?? null);
      // The tab stays in the workspace the server says it is in: the one it asked for,
      // else (no longer the user's: removed, or left in another tab) the user's default, whose
      // dashboard then opens afresh, so nothing of the lost one stays on screen. Only a real answer
      // does this, never a copy restored from IndexedDB.
      const current = me.workspace?.id ?? null;
      rememberWorkspace(current);
      if (asked && current !== asked) window.location.assign(paths.dashboard());
      return me;
    } catch (error) {
      // Only the server's 401 is signed out. No answer (no network, a time-out, a 5xx) throws: the
      // query pauses until the server is reachable again and the kept session stays on screen.
      if (error instanceof ApiError && error.status === 401) {
        accountAnswered(null);
        return null;
      }
      throw error;
    }
  },
  staleTime: 60_000,
  retry: 1,
});

export const useMe = () => useQuery(meQuery);

/** After signing in or up: load the new user before any guard looks at the cache. */
export const refreshSession = (queryClient: QueryClient = appQueryClient) =>
  queryClient.fetchQuery({ ...meQuery, staleTime: 0 });

/**
 * How the current business writes dates, times and amounts (shared/locale.ts' formatters, in its
 * locale, currency and time zone from `/api/me`; en-US, USD and the browser's zone while there is
 * none): every date, time and amount a staff screen shows.
 */
export function useFormats(): Formats {
  return formatsFor(localityOf(useMe().data?.workspace));
}

/** What the user may do in the tab's workspace; null while loading or in none. */
export const useWorkspaceCan = () => useMe().data?.can ?? null;

/**
 * A landing page's list is asked as soon as the sign-in check has answered (signed in), beside
 * the page's first render instead of after it. After, not with it: the answer to `/api/me` names
 * the tab's workspace, which the list's request and cache entry carry, and its locality, which a
 * list of the business's days needs (`options` as a function of the answer).
 */
export function prefetchWhenSignedIn<T, K extends QueryKey>(
  options: FetchQueryOptions<T, Error, T, K> | ((me: Me) => FetchQueryOptions<T, Error, T, K>),
) {
  void appQueryClient
    .ensureQueryData(meQuery)
    .then((me) =>
      me ? appQueryClient.prefetchQuery(typeof options === 'function' ? options(me) : options) : undefined,
    )
    .catch(() => undefined);
}
