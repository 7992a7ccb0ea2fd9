import { AUTH_MESSAGES } from './auth-messages';

/** better-auth's id for "Sign in with Google": POST /api/auth/sign-in/social { provider }, callback /api/auth/callback/google. */
export const GOOGLE_PROVIDER_ID = 'google';

/** Which button the user pressed; failures return to that page. */
export type GoogleIntent = 'sign-in' | 'sign-up';

/** The `error` better-auth sends back when an e-mail/password account exists and the provider did not verify the e-mail. */
export const GOOGLE_NOT_LINKED_ERROR = 'account_not_linked';

/**
 * Our error code, instead of `account_not_linked`, when Google vouched for the address and the
 * account with it was never verified: its owner was sent a link to claim it.
 */
export const GOOGLE_UNVERIFIED_ACCOUNT_ERROR = 'unverified_account';

export const GOOGLE_MESSAGES = {
  notLinked:
    'An account with this e-mail address already exists, and Google did not confirm that the address is yours. ' +
    'Sign in with your e-mail and password instead.',
  denied: 'Google sign-in was cancelled, or Google did not allow it.',
  unverifiedAccount: 'An account with this e-mail exists but was never verified. We sent it a link.',
} as const;

/**
 * spec §8: what /login or /signup shows after a failed Google round trip, chosen by the
 * `?error=` code better-auth appends. Only our own fixed sentences are ever shown: words from
 * the address (`error_description`) could be anyone's.
 */
export function googleFailureMessage(intent: GoogleIntent, error: string): string {
  if (error === GOOGLE_NOT_LINKED_ERROR) return GOOGLE_MESSAGES.notLinked;
  if (error === GOOGLE_UNVERIFIED_ACCOUNT_ERROR) return GOOGLE_MESSAGES.unverifiedAccount;
  if (error === 'access_denied') return GOOGLE_MESSAGES.denied;
  return intent === 'sign-up' ? AUTH_MESSAGES.googleSignUpFailed : AUTH_MESSAGES.googleSignInFailed;
}
