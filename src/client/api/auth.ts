import { GOOGLE_PROVIDER_ID } from '../../shared/google';
import { IDENTITY_PAGES, INVITATION_HEADER } from '../../shared/identity';
import { api } from './http';

// better-auth's e-mail and Google endpoints. Apart from session.ts (and TanStack Query) so that
// /login and /signup can call them without loading the query cache.

export const authApi = {
  signIn: (body: { email: string; password: string }) =>
    api<unknown>('/api/auth/sign-in/email', { method: 'POST', body }),
  signUp: (body: { email: string; password: string }) =>
    api<unknown>('/api/auth/sign-up/email', { method: 'POST', body: { ...body, name: '' } }),
  /**
   * Sign-up from an invitation's page: the link's secret goes along, so the new account is
   * verified and joins that business at once, with no workspace of its own.
   */
  signUpFromInvitation: (token: string, body: { email: string; password: string; name: string }) =>
    api<unknown>('/api/auth/sign-up/email', { method: 'POST', body, headers: { [INVITATION_HEADER]: token } }),
  signOut: () => api<unknown>('/api/auth/sign-out', { method: 'POST', body: {} }),
  getSession: () => api<{ user: { id: string } } | null>('/api/auth/get-session'),
  /** 'Forgot password?'. The same answer whether or not the address has an account. */
  requestPasswordReset: (email: string) =>
    api<unknown>('/api/auth/request-password-reset', {
      method: 'POST',
      body: { email, redirectTo: IDENTITY_PAGES.resetPassword },
    }),
  /** Sets the new password with the e-mailed token; every session of the account ends. */
  resetPassword: (body: { token: string; newPassword: string }) =>
    api<unknown>('/api/auth/reset-password', { method: 'POST', body }),
  /** 'Resend' on the banner: a new verification link to the signed-in account's address. */
  sendVerificationEmail: (email: string) =>
    api<unknown>('/api/auth/send-verification-email', {
      method: 'POST',
      body: { email, callbackURL: IDENTITY_PAGES.verifyEmail },
    }),
  /**
   * 'Verify my e-mail' on the page a verification link opens: proves the address; answers where
   * to go. Opening the page alone (a mail scanner does) proves nothing.
   */
  verifyEmail: (token: string) =>
    api<{ next: string }>(`/api/verify-email/${encodeURIComponent(token)}`, { method: 'POST', body: {} }),
  /** Starts "Sign in with Google": answers the provider's URL to send the browser to (full URLs on our origin). */
  signInWithGoogle: (body: { callbackURL: string; errorCallbackURL: string }) =>
    api<{ url: string }>('/api/auth/sign-in/social', {
      method: 'POST',
      body: { provider: GOOGLE_PROVIDER_ID, ...body, disableRedirect: true },
    }),
};
