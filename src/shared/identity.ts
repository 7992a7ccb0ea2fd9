// The pages e-mailed links lead to. The server builds the links (on PUBLIC_URL); the
// client's paths.ts names the same pages.

export const IDENTITY_PAGES = {
  /** Where a followed verification link lands (`?error=` when it could not be used). */
  verifyEmail: '/verify-email',
  /** 'Forgot password?' on /login. */
  forgotPassword: '/forgot-password',
  /** Where a followed reset link lands, with `?token=` (or `?error=`): the new password is set there. */
  resetPassword: '/reset-password',
} as const;

/** `/login?reset=done`: after a password reset, /login says so (a fixed text, never words from the URL). */
export const LOGIN_AFTER_RESET = 'done';

/**
 * Sign-up from an invitation's page (/invitations/{token}) sends the link's secret in this header:
 * the new account is then verified and joins that business, with no workspace of its own.
 */
export const INVITATION_HEADER = 'X-Rounds-Invitation';
