import { GOOGLE_PROVIDER_ID } from '../../shared/google';
import { api } from './http';

// better-auth's e-mail and Google endpoints. Apart from session.ts (and TanStack Query) so that
// /login and /signup can call them without loading the query cache.

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
