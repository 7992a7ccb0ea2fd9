import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { GOOGLE_PROVIDER_ID } from '../../shared/google';
import type { MeDto } from '../../shared/schemas/auth';
import { api, ApiError } from './http';
import { areaKeys } from './keys';

export const sessionKeys = { me: areaKeys.me };

/** The signed-in user, or null when signed out. */
export const meQuery = queryOptions({
  queryKey: sessionKeys.me,
  queryFn: async (): Promise<MeDto | null> => {
    try {
      return await api<MeDto>('/api/me');
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
  staleTime: 60_000,
  retry: 1,
});

export const useMe = () => useQuery(meQuery);

/** better-auth's e-mail and Google endpoints. */
export const authApi = {
  signIn: (body: { email: string; password: string }) =>
    api<unknown>('/api/auth/sign-in/email', { method: 'POST', body }),
  signUp: (body: { email: string; password: string }) =>
    api<unknown>('/api/auth/sign-up/email', { method: 'POST', body: { ...body, name: '' } }),
  signOut: () => api<unknown>('/api/auth/sign-out', { method: 'POST', body: {} }),
  getSession: () => api<{ user: { id: string } } | null>('/api/auth/get-session'),
  /** Starts "Sign in with Google": answers the provider's URL to send the browser to (full URLs on our origin). */
  signInWithGoogle: (body: { callbackURL: string; errorCallbackURL: string }) =>
    api<{ url: string }>('/api/auth/sign-in/social', {
      method: 'POST',
      body: { provider: GOOGLE_PROVIDER_ID, ...body, disableRedirect: true },
    }),
};

/** After signing in or up: load the new user before any guard looks at the cache. */
export const refreshSession = (queryClient: QueryClient) => queryClient.fetchQuery({ ...meQuery, staleTime: 0 });
