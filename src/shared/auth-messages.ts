// spec §8: the sign-in messages. Free of zod, so the app's first chunk can use them.

export const AUTH_MESSAGES = {
  signInFailed: 'Failed to sign in. Please check your credentials.',
  signUpFailed: 'Failed to create account. Please try again.',
  googleSignInFailed: 'Failed to sign in with Google.',
  googleSignUpFailed: 'Failed to sign up with Google.',
  googleNotConfigured: 'Google sign-in is not configured on this server',
  notAuthenticated: 'Not authenticated',
  /** /login after a password reset. */
  passwordChanged: 'Your password has been changed. Sign in with your new password.',
} as const;
