import { AsyncLocalStorage } from 'node:async_hooks';
import { APIError } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { GOOGLE_PROVIDER_ID } from '../../shared/google';
import { AUTH_MESSAGES } from '../../shared/schemas/auth';
import type { Config } from '../config';

// "Sign in with Google" (spec §2, §7) as a plain OpenID Connect provider: better-auth's
// generic OAuth plugin reads the endpoints and signing keys from the issuer's discovery
// document, so GOOGLE_ISSUER can point at Google or at any other OpenID Connect issuer
// (the local one of `npm run idp` and the tests). The browser starts at
// POST /api/auth/sign-in/social { provider: 'google', … } and the provider returns to
// GOOGLE_CALLBACK_PATH.

export const GOOGLE_CALLBACK_PATH = `/api/auth/callback/${GOOGLE_PROVIDER_ID}`;

export const googleDiscoveryUrl = (issuer: string) => `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;

/** The better-auth plugins for Google: none when no client id and secret are configured. */
export function googlePlugins(config: Config) {
  const google = config.google;
  if (!google) return [];
  return [
    genericOAuth({
      config: [
        {
          providerId: GOOGLE_PROVIDER_ID,
          name: 'Google',
          clientId: google.clientId,
          clientSecret: google.clientSecret,
          discoveryUrl: googleDiscoveryUrl(google.issuer),
          scopes: ['openid', 'email', 'profile'],
          pkce: true,
          // Identity comes from the ID token, so only a token signed with the issuer's keys counts.
          requireIdTokenVerification: true,
          // The account's name (and so the profile's display name) is the provider's `name` claim.
          mapProfileToUser: (profile) => {
            const round = googleRound.getStore();
            if (round) {
              round.email = typeof profile.email === 'string' ? profile.email.toLowerCase() : null;
              round.emailVerified = profile.emailVerified === true;
            }
            return { name: typeof profile.name === 'string' ? profile.name.trim() : '' };
          },
        },
      ],
    }),
  ];
}

/** Without a client id, starting a Google sign-in answers the spec's message instead of "provider not found". */
export function googleNotConfigured(config: Config, body: unknown): undefined {
  if (config.google) return undefined;
  if ((body as { provider?: unknown } | undefined)?.provider !== GOOGLE_PROVIDER_ID) return undefined;
  throw new APIError('NOT_IMPLEMENTED', {
    code: 'GOOGLE_NOT_CONFIGURED',
    message: AUTH_MESSAGES.googleNotConfigured,
  });
}

/** What the provider said of the person, read while better-auth handles the callback. */
export interface GoogleRound {
  email: string | null;
  emailVerified: boolean;
}
export const googleRound = new AsyncLocalStorage<GoogleRound>();
