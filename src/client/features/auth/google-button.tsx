import { Button } from '@mantine/core';
import { useEffect, useState } from 'react';
import { googleFailureMessage, type GoogleIntent } from '../../../shared/google';
import { AUTH_MESSAGES } from '../../../shared/auth-messages';
import { errorMessage } from '../../api/http';
import { authApi } from '../../api/auth';
import { paths } from '../../paths';

const LABELS: Record<GoogleIntent, string> = { 'sign-in': 'Sign in with Google', 'sign-up': 'Sign up with Google' };
/** spec §4 busy labels, while the provider's address is fetched and the browser leaves. */
const BUSY_LABELS: Record<GoogleIntent, string> = { 'sign-in': 'Signing in...', 'sign-up': 'Signing up...' };

/**
 * "Sign in with Google" / "Sign up with Google" (spec §2): asks the server for the
 * provider's URL and leaves for it. Success comes back to {origin}/ (Today or the dashboard, by role), failure to
 * this page with ?error= (see `googleFailureFromUrl`). When the server has no Google
 * client the button stays and says so instead of going anywhere.
 */
export function GoogleButton({
  intent,
  onStart,
  onFailure,
}: {
  intent: GoogleIntent;
  onStart: () => void;
  onFailure: (message: string) => void;
}) {
  const [leaving, setLeaving] = useState(false);
  // Back from the provider with the browser's Back button, the page may come from the
  // back/forward cache with this state still set: make the button usable again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  async function onClick() {
    onStart();
    setLeaving(true);
    const origin = window.location.origin;
    try {
      const { url } = await authApi.signInWithGoogle({
        callbackURL: `${origin}${paths.home()}`,
        errorCallbackURL: `${origin}${intent === 'sign-up' ? paths.signup() : paths.login()}`,
      });
      window.location.assign(url);
    } catch (error) {
      const fallback = intent === 'sign-up' ? AUTH_MESSAGES.googleSignUpFailed : AUTH_MESSAGES.googleSignInFailed;
      onFailure(errorMessage(error, fallback));
      setLeaving(false);
    }
  }

  return (
    <Button variant="default" fullWidth disabled={leaving} onClick={() => void onClick()} leftSection={<GoogleMark />}>
      {leaving ? BUSY_LABELS[intent] : LABELS[intent]}
    </Button>
  );
}

/** The message for a failed round trip that better-auth sent back as `?error=`, or null (the description is ignored). */
export function googleFailureFromUrl(intent: GoogleIntent, search: URLSearchParams): string | null {
  const error = search.get('error');
  return error ? googleFailureMessage(intent, error) : null;
}

function GoogleMark() {
  return (
    <svg width="16" height="16" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <path
        fill="#EA4335"
        d="M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z"
      />
      <path
        fill="#FBBC05"
        d="M10.53 28.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92 16.46 0 20.12 0 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z"
      />
    </svg>
  );
}
