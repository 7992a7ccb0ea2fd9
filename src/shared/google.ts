import { AUTH_MESSAGES } from './auth-messages';

/** better-auth's id for "Sign in with Google": POST /api/auth/sign-in/social { provider }, callback /api/auth/callback/google. */
export const GOOGLE_PROVIDER_ID = 'google';

/** Which button the user pressed; failures return to that page. */
export type GoogleIntent = 'sign-in' | 'sign-up';

/** The `error` better-auth sends back when an e-mail/password account exists and the provider did not verify the e-mail. */
export const GOOGLE_NOT_LINKED_ERROR = 'account_not_linked';

export const GOOGLE_MESSAGES = {
  notLinked:
    'An account with this e-mail address already exists, and Google did not confirm that the address is yours. ' +
    'Sign in with your e-mail and password instead.',
} as const;

const MAX_DESCRIPTION_LENGTH = 200;

/**
 * spec §8: what /login or /signup shows after a failed Google round trip, from the
 * `?error=&error_description=` better-auth appends: our own words for the refused
 * link, otherwise the provider's message, otherwise the spec's fallback.
 */
export function googleFailureMessage(intent: GoogleIntent, error: string, description?: string | null): string {
  if (error === GOOGLE_NOT_LINKED_ERROR) return GOOGLE_MESSAGES.notLinked;
  const text = description?.trim();
  if (text) return text.length > MAX_DESCRIPTION_LENGTH ? `${text.slice(0, MAX_DESCRIPTION_LENGTH)}…` : text;
  return intent === 'sign-up' ? AUTH_MESSAGES.googleSignUpFailed : AUTH_MESSAGES.googleSignInFailed;
}
